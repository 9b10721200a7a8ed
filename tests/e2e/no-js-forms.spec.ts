import type { Page, Response } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { E2E_OPERATOR } from "../../playwright.config";
import {
  apiRequestAt,
  expect,
  signInOperator,
  test,
  testBudget,
  uniqueEmail,
  uniqueMobile,
  memberIdByEmail,
} from "./fixtures";
import { contextOn, startSite, type Site } from "./servers";
import { sitePages, urlFor, type Audience } from "./site-pages";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * The no-JavaScript project's sweep (issue 43): every form of every page (the build's route table,
 * tests/e2e/site-pages.ts), as a visitor, a member and the owner, is filled the way a person would
 * fill its required fields and sent by a browser without scripts — and the server answers it: a
 * page or a redirect below 500, never the fallback screen. The forms are sent with the browser's
 * own checks off (`novalidate`), so a form whose fields are still wrong reaches the server's
 * checks too. The flows whose behaviour differs without scripts are tested one by one (tagged
 * @no-js); this is the guarantee that no form needs scripts to be answered.
 *
 * It runs on a site of its own (tests/e2e/servers.ts), since it presses every button: approve,
 * ban, delete, save.
 */

const SWEEP_PORT = 3120;

/** Forms not sent: the ones that end the sweeping session (logging out is tested in logout.spec.ts). */
const ENDS_SESSION = /\/logout$/;

const FALLBACK = "Upgrade Your Browser";

/** A form's own submit buttons (a button without a type submits), for the scripts run in the page. */
const SUBMIT = 'button:not([type]), button[type="submit"], input[type="submit"]';

/** Fills the form's empty required fields with plausible values and turns the browser's checks off. */
async function fillRequired(page: Page, index: number) {
  await page
    .locator('form[method="post" i]')
    .nth(index)
    .evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
      const today = new Date().toISOString().slice(0, 10);
      for (const el of Array.from(form.elements)) {
        if (el instanceof HTMLSelectElement) {
          if (el.required && !el.value) el.selectedIndex = Math.min(1, el.options.length - 1);
          continue;
        }
        if (el instanceof HTMLTextAreaElement) {
          if (el.required && !el.value) el.value = "A message sent by the form sweep.";
          continue;
        }
        if (!(el instanceof HTMLInputElement) || !el.required || el.disabled) continue;
        if (el.type === "checkbox" || el.type === "radio") {
          el.checked = true;
          continue;
        }
        if (el.value) continue;
        const byType: Record<string, string> = {
          email: "sweep@example.com",
          tel: "9876543210",
          number: el.min && Number(el.min) > 0 ? el.min : "1",
          date: today,
          url: "https://example.com/",
          password: "sweep-password-123",
        };
        el.value = byType[el.type] ?? (/mobile/i.test(el.name) ? "9876543210" : "Sweep");
      }
    });
}

/** A form's identity: where it posts, its fields and its button, so a form on every page is sent once. */
function formKey(page: Page, index: number): Promise<{ key: string; action: string }> {
  return page
    .locator('form[method="post" i]')
    .nth(index)
    .evaluate((form: HTMLFormElement, submitSelector: string) => {
      const action = new URL(form.action || location.href, location.href);
      const names = Array.from(form.elements)
        .map((el) => (el as HTMLInputElement).name)
        .filter(Boolean)
        .sort();
      const submit = form.querySelector<HTMLButtonElement>(submitSelector);
      const intent = submit ? `${submit.name}=${submit.value}` : "";
      return { key: `${action.pathname}|${names.join(",")}|${intent}`, action: action.pathname };
    }, SUBMIT);
}

/** Sends the form with its first button, natively; answers the server's answer to the post. */
async function send(page: Page, index: number): Promise<Response> {
  const answered = page.context().waitForEvent("response", {
    predicate: (r) => r.request().method() === "POST",
    timeout: 20_000,
  });
  await page
    .locator('form[method="post" i]')
    .nth(index)
    .evaluate((form: HTMLFormElement, submitSelector: string) => {
      const submit =
        form.querySelector<HTMLElement>(submitSelector) ??
        (form.id ? document.querySelector<HTMLElement>(`[form="${form.id}"][type="submit"]`) : null);
      form.requestSubmit(submit as HTMLButtonElement | null);
    }, SUBMIT);
  return answered;
}

