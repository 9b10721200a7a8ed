import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adCheatLog, auditLog, shortLinkTokens, shortLinks, shorteners } from "../../api/db/schema";
import { seedShortLinks } from "../../api/seed/shortLinks";
import { encodeObj } from "../../shared/obj.server";
import { milliToRupeeString as rupeeString, parseRupees as rupeeMilli } from "../../shared/money";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { balances, expectLedgerConsistent, newMember, newOperator, type TestMember } from "../support/money";

/**
 * Short links end to end through the API: the list, the first page through the built-in shortener
 * and through a local AdLinkFly-speaking server (its answers, its errors and its silence), the
 * claim's time rules (the API's clock is moved, never waited for), single use under parallel
 * claims, the per-day limit under parallel claims, the cheat log, the built-in shortener's own API
 * and the operators' endpoints.
 */

const ORIGIN = "http://localhost:3000";
const HOST = "localhost:3000";

/** A stand-in AdLinkFly shortener: records what it was asked and answers as `mode` says. */
interface FakeShortener {
  url: string;
  mode: "json" | "text" | "error" | "http500" | "hang";
  calls: { api: string | null; url: string | null }[];
  close(): Promise<void>;
}

async function startFakeShortener(): Promise<FakeShortener> {
  const hanging: ServerResponse[] = [];
  const fake: FakeShortener = {
    url: "",
    mode: "json",
    calls: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    fake.calls.push({ api: q.get("api"), url: q.get("url") });
    const n = fake.calls.length;
    switch (fake.mode) {
      case "json":
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "success", shortenedUrl: `https://short.test/j${n}` }));
        return;
      case "text":
        res.setHeader("content-type", "text/plain");
        res.end(`https://short.test/t${n}\n`);
        return;
      case "error":
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: "error", message: ["Invalid API token"] }));
        return;
      case "http500":
        res.statusCode = 500;
        res.end("oops");
        return;
      case "hang":
        hanging.push(res);
        return;
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return fake;
}

