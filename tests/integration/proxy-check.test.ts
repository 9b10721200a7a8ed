import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adCheatLog, shortLinkTokens, shortLinks } from "../../api/db/schema";
import { seedShortLinks } from "../../api/seed/shortLinks";
import { createProxyCheck } from "../../api/lib/proxyCheck";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { balances, expectLedgerConsistent, giveEarning, newMember } from "../support/money";

/**
 * The proxy check against a local server speaking both providers' protocols: proxycheck.io
 * (`/v2/{ip}?key=…&vpn=1` → `{"<ip>": {"proxy": "yes"}}`) and IPHub (`/v2/ip/{ip}` with X-Key →
 * `{"block": 1}`). PROXY is a proxy, SLOW answers after the timeout, BROKEN answers an error.
 */
const PROXY = "203.0.113.9";
const SLOW = "203.0.113.5";
const BROKEN = "203.0.113.6";
const KEY = "test-key";

interface Provider {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  const requests: string[] = [];
  const answer = async (req: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url.pathname + url.search);
    const iphub = /^\/v2\/ip\/([^/]+)$/.exec(url.pathname);
    const proxycheck = /^\/v2\/([^/]+)$/.exec(url.pathname);
    const ip = decodeURIComponent((iphub ?? proxycheck)?.[1] ?? "");
    if (
      iphub
        ? req.headers["x-key"] !== KEY
        : url.searchParams.get("key") !== KEY || url.searchParams.get("vpn") !== "1"
    )
      return { status: 403, body: { error: "bad key" } };
    if (ip === SLOW) await new Promise((r) => setTimeout(r, 400));
    if (ip === BROKEN) return { status: 500, body: { error: "down" } };
    const proxy = ip === PROXY;
    return iphub
      ? { status: 200, body: { ip, block: proxy ? 1 : ip.endsWith(".2") ? 2 : 0 } }
      : {
          status: 200,
          body: { status: "ok", [ip]: { proxy: proxy ? "yes" : "no", type: proxy ? "VPN" : "Residential" } },
        };
  };
  const server: Server = createServer((req, res) => {
    void answer(req).then(({ status, body }) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("proxy check providers", () => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.close());

  for (const kind of ["proxycheck", "iphub"] as const) {
    it(`${kind}: blocks a proxy, allows others, caches per address for an hour`, async () => {
      let now = 1_000_000;
      const logged: string[] = [];
      const check = createProxyCheck({
        provider: kind,
        url: provider.url,
        key: KEY,
        timeoutMs: 200,
        now: () => now,
        log: (m) => logged.push(m),
      });
      provider.requests.length = 0;
      expect(await check.isProxy(PROXY)).toBe(true);
      expect(await check.isProxy("198.51.100.7")).toBe(false);
      expect(await check.isProxy(PROXY)).toBe(true);
      expect(provider.requests).toHaveLength(2);
      expect(provider.requests[0]).toBe(
        kind === "proxycheck" ? `/v2/${PROXY}?key=${KEY}&vpn=1` : `/v2/ip/${PROXY}`,
      );
      now += 60 * 60 * 1000 + 1;
      expect(await check.isProxy(PROXY)).toBe(true);
      expect(provider.requests).toHaveLength(3);
      // a slow or failing provider allows and logs, and is asked again next time
      expect(await check.isProxy(SLOW)).toBe(false);
      expect(await check.isProxy(BROKEN)).toBe(false);
      expect(await check.isProxy(BROKEN)).toBe(false);
      expect(logged).toHaveLength(3);
      // addresses that are not IP addresses are not asked about
      expect(await check.isProxy("local")).toBe(false);
      expect(provider.requests.some((r) => r.includes("local"))).toBe(false);
    });
  }

  it("iphub: block 2 (unknown) is not a proxy; a wrong key is a failure that allows", async () => {
    const check = createProxyCheck({ provider: "iphub", url: provider.url, key: KEY, log: () => {} });
    expect(await check.isProxy("198.51.100.2")).toBe(false);
    const wrong = createProxyCheck({ provider: "iphub", url: provider.url, key: "nope", log: () => {} });
    expect(await wrong.isProxy(PROXY)).toBe(false);
  });

  it("no provider configured: no check", async () => {
    const check = createProxyCheck({});
    expect(check.enabled).toBe(false);
    expect(await check.isProxy(PROXY)).toBe(false);
  });
});

describe.each(drivers("one"))("proxy check on ads (%s)", (driver) => {
  let provider: Provider;
  let t: TestApi;
  beforeAll(async () => {
    provider = await startProvider();
    t = await startTestApi(driver, {
      PROXY_CHECK_PROVIDER: "proxycheck",
      PROXY_CHECK_URL: provider.url,
      PROXY_CHECK_KEY: KEY,
      TRUST_PROXY: "1",
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it("a member behind a proxy cannot start or claim a view: 'Proxy Detected', logged", async () => {
    let clock = Date.parse("2026-03-10T06:00:00Z");
    t.deps.clock = () => new Date(clock);
    const advertiser = await newMember(t);
    await giveEarning(t, advertiser.id, 10_000);
    await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 10, conversionType_state: "withdrawToDeposit" },
      cookie: advertiser.cookie,
    });
    const created = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: {
        selectedOption_state: "iframe",
        step_2_title: "Framed",
        step_2_url: "https://example.com/",
        step_2_description: "A page",
        step_3_duration: "10-0.040",
        step_3_total_views: 100,
        step_3_interval_in_hours: 1,
        step_3_enableLimit: false,
      },
      cookie: advertiser.cookie,
    });
    const id = created.body.msg._id as string;
    const viewer = await newMember(t);
    const from = (ip: string) => ({ "x-forwarded-for": ip });

    const refused = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: id },
      cookie: viewer.cookie,
      headers: from(PROXY),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error_code: "proxy_detected",
      error_msg: "Proxy Detected",
    });

    const ok = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: id },
      cookie: viewer.cookie,
      headers: from("198.51.100.7"),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.msg.link).toBe(
      `/member/iframe/?link=${encodeURIComponent("https://example.com/||10")}&view=${ok.body.msg.viewToken}`,
    );
    clock += 10_000;
    const claim = (ip: string) =>
      t.request("/userIncomeRoute/user_PTCAds_income_patch", {
        method: "PATCH",
        obj: { btnName: id, btnClickEarn: 0.04, viewToken: ok.body.msg.viewToken },
        cookie: viewer.cookie,
        headers: from(ip),
      });
    expect((await claim(PROXY)).body).toMatchObject({
      error_code: "proxy_detected",
      error_msg: "Proxy Detected",
    });
    expect((await claim(BROKEN)).status).toBe(200);
    expect((await balances(t, viewer.id)).withdrawable).toBe(24);
    const log = await t.deps.db.select().from(adCheatLog).where(eq(adCheatLog.userId, viewer.id));
    expect(log.map((l) => [l.reason, l.ip])).toEqual([
      ["proxy", PROXY],
      ["proxy", PROXY],
    ]);
    await expectLedgerConsistent(t);
  });

  it("a member behind a proxy cannot claim a short link: 'Proxy Detected', logged on the short-link channel", async () => {
    const clock = Date.parse("2026-03-10T06:00:00Z");
    t.deps.clock = () => new Date(clock);
    await t.deps.db.transaction((tx) => seedShortLinks(tx, "http://localhost:3000", clock - 60_000));
    const [link] = await t.deps.db.select().from(shortLinks).where(eq(shortLinks.name, "Quick Link"));
    const member = await newMember(t);
    const token = "proxy-test-token-0000000000000000";
    await t.deps.db.insert(shortLinkTokens).values({
      token,
      userId: member.id,
      shortLinkId: link!.id,
      shortUrl: "http://localhost:3000/s/proxytst",
      createdAt: new Date(clock - 20_000),
      claimableAt: new Date(clock - 10_000),
      expiresAt: new Date(clock + 60_000),
    });
    const claim = (ip: string) =>
      t.request("/userIncomeRoute/user_shortlink_lastPage_data_patch", {
        method: "PATCH",
        json: { uniqueToken: token },
        cookie: member.cookie,
        headers: { "x-forwarded-for": ip },
      });
    const refused = await claim(PROXY);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error_code: "proxy_detected", error_msg: "Proxy Detected" });
    expect((await claim("198.51.100.7")).status).toBe(200);
    expect((await balances(t, member.id)).withdrawable).toBe(50);
    const log = await t.deps.db.select().from(adCheatLog).where(eq(adCheatLog.userId, member.id));
    expect(log.map((l) => [l.channel, l.reason, l.ip, l.shortLinkId])).toEqual([
      ["click_short_link", "proxy", PROXY, link!.id],
    ]);
    await expectLedgerConsistent(t);
  });
});