/** Opens `url`; a navigation still under way from the last form (a redirect) is let finish first. */
async function open(page: Page, url: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      if (attempt >= 5 || !/interrupted by another navigation|ERR_ABORTED/.test(String(e))) throw e;
      // The last form's answer is still redirecting this page: let it land, then open ours.
      await page.waitForTimeout(500);
      await page.waitForLoadState("load").catch(() => undefined);
    }
  }
}

/** Sends every form of every page of `audience`; answers what went wrong. */
async function sweep(
  page: Page,
  audience: Audience,
  memberId: string,
): Promise<{ sent: number; failures: string[] }> {
  const seen = new Set<string>();
  const failures: string[] = [];
  let sent = 0;
  for (const sitePage of (await sitePages()).filter((p) => p.audience === audience)) {
    const url = urlFor(sitePage, memberId);
    await open(page, url);
    const count = await page.locator('form[method="post" i]').count();
    for (let i = 0; i < count; i++) {
      if (i > 0) await open(page, url);
      if ((await page.locator('form[method="post" i]').count()) <= i) break;
      const { key, action } = await formKey(page, i);
      if (seen.has(key) || ENDS_SESSION.test(action)) continue;
      seen.add(key);
      await fillRequired(page, i);
      let res: Response;
      try {
        res = await send(page, i);
      } catch (e) {
        failures.push(`${url}: form ${i} (${key}) got no answer: ${String(e).split("\n")[0]}`);
        continue;
      }
      sent++;
      const status = res.status();
      if (status >= 500) failures.push(`${url}: form ${i} (${key}) answered ${status}`);
      else if (status < 300 && (await res.text().catch(() => "")).includes(FALLBACK))
        failures.push(`${url}: form ${i} (${key}) showed the fallback screen`);
      // The answer's redirect, if any, lands before the next page is opened.
      await page.waitForURL((u) => u.href !== "about:blank", { waitUntil: "load" }).catch(() => undefined);
    }
  }
  return { sent, failures };
}

test.describe("every form answers without JavaScript @no-js-only", () => {
  test.describe.configure({ mode: "serial", timeout: testBudget(6) });

  let site: Site | undefined;
  let memberCookie = "";
  let memberId = "";
  let ownerCookie = "";

  test.beforeAll(async () => {
    test.setTimeout(testBudget(3));
    site = await startSite({ port: SWEEP_PORT, operators: [{ account: E2E_OPERATOR }] });
    const origin = site.origin;
    ownerCookie = await signInOperator(E2E_OPERATOR, origin);
    const email = uniqueEmail("sweep");
    const password = "member-password-123";
    const signUp = await apiRequestAt(origin, "/userRoute/signUp", {
      obj: {
        name: `Sweep ${randomBytes(2).toString("hex")}`,
        mobile_number: Number(uniqueMobile()),
        email_address: email,
        password,
        ...SIGN_UP_PRIVACY,
      },
    });
    expect(signUp.status).toBe(200);
    const login = await apiRequestAt(origin, "/userRoute/login", {
      obj: { email_userName: email, password, loginRemember_state: false },
    });
    memberCookie = login.setCookie.find((c) => c.startsWith("sid="))!.split(";")[0]!;
    memberId = await memberIdByEmail(email, ownerCookie, origin);
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  for (const [audience, cookieOf] of [
    ["public", () => undefined],
    ["member", () => memberCookie],
    ["operator", () => ownerCookie],
  ] as const) {
    test(`as ${audience === "public" ? "a visitor" : audience === "member" ? "a member" : "the owner"}`, async ({
      browser,
    }) => {
      const context = await contextOn(browser, site!.origin, {
        cookie: cookieOf(),
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const { sent, failures } = await sweep(page, audience, memberId);
      await context.close();
      expect(failures).toEqual([]);
      // The sweep reached forms: a page list or a selector gone wrong would send none.
      expect(sent).toBeGreaterThan(audience === "operator" ? 20 : 3);
    });
  }
});
