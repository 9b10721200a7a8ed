import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes, randomInt } from "node:crypto";
import { test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { encodeObj } from "../../shared/obj.server";
import type { CapturedMail } from "../support/smtp-capture";
import { generate } from "otplib";
import { startSite } from "./servers";
import {
  E2E_HC_BASE_PORT,
  E2E_MAIL_DIR,
  E2E_OBJ_SECRET,
  E2E_OPERATOR,
  E2E_OPERATOR_COOKIE_FILE,
  E2E_ORIGIN,
  E2E_SUPPORT_OPERATOR,
  TEST_TIMEOUT_MS,
} from "../../playwright.config";
import { SIGN_UP_PRIVACY } from "../support/privacy";

export { expect };
export { E2E_ORIGIN, E2E_OPERATOR, E2E_SUPPORT_OPERATOR };

export interface ApiResult {
  status: number;
  body: any;
  setCookie: string[];
}

export interface RequestInit {
  method?: string;
  /** Encoded into `{obj}` with the e2e OBJ_SECRET, the way the web tier sends it. */
  obj?: unknown;
  json?: unknown;
  /** `sid=...` */
  cookie?: string;
}

export interface ApiHelper {
  request(path: string, init?: RequestInit): Promise<ApiResult>;
}

export interface Member {
  name: string;
  email: string;
  password: string;
  mobile: string;
  /** The normalized e-mail local part (dots removed, lower-case), as the server reports it. */
  userName: string;
}

export interface OperatorHelper {
  cookie: string;
  request(path: string, init?: Omit<RequestInit, "cookie">): Promise<ApiResult>;
}

export interface Mailbox {
  /** Waits for a captured mail to `to` whose subject contains `subjectIncludes`; newest match wins. */
  waitFor(to: string, subjectIncludes: string, opts?: { timeout?: number }): Promise<CapturedMail>;
}

async function apiRequest(p: string, init: RequestInit = {}): Promise<ApiResult> {
  return apiRequestAt(E2E_ORIGIN, p, init);
}

/** A call to the API of the server at `origin` (the `{obj}` bodies encoded as the web tier does). */
export async function apiRequestAt(origin: string, p: string, init: RequestInit = {}): Promise<ApiResult> {
  const headers = new Headers();
  if (init.cookie) headers.set("cookie", init.cookie);
  let body: string | undefined;
  if (init.obj !== undefined) body = JSON.stringify({ obj: encodeObj(E2E_OBJ_SECRET, init.obj) });
  else if (init.json !== undefined) body = JSON.stringify(init.json);
  if (body !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(`${origin}${p}`, {
    method: init.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, setCookie: res.headers.getSetCookie() };
}

export const api: ApiHelper = { request: apiRequest };

/** The `sid` value from a login response. */
function sidFrom(setCookie: string[]): string {
  const c = setCookie.find((s) => s.startsWith("sid="));
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return c.split(";")[0]!.slice("sid=".length);
}

/** Logs in through the API; returns the `sid=...` cookie header. */
export async function apiLogin(identifier: string, password: string): Promise<string> {
  const res = await apiRequest("/userRoute/login", {
    obj: { email_userName: identifier, password, loginRemember_state: false },
  });
  if (res.status !== 200)
    throw new Error(`login as ${identifier} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return `sid=${sidFrom(res.setCookie)}`;
}

/** How the server derives a userName from an e-mail (used only when the API cannot tell us). */
export function userNameOf(email: string): string {
  return email.split("@")[0]!.replace(/\./g, "").toLowerCase();
}

export function uniqueEmail(prefix = "m"): string {
  return `${prefix}${Date.now()}${randomBytes(3).toString("hex")}@e2e.test`;
}

export function uniqueMobile(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

/** Signs a fresh member up through the API. `referBy` is the referrer's userName. */
export async function signUpMember(
  opts: { referBy?: string; name?: string; password?: string } = {},
): Promise<Member> {
  const email = uniqueEmail();
  const member = {
    name: opts.name ?? `Member ${randomBytes(2).toString("hex")}`,
    email,
    password: opts.password ?? "member-password-123",
    mobile: uniqueMobile(),
  };
  const res = await apiRequest("/userRoute/signUp", {
    obj: {
      name: member.name,
      mobile_number: Number(member.mobile),
      email_address: member.email,
      password: member.password,
      ...SIGN_UP_PRIVACY,
      ...(opts.referBy ? { refer_by: opts.referBy } : {}),
    },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  // The server's rule (dots removed from the local part, lower-case); the referral spec checks it
  // against the API's own answer, so no extra login is spent here on every new member.
  const userName = userNameOf(email);
  return { ...member, userName };
}

/** Hands a session (`sid=...`) to the page's browser context, as the login's Set-Cookie would. */
async function handSession(page: Page, cookie: string): Promise<string> {
  await page.context().addCookies([
    {
      name: "sid",
      value: cookie.slice("sid=".length),
      domain: "localhost",
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return cookie;
}

/** Logs `member` in through the API and hands the session cookie to the page's browser context. */
export async function loginPage(page: Page, member: { email: string; password: string }): Promise<string> {
  const cookie = await apiLogin(member.email, member.password);
  return handSession(page, cookie);
}

function readMails(): CapturedMail[] {
  const dir = path.resolve(E2E_MAIL_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort();
  const mails: CapturedMail[] = [];
  for (const n of names) {
    try {
      mails.push(JSON.parse(readFileSync(path.join(dir, n), "utf8")) as CapturedMail);
    } catch {
      /* being written; the next poll reads it */
    }
  }
  return mails;
}

export const mailbox: Mailbox = {
  async waitFor(to, subjectIncludes, opts = {}) {
    const deadline = Date.now() + (opts.timeout ?? 10_000);
    const want = to.toLowerCase();
    for (;;) {
      const found = readMails()
        .filter((m) => m.to.toLowerCase() === want && m.subject.includes(subjectIncludes))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no mail to ${to} with subject containing "${subjectIncludes}" within ${opts.timeout ?? 10_000} ms`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  },
};

/** The first http(s) URL in a mail's text. */
export function firstLink(text: string): string {
  const m = /https?:\/\/[^\s"'<>)]+/.exec(text);
  if (!m) throw new Error(`no link in mail: ${text}`);
  return m[0];
}

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.use.isMobile === true;
}

/** The operator's current authenticator code, or the one of the step starting `afterMs` from now. */
export function operatorCode(afterMs = 0): Promise<string> {
  return generate({ secret: E2E_OPERATOR.totpSecret, epoch: Math.floor((Date.now() + afterMs) / 1000) });
}

/** Milliseconds until the next 30-second TOTP step begins. */
export function msToNextStep(): number {
  return 30_000 - (Date.now() % 30_000) + 200;
}

/** The operators global setup signs in once per run: each sign-in spends a one-time code. */
const ROLE_ACCOUNTS = { owner: E2E_OPERATOR, support: E2E_SUPPORT_OPERATOR } as const;
export type OperatorRole = keyof typeof ROLE_ACCOUNTS;

/**
 * Signs every operator role in once through the API (global setup) and stores the cookies in
 * E2E_OPERATOR_COOKIE_FILE: the tests share those sessions instead of spending a code each, so no
 * test waits for the next 30-second step.
 */
export async function signInRolesOnce(): Promise<void> {
  const sessions: Record<string, string> = {};
  for (const [role, account] of Object.entries(ROLE_ACCOUNTS)) sessions[role] = await signInOperator(account);
  mkdirSync(path.dirname(path.resolve(E2E_OPERATOR_COOKIE_FILE)), { recursive: true });
  writeFileSync(path.resolve(E2E_OPERATOR_COOKIE_FILE), JSON.stringify(sessions));
}

/**
 * Signs an operator in through the API of the server at `origin` (password, then the code of their
 * secret); answers the cookie. A code works once per step: when this step's was already used (a
 * run just before), it tries the next step's.
 */
export async function signInOperator(
  account: { email: string; password: string; totpSecret: string },
  origin = E2E_ORIGIN,
): Promise<string> {
  const first = await apiRequestAt(origin, "/userRoute/login", {
    obj: { email_userName: account.email, password: account.password, loginRemember_state: false },
  });
  const ticket = first.body?.second_factor_ticket;
  if (typeof ticket !== "string")
    throw new Error(`operator login gave no ticket: ${first.status} ${JSON.stringify(first.body)}`);
  for (let attempt = 0; ; attempt++) {
    const code = await generate({ secret: account.totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const res = await apiRequestAt(origin, "/userRoute/login_second_factor", { obj: { ticket, code } });
    if (res.status === 200) return `sid=${sidFrom(res.setCookie)}`;
    if (attempt >= 1)
      throw new Error(`operator second factor failed: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, msToNextStep()));
  }
}

/** The session cookie (`sid=...`) of an operator role, signed in once by global setup. */
export function operatorCookie(role: OperatorRole = "owner"): string {
  const sessions = JSON.parse(readFileSync(path.resolve(E2E_OPERATOR_COOKIE_FILE), "utf8")) as Record<
    string,
    string
  >;
  const cookie = sessions[role];
  if (!cookie) throw new Error(`no ${role} session in ${E2E_OPERATOR_COOKIE_FILE}: global setup signs it in`);
  return cookie;
}

/**
 * A member's id, through the operator's search by e-mail (the owner's session unless `cookie` is
 * given; the server at `origin`).
 */
export async function memberIdByEmail(
  email: string,
  cookie = operatorCookie(),
  origin = E2E_ORIGIN,
): Promise<string> {
  const res = await apiRequestAt(origin, `/adminRoute/members?q=${encodeURIComponent(email)}&by=email`, {
    cookie,
  });
  const id = res.body?.msg?.records?.[0]?.id;
  if (typeof id !== "string")
    throw new Error(`member ${email} not found: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** Hands a session (`sid=...`) to the page's browser context. */
export function handSessionTo(page: Page, cookie: string): Promise<string> {
  return handSession(page, cookie);
}

/** Hands the operator's session to the page's browser context. */
export async function loginOperatorPage(page: Page): Promise<string> {
  const cookie = operatorCookie();
  return handSession(page, cookie);
}

async function operatorHelper(): Promise<OperatorHelper> {
  const cookie = operatorCookie();
  return { cookie, request: (p, init = {}) => apiRequest(p, { ...init, cookie }) };
}

interface Fixtures {
  api: ApiHelper;
  newMember: (opts?: { referBy?: string; name?: string; password?: string }) => Promise<Member>;
  loginAs: (page: Page, member: { email: string; password: string }) => Promise<string>;
  operator: OperatorHelper;
  mailbox: Mailbox;
  /** Adds `rupees` to the member's balance: the operator makes a one-use gift code, the member claims it. */
  giveBalance: (member: Member, rupees: number) => Promise<void>;
}

interface WorkerFixtures {
  /**
   * The origin of the site with the human check on and its page cache kept 5 s (tests/e2e/servers.ts):
   * started the first time a test of this worker asks for it, on E2E_HC_BASE_PORT + the worker's
   * parallel index, and stopped with the worker.
   */
  humanCheckSite: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  humanCheckSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const site = await startSite({
        port: E2E_HC_BASE_PORT + workerInfo.parallelIndex,
        env: { HUMAN_CHECK: "altcha", SEED_DEMO: "off", PAGE_CACHE_SECONDS: "5" },
      });
      try {
        await provide(site.origin);
      } finally {
        await site.stop();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  api: async ({}, provide) => {
    await provide(api);
  },
  // eslint-disable-next-line no-empty-pattern
  newMember: async ({}, provide) => {
    await provide(signUpMember);
  },
  // eslint-disable-next-line no-empty-pattern
  loginAs: async ({}, provide) => {
    await provide(loginPage);
  },
  // eslint-disable-next-line no-empty-pattern
  operator: async ({}, provide) => {
    await provide(await operatorHelper());
  },
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, provide) => {
    await provide(mailbox);
  },
  // eslint-disable-next-line no-empty-pattern
  giveBalance: async ({}, provide) => {
    let ops: OperatorHelper | undefined;
    await provide(async (member, rupees) => {
      ops ??= await operatorHelper();
      const cookie = await apiLogin(member.email, member.password);
      // In gift codes of at most ₹10,000 (the default gift-code threshold): a larger code opens
      // only after a day (ADR 0030). Milli-rupees, so the parts add up exactly.
      let left = Math.round(rupees * 1000);
      while (left > 0) {
        const part = Math.min(left, 10_000_000);
        left -= part;
        const code = `E2E${Date.now()}${randomBytes(3).toString("hex")}`.toUpperCase();
        const created = await ops.request("/adminRoute/giftCodes", {
          json: {
            code,
            amount: (part / 1000).toFixed(3),
            claim_limit: 1,
            expires_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
          },
        });
        if (created.status !== 200)
          throw new Error(`gift code create failed: ${created.status} ${JSON.stringify(created.body)}`);
        const claimed = await apiRequest("/userIncomeRoute/user_giftCode_verify_and_patch", {
          method: "PATCH",
          json: { giftCode_state: code },
          cookie,
        });
        if (claimed.status !== 200)
          throw new Error(`gift code claim failed: ${claimed.status} ${JSON.stringify(claimed.body)}`);
      }
    });
  },
});

/** The page's toast (the text is checked without waiting for visibility: toasts close by themselves). */
export function toast(page: Page) {
  return page.getByTestId("toast");
}

export function loginForm(page: Page) {
  return page.getByRole("form", { name: "Login" });
}

/** Fills and sends the login form as a visitor would. */
export async function submitLoginForm(
  page: Page,
  identifier: string,
  password: string,
  opts: { remember?: boolean } = {},
) {
  const form = loginForm(page);
  await form.getByLabel("Email or Username", { exact: true }).fill(identifier);
  await form.getByLabel("Password", { exact: true }).fill(password);
  if (opts.remember) await form.getByRole("checkbox", { name: "Remember Me" }).check();
  await form.getByRole("button", { name: "Login", exact: true }).click();
}

export interface SignUpFields {
  name: string;
  mobile: string;
  email: string;
  password: string;
  confirm?: string;
  terms?: boolean;
  /** Issue 44: the date of birth (an adult's unless given) and the privacy notice's box (ticked unless false). */
  dateOfBirth?: string;
  privacy?: boolean;
}

export function signUpForm(page: Page) {
  return page.getByRole("form", { name: "Sign Up" });
}

/** The sign-up form's fields, by their labels. */
export function signUpFields(page: Page) {
  const form = signUpForm(page);
  return {
    name: form.getByLabel("Name", { exact: true }),
    mobile: form.getByLabel("Mobile Number", { exact: true }),
    email: form.getByLabel("Email", { exact: true }),
    password: form.getByLabel("Password", { exact: true }),
    confirm: form.getByLabel("Confirm Password", { exact: true }),
    terms: form.getByRole("checkbox", { name: /I agree/ }),
    dateOfBirth: form.getByLabel("Date of birth", { exact: true }),
    privacy: form.getByRole("checkbox", { name: /privacy notice/ }),
    submit: form.getByRole("button", { name: "Sign Up", exact: true }),
  };
}

/** Fills the sign-up form, then presses Sign Up. */
export async function submitSignUpForm(page: Page, f: SignUpFields) {
  const fields = signUpFields(page);
  await fields.name.fill(f.name);
  await fields.mobile.fill(f.mobile);
  await fields.email.fill(f.email);
  await fields.password.fill(f.password);
  await fields.confirm.fill(f.confirm ?? f.password);
  if (f.terms !== false) await fields.terms.check();
  await fields.dateOfBirth.fill(f.dateOfBirth ?? "1990-01-15");
  if (f.privacy !== false) await fields.privacy.check();
  await fields.submit.click();
}

/** A fresh, not-yet-registered member's details. */
export function freshDetails(): { name: string; mobile: string; email: string; password: string } {
  return {
    name: "Asha Verma",
    mobile: uniqueMobile(),
    email: uniqueEmail("u"),
    password: "fresh-password-123",
  };
}

/** A long test's budget: `n` times every test's (TEST_TIMEOUT_MS), so the two move together. */
export const testBudget = (n: number) => n * TEST_TIMEOUT_MS;

/**
 * A slow phone: from now on the page's scripts stay on their way until `release()` is called, so a
 * test can act on the server-rendered page first (a tap before hydration).
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/**
 * Resolves once React has hydrated the page (scripts on). Tests of browser-only rules need it;
 * everything else works either way, since every form also works as a plain HTML form.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } };
    return w.__remixRouter?.state?.initialized === true;
  });
  // Let React commit the hydration render (event handlers attach then).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/**
 * LogOut from the dashboard: with JavaScript a confirmation dialog opens; without it the link leads
 * to the /member/logout confirm page. Either way 'Yes, Log Out' ends the session.
 */
export async function logoutViaUi(page: Page) {
  await page.getByRole("main").getByRole("link", { name: "LogOut", exact: true }).first().click();
  await page.getByRole("button", { name: "Yes, Log Out" }).click();
}

/**
 * Opens 'I Forgot My Password' from the login page (a dialog with JavaScript, the /forgot-password
 * page without) and sends `email` (blank to send nothing).
 */
export async function requestPasswordReset(page: Page, email: string) {
  await page.goto("/login");
  await page.getByText("I Forgot My Password").click();
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
}

/**
 * A field the form refused. With scripts, Conform marks it (aria-invalid) and shows `message`.
 * Without scripts, the browser's own constraint check (required, pattern, minlength — the same
 * rules, rendered from the zod schema) stops the submit before it leaves the page.
 */
export async function expectFieldRejected(page: Page, field: Locator, testInfo: TestInfo, message?: string) {
  if (jsEnabled(testInfo)) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    if (message) await expectMessage(page, message);
  } else {
    await expect.poll(() => field.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
  }
}

/**
 * A message shown on the page: a field error, an alert or a toast. Toasts hide themselves after
 * 3 s, so presence in the page is checked rather than visibility, which a slow run could miss.
 */
export async function expectMessage(page: Page, text: string | RegExp) {
  const match = typeof text === "string" ? page.getByText(text, { exact: true }) : page.getByText(text);
  await expect(match.first()).toBeAttached();
}

/** Where the cross-worker locks live; global setup clears it. */
export const E2E_LOCK_DIR = "tests/.tmp/e2e-locks";

/**
 * Runs `fn` while no other worker (of any project) runs a block under the same name: the lock is
 * a directory, created atomically or not at all. For tests that change a site-wide setting and
 * read it back.
 */
export async function exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.resolve(E2E_LOCK_DIR, name);
  mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