describe.each(drivers("both"))("short links (%s)", (driver) => {
  let t: TestApi;
  let fake: FakeShortener;
  let operator: TestMember;
  let clock = Date.parse("2026-03-10T06:00:00Z"); // 11:30 in India
  const tick = (ms: number) => {
    clock += ms;
  };
  /** The seeded links by name. */
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeShortener();
    t = await startTestApi(driver, { SHORTENER_TIMEOUT_MS: "300" });
    t.deps.clock = () => new Date(clock);
    await t.deps.db.transaction((tx) => seedShortLinks(tx, ORIGIN, clock - 60_000));
    for (const l of await t.deps.db.select().from(shortLinks)) seeded[l.name] = l.id;
    operator = await newOperator(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => expectLedgerConsistent(t));

  const list = (m: TestMember) => t.request("/userIncomeRoute/user_shortlink_data_get", { cookie: m.cookie });
  const start = (m: TestMember, fields: Record<string, unknown>) =>
    t.request("/userIncomeRoute/user_shortlink_firstPage_data_patch", {
      method: "PATCH",
      json: {
        obj_already: encodeObj(t.deps.config.objSecret, {
          shortnerDomain: HOST,
          endPageRoute: "/member/last-page",
          clientOrigin: "https://elsewhere.example",
          ...fields,
        }),
      },
      cookie: m.cookie,
    });
  const claim = (m: TestMember, uniqueToken: unknown) =>
    t.request("/userIncomeRoute/user_shortlink_lastPage_data_patch", {
      method: "PATCH",
      json: { uniqueToken },
      cookie: m.cookie,
    });
  /** The token inside the end-page address the shortener was given. */
  const tokenOf = (destination: string) => {
    const m = new RegExp(`^${ORIGIN}/member/last-page/([A-Za-z0-9_-]{32})$`).exec(destination);
    expect(m, destination).not.toBeNull();
    return m![1]!;
  };
  /** Starts a seeded link through the built-in shortener; answers the token. */
  async function started(m: TestMember, linkId: string): Promise<string> {
    const res = await start(m, { linkId });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    const code = (res.body.msg.shortUrl as string).split("/s/")[1]!;
    const target = await t.request(`/shortener/${code}`);
    return tokenOf(target.body.msg.url);
  }
  const tokensOf = (m: TestMember) =>
    t.deps.db.select().from(shortLinkTokens).where(eq(shortLinkTokens.userId, m.id));
  const cheats = async (m: TestMember) =>
    (await t.deps.db.select().from(adCheatLog).where(eq(adCheatLog.userId, m.id))).map((r) => ({
      channel: r.channel,
      reason: r.reason,
      shortLinkId: r.shortLinkId,
    }));
  const USED = {
    success: false,
    error_code: "short_link_used",
    error_msg: "This short link was already claimed or is not valid.",
  };

  async function adLinkFlyLink(clicksPerDay = 3) {
    const s = await t.request("/adminRoute/shorteners", {
      json: {
        name: "Fake Fly",
        kind: "adlinkfly",
        apiUrl: fake.url,
        apiKey: "fake-key-1234",
        domain: "short.test",
      },
      cookie: operator.cookie,
    });
    expect(s.body, JSON.stringify(s.body)).toMatchObject({ success: true });
    const l = await t.request("/adminRoute/shortLinks", {
      json: {
        name: `Fly ${Math.random()}`,
        shortenerId: s.body.msg.shortener.id,
        timeLabel: "2 m",
        amount: "0.075",
        clicksPerDay,
      },
      cookie: operator.cookie,
    });
    expect(l.body, JSON.stringify(l.body)).toMatchObject({ success: true });
    return { shortenerId: s.body.msg.shortener.id as string, linkId: l.body.msg.shortLink.id as string };
  }

  it("lists the enabled links with the spec's fields and the day's totals", async () => {
    const m = await newMember(t);
    const res = await list(m);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({
      userAvailableBalance: "0.000",
      pendingEarnings: "0.750", // 3 × 0.050 + 1 × 0.100 + 2 × 0.250
      today_shortLinkIncome: "0.000",
      totalLinks: 3,
      completedClick: 0,
      pendingClick: 6,
    });
    expect(res.body.msg.shortedLinksData).toEqual([
      {
        _id: seeded["Quick Link"],
        shortnerName: "Quick Link",
        shortnerDomain: HOST,
        time: "30 s",
        amount: "0.050",
        how_to_complete: "/member/support",
        isDisable: false,
        expireTimer: null,
        completedClicks: 0,
        how_much_click_allow: 3,
      },
      expect.objectContaining({ shortnerName: "Daily Bonus Link", time: "1 m", amount: "0.100" }),
      expect.objectContaining({ shortnerName: "Explorer Link", time: "5 m", how_to_complete: null }),
    ]);
    expect(res.body.msg.other_data_shortLink_instructions.length).toBeGreaterThan(0);
    for (const html of res.body.msg.other_data_shortLink_instructions) expect(html).toMatch(/^<p>/);
    expect((await t.request("/userIncomeRoute/user_shortlink_data_get")).status).toBe(401);
  });

  it("the built-in shortener: a token bound to the member, sent inside the public origin's end page, reused while open", async () => {
    const m = await newMember(t);
    const first = await start(m, { linkId: seeded["Quick Link"] });
    expect(first.status).toBe(200);
    const shortUrl = first.body.msg.shortUrl as string;
    expect(shortUrl).toMatch(new RegExp(`^${ORIGIN}/s/[A-Za-z0-9]{8}$`));
    const token = tokenOf((await t.request(`/shortener/${shortUrl.split("/s/")[1]}`)).body.msg.url);
    const [row] = await tokensOf(m);
    expect(row).toMatchObject({
      token,
      shortLinkId: seeded["Quick Link"],
      shortUrl,
      consumedAt: null,
      claimableAt: new Date(clock + 10_000),
      expiresAt: new Date(clock + 10 * 60_000),
    });
    // the same link again while the token is open: the same short URL, no new token
    const again = await start(m, { linkId: seeded["Quick Link"] });
    expect(again.body).toEqual({ success: true, msg: { existingRecord: { shortUrl } } });
    // without linkId: the first enabled link of that domain
    const byDomain = await start(m, {});
    expect(byDomain.body).toEqual({ success: true, msg: { existingRecord: { shortUrl } } });
    expect(await tokensOf(m)).toHaveLength(1);

    const view = await t.request(`/userIncomeRoute/user_shortlink_token_get?token=${token}`, {
      cookie: m.cookie,
    });
    expect(view.body).toEqual({
      success: true,
      msg: {
        shortnerName: "Quick Link",
        amount: "0.050",
        claimableAt: new Date(clock + 10_000).toISOString(),
        expiresAt: new Date(clock + 10 * 60_000).toISOString(),
        consumed: false,
      },
    });
    const other = await newMember(t);
    const hidden = await t.request(`/userIncomeRoute/user_shortlink_token_get?token=${token}`, {
      cookie: other.cookie,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error_msg: "Short link not found.", error_code: "not_found" });

    for (const fields of [
      { linkId: "no-such-link" },
      { linkId: undefined, shortnerDomain: "nowhere.test" },
    ]) {
      const res = await start(m, fields);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error_code: "not_found", error_msg: "Short link not found." });
    }
    const plainObj = await t.request("/userIncomeRoute/user_shortlink_firstPage_data_patch", {
      method: "PATCH",
      obj: { shortnerDomain: HOST, endPageRoute: "/member/last-page", clientOrigin: ORIGIN },
      cookie: m.cookie,
    });
    expect(plainObj.status).toBe(400);
    expect(plainObj.body.error_msg).toBe("obj_already is required.");
  });

  it("an AdLinkFly shortener gets the public origin's end page (never clientOrigin); JSON and text answers", async () => {
    const { linkId } = await adLinkFlyLink();
    const m = await newMember(t);
    fake.calls.length = 0;
    fake.mode = "json";
    const res = await start(m, { linkId, shortnerDomain: "short.test" });
    expect(res.body).toEqual({ success: true, msg: { shortUrl: "https://short.test/j1" } });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.api).toBe("fake-key-1234");
    const token = tokenOf(fake.calls[0]!.url!);
    expect((await tokensOf(m)).map((r) => [r.token, r.shortUrl])).toEqual([[token, "https://short.test/j1"]]);
    // reused while open: the shortener is not asked again
    const again = await start(m, { linkId });
    expect(again.body).toEqual({
      success: true,
      msg: { existingRecord: { shortUrl: "https://short.test/j1" } },
    });
    expect(fake.calls).toHaveLength(1);

    fake.mode = "text";
    const other = await newMember(t);
    const text = await start(other, { linkId });
    expect(text.body).toEqual({ success: true, msg: { shortUrl: "https://short.test/t2" } });
    tokenOf(fake.calls[1]!.url!);
    fake.mode = "json";
  });

  it("a shortener's error answer, a failing status and its silence: 502, nothing stored", async () => {
    const { linkId } = await adLinkFlyLink();
    const m = await newMember(t);
    for (const mode of ["error", "http500", "hang"] as const) {
      fake.mode = mode;
      const began = Date.now();
      const res = await start(m, { linkId });
      expect(res.status, mode).toBe(502);
      expect(res.body).toEqual({
        success: false,
        error_code: "unavailable",
        error_msg: "The shortener is not answering right now. Please try again later.",
      });
      if (mode === "hang") expect(Date.now() - began).toBeLessThan(5_000);
    }
    expect(await tokensOf(m)).toHaveLength(0);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    fake.mode = "json";
    expect((await start(m, { linkId })).status).toBe(200);
  });

  it("a claim credits the link's amount once the minimum time has passed, once; refusals are logged", async () => {
    const referrer = await newMember(t);
    const m = await newMember(t, { referredBy: referrer.id });
    const token = await started(m, seeded["Explorer Link"]!);
    const before = (await list(m)).body.msg;
    tick(5_000);
    const fast = await claim(m, token);
    expect(fast.status).toBe(400);
    expect(fast.body).toEqual({
      success: false,
      error_code: "short_link_too_fast",
      error_msg: "You came back too fast: please complete the short link properly.",
    });
    tick(5_000);
    const ok = await claim(m, token);
    expect(ok.body).toEqual({
      success: true,
      msg: {
        message: "Congratulations! ₹0.250 has been added to your balance.",
        amount: "0.250",
        userAvailableBalance: "0.250",
      },
    });
    expect((await balances(t, referrer.id)).withdrawable).toBe(25); // 10 % referral
    const reused = await claim(m, token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(USED);
    const after = await list(m);
    expect(after.body.msg).toMatchObject({
      today_shortLinkIncome: "0.250",
      completedClick: 1,
      pendingClick: before.pendingClick - 1,
      userAvailableBalance: "0.250",
    });
    expect(after.body.msg.pendingEarnings).toBe(rupeeString(rupeeMilli(before.pendingEarnings) - 250));
    expect(
      after.body.msg.shortedLinksData.find((l: { _id: string }) => l._id === seeded["Explorer Link"]),
    ).toMatchObject({ completedClicks: 1, isDisable: false });
    const view = await t.request(`/userIncomeRoute/user_shortlink_token_get?token=${token}`, {
      cookie: m.cookie,
    });
    expect(view.body.msg).toMatchObject({ consumed: true, amount: "0.250" });

    // another member's token, an unknown one, and a missing one
    const other = await newMember(t);
    expect((await claim(other, token)).body).toEqual(USED);
    expect((await claim(other, "x".repeat(32))).body).toEqual(USED);
    for (const missing of [undefined, "", "   ", 42, null]) {
      const res = await claim(other, missing);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: "invalid_input", error_msg: "Unique token is missing." });
    }
    expect(await cheats(m)).toEqual([
      { channel: "click_short_link", reason: "too_fast", shortLinkId: seeded["Explorer Link"] },
      { channel: "click_short_link", reason: "reused_token", shortLinkId: seeded["Explorer Link"] },
    ]);
    expect(await cheats(other)).toEqual([
      { channel: "click_short_link", reason: "another_members_token", shortLinkId: seeded["Explorer Link"] },
      { channel: "click_short_link", reason: "unknown_token", shortLinkId: null },
    ]);
    expect((await balances(t, other.id)).withdrawable).toBe(0);
  });

  it("a claim after the expiry is refused and logged; starting again makes a new token", async () => {
    const m = await newMember(t);
    const token = await started(m, seeded["Quick Link"]!);
    tick(10 * 60_000);
    const res = await claim(m, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error_code: "short_link_expired",
      error_msg: "This short link has expired. Please start it again.",
    });
    expect(await cheats(m)).toEqual([
      { channel: "click_short_link", reason: "expired", shortLinkId: seeded["Quick Link"] },
    ]);
    const fresh = await started(m, seeded["Quick Link"]!);
    expect(fresh).not.toBe(token);
    tick(10_000);
    expect((await claim(m, fresh)).status).toBe(200);
  });

  it("30 parallel claims of one token credit once", async () => {
    const m = await newMember(t);
    const token = await started(m, seeded["Quick Link"]!);
    tick(10_000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => claim(m, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) expect(a.body).toEqual(USED);
    expect((await balances(t, m.id)).withdrawable).toBe(50);
    expect((await cheats(m)).map((c) => c.reason)).toEqual(Array(29).fill("reused_token"));
  });

  it("the per-day limit holds under parallel claims of distinct tokens; the card waits for India's midnight", async () => {
    const m = await newMember(t);
    const linkId = seeded["Quick Link"]!; // 3 a day
    const now = new Date(clock);
    // Five tokens the member opened (as from several tabs), all claimable now.
    const tokens = Array.from({ length: 5 }, (_, i) => `parallel-${m.id}-${i}`.padEnd(32, "x").slice(0, 40));
    await t.deps.db.insert(shortLinkTokens).values(
      tokens.map((token) => ({
        token,
        userId: m.id,
        shortLinkId: linkId,
        shortUrl: `${ORIGIN}/s/test`,
        createdAt: new Date(now.getTime() - 20_000),
        claimableAt: new Date(now.getTime() - 10_000),
        expiresAt: new Date(now.getTime() + 60_000),
      })),
    );
    const answers = await Promise.all(tokens.map((token) => claim(m, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(2);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(a.body).toEqual({
        success: false,
        error_code: "short_link_daily_limit",
        error_msg: "You have used today's clicks for this link.",
      });
    }
    expect((await balances(t, m.id)).withdrawable).toBe(150);
    expect((await cheats(m)).map((c) => c.reason)).toEqual(["daily_limit", "daily_limit"]);

    const card = (await list(m)).body.msg.shortedLinksData.find((l: { _id: string }) => l._id === linkId);
    expect(card).toMatchObject({
      isDisable: true,
      expireTimer: new Date(Date.parse("2026-03-10T18:30:00Z")).toISOString(),
      completedClicks: 3,
      how_much_click_allow: 3,
    });
    const again = await start(m, { linkId });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe("short_link_daily_limit");
    // a new day in India: the clicks start again
    const saved = clock;
    clock = Date.parse("2026-03-10T18:30:00Z");
    const renewed = (await list(m)).body.msg.shortedLinksData.find((l: { _id: string }) => l._id === linkId);
    expect(renewed).toMatchObject({ isDisable: false, expireTimer: null, completedClicks: 0 });
    clock = saved;
  });

  it("the built-in shortener's AdLinkFly API and its codes", async () => {
    const [builtin] = await t.deps.db.select().from(shorteners).where(eq(shorteners.kind, "builtin"));
    const key = builtin!.apiKey!;
    const api = (q: Record<string, string>) => t.request(`/shortener/api?${new URLSearchParams(q)}`);
    const target = `${ORIGIN}/member/support`;
    const made = await api({ api: key, url: target });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ success: true, status: "success" });
    expect(made.body.shortenedUrl).toMatch(new RegExp(`^${ORIGIN}/s/[A-Za-z0-9]{8}$`));
    expect(made.body.msg).toEqual({ shortenedUrl: made.body.shortenedUrl });
    const code = (made.body.shortenedUrl as string).split("/s/")[1];
    expect((await t.request(`/shortener/${code}`)).body).toEqual({ success: true, msg: { url: target } });

    const text = await api({ api: key, url: target, format: "text", alias: "my-alias" });
    expect(text.status).toBe(200);
    expect(text.body).toBe(`${ORIGIN}/s/my-alias`);
    expect((await t.request("/shortener/my-alias")).body.msg.url).toBe(target);

    const refusals: [Record<string, string>, number, string][] = [
      [{ api: "wrong", url: target }, 403, "Invalid API key."],
      [{ url: target }, 403, "Invalid API key."],
      [
        { api: key, url: "https://elsewhere.example/phish" },
        400,
        "The url must be an http(s) address on this site.",
      ],
      [{ api: key, url: "javascript:alert(1)" }, 400, "The url must be an http(s) address on this site."],
      [
        { api: key, url: `http://user:pw@${HOST}/x` },
        400,
        "The url must be an http(s) address on this site.",
      ],
      [{ api: key }, 400, "The url must be an http(s) address on this site."],
      [{ api: key, url: target, alias: "my-alias" }, 409, "This alias is already used."],
      [{ api: key, url: target, alias: "api" }, 400, "The alias may hold 3 to 30 letters, digits, - and _."],
      [{ api: key, url: target, alias: "a/b" }, 400, "The alias may hold 3 to 30 letters, digits, - and _."],
    ];
    for (const [q, status, message] of refusals) {
      const res = await api(q);
      expect(res.status, JSON.stringify(q)).toBe(status);
      expect(res.body).toMatchObject({
        success: false,
        status: "error",
        message: [message],
        error_msg: message,
      });
    }
    for (const missing of ["nosuchcode", "a", "%20"]) {
      const res = await t.request(`/shortener/${missing}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        error_msg: "Link not found.",
        error_code: "not_found",
      });
    }
  });

  it("operators manage shorteners, links and settings: validated, audited, keys shown as their last 4", async () => {
    const member = await newMember(t);
    const asMember = await t.request("/adminRoute/shortLinks", { cookie: member.cookie });
    expect(asMember.status).toBe(403);
    for (const [method, path] of [
      ["GET", "/adminRoute/shorteners"],
      ["POST", "/adminRoute/shorteners"],
      ["POST", "/adminRoute/shortLinks"],
      ["PATCH", "/adminRoute/shortLinkSettings"],
    ] as const)
      expect(
        (await t.request(path, { method, json: method === "GET" ? undefined : {}, cookie: member.cookie }))
          .status,
      ).toBe(403);

    const op = await newOperator(t);
    const post = (path: string, json: unknown, method = "POST") =>
      t.request(path, { method, json, cookie: op.cookie });
    const bad: [string, unknown, string][] = [
      [
        "/adminRoute/shorteners",
        { name: "X", kind: "adlinkfly", apiUrl: fake.url, domain: "x.test" },
        "An AdLinkFly shortener needs apiUrl, apiKey and domain.",
      ],
      ["/adminRoute/shorteners", { name: "X", kind: "other" }, "kind must be adlinkfly or builtin."],
      [
        "/adminRoute/shorteners",
        { name: "X", kind: "adlinkfly", apiUrl: "ftp://x", apiKey: "k", domain: "x.test" },
        "apiUrl must be an http(s) address.",
      ],
      [
        "/adminRoute/shorteners",
        { name: "X", kind: "adlinkfly", apiUrl: fake.url, apiKey: "k", domain: "not a host" },
        "domain must be a host name such as shrinkme.io.",
      ],
      [
        "/adminRoute/shorteners",
        { name: "Second", kind: "builtin" },
        "The site has a built-in shortener already.",
      ],
      [
        "/adminRoute/shortLinks",
        { name: "L", shortenerId: "nope", timeLabel: "5 m", amount: "0.1", clicksPerDay: 1 },
        "shortenerId names no shortener.",
      ],
    ];
    for (const [path, body, message] of bad) {
      const res = await post(path, body);
      expect(res.status, message).toBeGreaterThanOrEqual(400);
      expect(res.status, message).toBeLessThan(500);
      expect(res.body.error_msg).toBe(message);
    }

    const s = await post("/adminRoute/shorteners", {
      name: "ShrinkMe",
      kind: "adlinkfly",
      apiUrl: "https://shrinkme.io/api",
      apiKey: "secret-key-ABCD",
      domain: "ShrinkMe.io",
    });
    expect(s.body.msg).toMatchObject({
      message: "Shortener saved.",
      shortener: {
        name: "ShrinkMe",
        kind: "adlinkfly",
        apiKey: "…ABCD",
        domain: "shrinkme.io",
        enabled: true,
      },
    });
    const shortenerId = s.body.msg.shortener.id as string;
    const listed = await t.request("/adminRoute/shorteners", { cookie: op.cookie });
    expect(JSON.stringify(listed.body)).not.toContain("secret-key");
    expect(listed.body.msg.records).toContainEqual(
      expect.objectContaining({
        kind: "builtin",
        name: "Site Shortener",
        domain: HOST,
        apiUrl: `${ORIGIN}/shortener/api`,
      }),
    );

    const baseLink = { name: "Op Link", shortenerId, timeLabel: "5 m", amount: "0.120", clicksPerDay: 2 };
    for (const [over, message] of [
      [{ amount: "0" }, "amount must be a positive number of rupees with up to 3 decimals."],
      [{ amount: "0.0001" }, "amount must be a positive number of rupees with up to 3 decimals."],
      [{ timeLabel: "five minutes" }, "timeLabel must look like '30 s', '5 m' or '1 h'."],
      [{ clicksPerDay: 0 }, "clicksPerDay must be a whole number from 1 to 1000."],
      [
        { howToComplete: "javascript:alert(1)" },
        "howToComplete must be an http(s) address or a path of the site such as /member/support.",
      ],
      [
        { howToComplete: "//evil.example" },
        "howToComplete must be an http(s) address or a path of the site such as /member/support.",
      ],
      [{ extra: 1 }, "Unexpected field: extra."],
    ] as const) {
      const res = await post("/adminRoute/shortLinks", { ...baseLink, ...over });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ error_code: "invalid_input", error_msg: message });
    }
    const l = await post("/adminRoute/shortLinks", { ...baseLink, howToComplete: "https://help.example/x" });
    expect(l.body.msg.shortLink).toMatchObject({
      name: "Op Link",
      shortenerName: "ShrinkMe",
      amount: "0.120",
      howToComplete: "https://help.example/x",
      enabled: true,
    });
    const linkId = l.body.msg.shortLink.id as string;
    const disabled = await post(
      `/adminRoute/shortLinks/${linkId}`,
      { enabled: false, amount: "0.2" },
      "PATCH",
    );
    expect(disabled.body.msg.shortLink).toMatchObject({ enabled: false, amount: "0.200" });
    expect((await post(`/adminRoute/shortLinks/${linkId}`, {}, "PATCH")).body.error_msg).toBe(
      "Send at least one field to change.",
    );
    expect(
      (await post("/adminRoute/shortLinks/ffffffffffffffffffffffff", { enabled: true }, "PATCH")).status,
    ).toBe(404);
    expect((await post("/adminRoute/shortLinks/not-an-id", { enabled: true }, "PATCH")).status).toBe(404);
    // a disabled link or shortener is not listed, nor can it be started
    const m = await newMember(t);
    const names = async () =>
      (await list(m)).body.msg.shortedLinksData.map((x: { shortnerName: string }) => x.shortnerName);
    expect(await names()).not.toContain("Op Link");
    expect((await start(m, { linkId })).status).toBe(404);
    await post(`/adminRoute/shortLinks/${linkId}`, { enabled: true }, "PATCH");
    expect(await names()).toContain("Op Link");
    const kindChange = await post(`/adminRoute/shorteners/${shortenerId}`, { kind: "builtin" }, "PATCH");
    expect(kindChange.body.error_msg).toBe("The kind of a shortener cannot be changed.");
    const off = await post(
      `/adminRoute/shorteners/${shortenerId}`,
      { enabled: false, apiKey: "new-key-WXYZ" },
      "PATCH",
    );
    expect(off.body.msg.shortener).toMatchObject({ enabled: false, apiKey: "…WXYZ" });
    expect(await names()).not.toContain("Op Link");

    // settings: the minimum time applies to the next start
    expect(
      (await post("/adminRoute/shortLinkSettings", { minSeconds: 600, expiryMinutes: 10 }, "PATCH")).body
        .error_msg,
    ).toBe("The expiry must be longer than the minimum time.");
    const saved = await post(
      "/adminRoute/shortLinkSettings",
      { minSeconds: 20, instructions: ["<p>Step one</p><script>alert(1)</script>", ""] },
      "PATCH",
    );
    expect(saved.body.msg).toEqual({
      message: "Short link settings saved.",
      minSeconds: 20,
      expiryMinutes: 10,
      instructions: ["<p>Step one</p>"],
    });
    expect((await list(m)).body.msg.other_data_shortLink_instructions).toEqual(["<p>Step one</p>"]);
    await started(m, seeded["Daily Bonus Link"]!);
    const [tok] = await tokensOf(m);
    expect(tok!.claimableAt).toEqual(new Date(clock + 20_000));
    await post("/adminRoute/shortLinkSettings", { minSeconds: 10 }, "PATCH");

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.actorUserId, op.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "short_link.create",
      "short_link.update",
      "short_link.update",
      "short_link_settings.update",
      "short_link_settings.update",
      "shortener.create",
      "shortener.update",
    ]);
    expect(JSON.stringify(audit)).not.toContain("secret-key");
    expect(JSON.stringify(audit)).not.toContain("new-key");
  });

  it("the cheat log filters by channel and names the link", async () => {
    const res = await t.request("/adminRoute/adCheatLog?channel=click_short_link", {
      cookie: operator.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg.records.length).toBeGreaterThan(0);
    for (const r of res.body.msg.records) expect(r.channel).toBe("click_short_link");
    expect(res.body.msg.records).toContainEqual(
      expect.objectContaining({
        reason: "daily_limit",
        shortLinkName: "Quick Link",
        shortLinkId: seeded["Quick Link"],
      }),
    );
    const ads = await t.request("/adminRoute/adCheatLog?channel=ptc_ads", { cookie: operator.cookie });
    expect(ads.body.msg.records).toEqual([]);
    const bad = await t.request("/adminRoute/adCheatLog?channel=games", { cookie: operator.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error_msg).toBe("channel must be ptc_ads or click_short_link.");
    const logged = await t.deps.db
      .select()
      .from(adCheatLog)
      .where(and(eq(adCheatLog.channel, "click_short_link"), eq(adCheatLog.reason, "daily_limit")));
    expect(logged.length).toBe(2);
  });
});
