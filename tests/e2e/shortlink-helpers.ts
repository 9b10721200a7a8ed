import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { encodeObj } from "../../shared/obj.server";
import { E2E_OBJ_SECRET } from "../../playwright.config";
import { api, expect, operatorCookie } from "./fixtures";

/**
 * Short links in the browser tests. The server's minimum time between a start and its claim is
 * lowered to 1 s (the operator's setting): the tests wait for the server's own answer instead of
 * 10 real seconds, and the pages' waits run on Playwright's clock.
 */
export const TEST_MIN_SECONDS = 1;

async function operatorCall(path: string, method: string, json?: unknown) {
  const res = await api.request(path, { method, cookie: operatorCookie(), json });
  if (res.status !== 200)
    throw new Error(`${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.msg;
}

export async function setShortLinkTimings(): Promise<void> {
  await operatorCall("/adminRoute/shortLinkSettings", "PATCH", { minSeconds: TEST_MIN_SECONDS });
}

export async function shortLinkSettings(): Promise<{
  minSeconds: number;
  expiryMinutes: number;
  instructions: string[];
}> {
  return operatorCall("/adminRoute/shortLinkSettings", "GET");
}

export async function builtinShortenerId(): Promise<string> {
  const d = (await operatorCall("/adminRoute/shorteners", "GET")) as {
    records: { id: string; kind: string }[];
  };
  const found = d.records.find((s) => s.kind === "builtin");
  if (!found) throw new Error("no built-in shortener");
  return found.id;
}

export function uniqueLinkName(prefix = "E2E Link"): string {
  return `${prefix} ${randomBytes(3).toString("hex")}`;
}

export interface TestLink {
  id: string;
  name: string;
  amount: string;
}

/** A link on the built-in shortener (or `shortenerId`), made through the operator API. */
export async function createShortLink(
  opts: {
    name?: string;
    amount?: string;
    clicksPerDay?: number;
    howToComplete?: string | null;
    shortenerId?: string;
    timeLabel?: string;
  } = {},
): Promise<TestLink> {
  const name = opts.name ?? uniqueLinkName();
  const amount = opts.amount ?? "0.050";
  const msg = await operatorCall("/adminRoute/shortLinks", "POST", {
    name,
    shortenerId: opts.shortenerId ?? (await builtinShortenerId()),
    timeLabel: opts.timeLabel ?? "30 s",
    amount,
    howToComplete: opts.howToComplete ?? null,
    clicksPerDay: opts.clicksPerDay ?? 2,
  });
  return { id: String(msg.shortLink.id), name, amount };
}

/** The token inside a built-in short URL's destination (`…/member/last-page/{token}`). */
export async function tokenOfShortUrl(shortUrl: string): Promise<string> {
  const code = new URL(shortUrl).pathname.split("/").pop() ?? "";
  const res = await api.request(`/shortener/${encodeURIComponent(code)}`);
  if (res.status !== 200) throw new Error(`code ${code}: ${res.status} ${JSON.stringify(res.body)}`);
  return new URL(String(res.body.msg.url)).pathname.split("/").pop() ?? "";
}

/** The member starts a link through the API (the first page's call); answers the short URL and token. */
export async function startShortLink(
  cookie: string,
  link: TestLink,
  domain = "localhost:3100",
): Promise<{ shortUrl: string; token: string }> {
  const res = await api.request("/userIncomeRoute/user_shortlink_firstPage_data_patch", {
    method: "PATCH",
    cookie,
    json: {
      obj_already: encodeObj(E2E_OBJ_SECRET, {
        shortnerDomain: domain,
        endPageRoute: "/member/last-page",
        clientOrigin: "http://localhost:3100",
        linkId: link.id,
      }),
    },
  });
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  const shortUrl = String(res.body.msg.shortUrl ?? res.body.msg.existingRecord?.shortUrl);
  return { shortUrl, token: await tokenOfShortUrl(shortUrl) };
}

export async function tokenState(cookie: string, token: string) {
  const res = await api.request(
    `/userIncomeRoute/user_shortlink_token_get?token=${encodeURIComponent(token)}`,
    {
      cookie,
    },
  );
  return res.body?.msg as { claimableAt: string; consumed: boolean } | undefined;
}

/** Waits (as a member passing the shortener would) until the server accepts the token's claim. */
export async function untilShortLinkClaimable(cookie: string, token: string): Promise<void> {
  await expect
    .poll(async () => Date.parse((await tokenState(cookie, token))?.claimableAt ?? "") <= Date.now(), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** The last page's call through the API. */
export async function claimShortLink(cookie: string, token: string) {
  return api.request("/userIncomeRoute/user_shortlink_lastPage_data_patch", {
    method: "PATCH",
    cookie,
    json: { uniqueToken: token },
  });
}

/** Starts and claims a link through the API (one completed click). */
export async function completeShortLink(cookie: string, link: TestLink): Promise<void> {
  const { token } = await startShortLink(cookie, link);
  await untilShortLinkClaimable(cookie, token);
  const res = await claimShortLink(cookie, token);
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A link's card on the short link list. */
export function linkCard(page: Page, name: string) {
  return page.getByTestId("short-link").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** The list's summary counter named `label`. */
export function slSummary(page: Page, label: "Today Earnings" | "Total Links" | "Completed" | "Pending") {
  return page.getByRole("group", { name: label });
}

/** The `url=` of the page's self-refresh (pages without scripts reload themselves through it). */
export async function refreshTarget(page: Page): Promise<{ seconds: number; url: string | null }> {
  const content = (await page.locator('meta[http-equiv="refresh"]').first().getAttribute("content")) ?? "";
  const m = /^(\d+)(?:;url=(.*))?$/.exec(content);
  if (!m) throw new Error(`no refresh in "${content}"`);
  return { seconds: Number(m[1]), url: m[2] ? new URL(m[2], page.url()).toString() : null };
}
