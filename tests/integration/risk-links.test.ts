import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { rowsOf } from "../../api/db/client";
import {
  memberDevices,
  memberPayoutAccounts,
  memberRisk,
  riskSignals,
  signIns,
  users,
} from "../../api/db/schema";
import { linkedAccounts } from "../../api/risk/linked";
import {
  DEVICE_COOKIE,
  ONE_ACCOUNT_MSG,
  recordEvidence,
  recordOrigin,
  sameDeviceVerdict,
} from "../../api/risk/links";
import {
  maskPayoutAccount,
  normalizePayoutAccount,
  recordPayoutAccount,
} from "../../api/risk/payoutAccounts";
import { clearMember } from "../../api/risk/score";
import { setSetting } from "../../api/site/settings";
import { DEFAULT_RISK_POLICY, type SameDevicePolicy } from "../../shared/risk";
import type { ProxyCheck } from "../../api/lib/proxyCheck";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Links between members (issue 21 §1): the device cookie, devices, addresses and payout
 * accounts, the signals they give, the one-account rule at sign-up, and the linked accounts.
 * Requests come "from the web tier" (its internal token) so the client address is the one given.
 */

const PROXY_IP = "203.0.113.9";
const PROXY_IP_2 = "203.0.113.10";
const KEY = "links-key";

/** A local proxycheck.io stand-in: PROXY_IP and PROXY_IP_2 are proxies, every other address is not. */
async function startProvider(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const ip = decodeURIComponent(/^\/v2\/([^/]+)$/.exec(url.pathname)?.[1] ?? "");
    asked.push(ip);
    res.writeHead(url.searchParams.get("key") === KEY ? 200 : 403, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ status: "ok", [ip]: { proxy: ip === PROXY_IP || ip === PROXY_IP_2 ? "yes" : "no" } }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("normalising payout accounts", () => {
  it("gives one form to the spellings of one account", () => {
    expect(normalizePayoutAccount("UPI", "Name@OkAxis ")).toBe("upi:name@okaxis");
    expect(normalizePayoutAccount("UPI", "name @ okaxis")).toBe("upi:name@okaxis");
    expect(normalizePayoutAccount("Paytm", "+91 98765-43210")).toBe("mobile:9876543210");
    expect(normalizePayoutAccount("Paytm", "9876543210")).toBe("mobile:9876543210");
    expect(normalizePayoutAccount("PhonePe", "098765 43210")).toBe("mobile:9876543210");
    expect(normalizePayoutAccount("Bank Transfer", "A/c 1234 5678 9012, IFSC sbin0001234")).toBe(
      "bank:123456789012:SBIN0001234",
    );
    expect(normalizePayoutAccount("Bank Transfer", "123456789012")).toBe("bank:123456789012");
    expect(normalizePayoutAccount("Other", "  Some Wallet ID  ")).toBe("other:other:some wallet id");
  });

  it("masks the middle in summaries", () => {
    expect(maskPayoutAccount("upi:name@okaxis")).toBe("na**@okaxis");
    expect(maskPayoutAccount("mobile:9876543210")).toBe("98******10");
    expect(maskPayoutAccount("bank:123456789012:SBIN0001234")).toBe("********9012 (SBIN0001234)");
  });
});

describe.each(drivers("one"))("links between members (%s)", (driver) => {
  let t: TestApi;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let operator: TestMember;
  let seq = 0;

  beforeAll(async () => {
    provider = await startProvider();
    t = await startTestApi(driver, {
      PROXY_CHECK_PROVIDER: "proxycheck",
      PROXY_CHECK_URL: provider.url,
      PROXY_CHECK_KEY: KEY,
    });
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 1);
    await addPayoutMethod(t, operator, "Paytm", 1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const policy = (sameDevicePolicy: SameDevicePolicy) =>
    setSetting(t.deps.db, "risk_policy", { ...DEFAULT_RISK_POLICY, sameDevicePolicy });
  const web = (ip: string) => ({ "x-internal-token": t.deps.internalToken, "x-client-ip": ip });
  const device = (n: number) => `dev${String(n).padStart(19, "0")}`;

  async function signUp(where: { device?: string; ip: string }, referBy?: string) {
    seq += 1;
    const email = `links${seq}@example.com`;
    const res = await t.request("/userRoute/signUp", {
      obj: {
        name: "Links Member",
        mobile_number: 7100000000 + seq,
        email_address: email,
        password: "links-password-1",
        ...SIGN_UP_PRIVACY,
        ...(referBy ? { refer_by: referBy } : {}),
      },
      headers: web(where.ip),
      cookie: where.device ? `${DEVICE_COOKIE}=${where.device}` : undefined,
    });
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
    return { res, email, id: u?.id ?? "", userName: u?.userName ?? "" };
  }
  const login = (email: string, where: { device?: string; ip: string }) =>
    t.request("/userRoute/login", {
      obj: { email_userName: email, password: "links-password-1", loginRemember_state: false },
      headers: web(where.ip),
      cookie: where.device ? `${DEVICE_COOKIE}=${where.device}` : undefined,
    });
  const signalsOf = (userId: string, kind?: string) =>
    t.deps.db
      .select()
      .from(riskSignals)
      .where(
        and(
          eq(riskSignals.userId, userId),
          isNull(riskSignals.clearedAt),
          ...(kind ? [eq(riskSignals.kind, kind as never)] : []),
        ),
      );

  it("the API gives a device cookie to a sign-up or login without one, and ignores junk", async () => {
    await policy("flag");
    const a = await signUp({ ip: "49.36.10.1" });
    expect(a.res.body, JSON.stringify(a.res.body)).toMatchObject({ success: true });
    const set = a.res.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(set).toMatch(/^device_id=[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    const id = set!.split(";")[0]!.split("=")[1]!;
    const [row] = await t.deps.db.select().from(memberDevices).where(eq(memberDevices.userId, a.id));
    expect(row).toMatchObject({ deviceId: id, lastIp: "49.36.10.1", lastKind: "signup" });
    const [signIn] = await t.deps.db.select().from(signIns).where(eq(signIns.userId, a.id));
    expect(signIn).toMatchObject({ kind: "signup", deviceId: id });

    // A login carrying the cookie keeps its id; one carrying junk gets a new one.
    const kept = await login(a.email, { ip: "49.36.10.1", device: id });
    expect(kept.body).toMatchObject({ success: true });
    // Renewed with the same id: an active device keeps its cookie past 400 days.
    expect(kept.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(
      new RegExp(`^device_id=${id};`),
    );
    const junk = await login(a.email, { ip: "49.36.10.1", device: "x;<script>" });
    expect(junk.body).toMatchObject({ success: true });
    expect(junk.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(
      /^device_id=[A-Za-z0-9_-]{22};/,
    );
    const devices = await t.deps.db.select().from(memberDevices).where(eq(memberDevices.userId, a.id));
    expect(devices).toHaveLength(2);
    expect(devices.every((d) => /^[A-Za-z0-9_-]{22}$/.test(d.deviceId))).toBe(true);
  });

  it("members on one device: each linked to the others, strength 100 per other account", async () => {
    await policy("flag");
    const d = device(1);
    const three = [];
    for (let i = 0; i < 3; i++) three.push(await signUp({ device: d, ip: `49.36.11.${i + 1}` }));
    for (const m of three) expect(m.res.body).toMatchObject({ success: true });
    const ids = three.map((m) => m.id);
    for (const m of three) {
      const [s] = await signalsOf(m.id, "shared_device");
      expect(s).toMatchObject({
        key: `device:${d}`,
        strength: 200,
        summary: "Device shared with 2 other accounts",
      });
      expect([...s!.evidence.accounts!].sort()).toEqual(ids.filter((x) => x !== m.id).sort());
      expect(s!.evidence.device).toBe(d);
      const [risk] = await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, m.id));
      // 25 × 2 = 50: the hold threshold.
      expect(risk).toMatchObject({ score: 50, level: "hold" });
    }
    // A login of the first from the same device changes nothing.
    expect((await login(three[0]!.email, { device: d, ip: "49.36.11.1" })).body).toMatchObject({
      success: true,
    });
    const [again] = await signalsOf(three[0]!.id, "shared_device");
    expect(again!.strength).toBe(200);
  });

  it("self-referral: a referrer and their referee on one device; on one address only, no signal", async () => {
    await policy("flag");
    const referrer = await signUp({ device: device(2), ip: "49.36.12.1" });
    const referee = await signUp({ device: device(2), ip: "49.36.12.2" }, referrer.userName);
    expect(referee.res.body).toMatchObject({ success: true });
    for (const m of [referrer, referee]) {
      const [s] = await signalsOf(m.id, "self_referral");
      expect(s).toMatchObject({ key: `selfref:${referrer.id}:${referee.id}`, strength: 100 });
      expect(s!.evidence).toEqual({
        device: device(2),
        accounts: [m === referrer ? referee.id : referrer.id],
      });
    }
    // A friend referred behind the same carrier address, on their own phone: linked, not self-referral.
    const friend = await signUp({ device: device(3), ip: "49.36.12.1" }, referrer.userName);
    expect(await signalsOf(friend.id, "self_referral")).toEqual([]);
    const [address] = await signalsOf(friend.id, "shared_address");
    expect(address).toMatchObject({ key: "address:49.36.12.1", strength: 100 });
  });

  it("shared payout accounts, whatever the spelling: the later account scored, 100 per earlier one", async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await bindPayout(t, a, "UPI", "Name@OkAxis ");
    expect(await signalsOf(a.id, "shared_payout")).toEqual([]);
    await bindPayout(t, b, "UPI", "name@okaxis");
    const [s] = await signalsOf(b.id, "shared_payout");
    expect(s).toMatchObject({
      key: "payout:upi:name@okaxis",
      strength: 100,
      summary: "Payout account na**@okaxis shared with 1 other account",
      evidence: { payoutAccount: "upi:name@okaxis", accounts: [a.id] },
    });
    // The earlier holder is not scored for a later account binding it (issue 42).
    expect(await signalsOf(a.id, "shared_payout")).toEqual([]);
    const c = await newMember(t);
    const d = await newMember(t);
    await recordPayoutAccount(t.deps.db, {
      userId: c.id,
      methodName: "Paytm",
      accountInfo: "+91 98765-43210",
    });
    await bindPayout(t, d, "Paytm", "9876543210");
    const [p] = await signalsOf(d.id, "shared_payout");
    expect(p).toMatchObject({ key: "payout:mobile:9876543210", evidence: { accounts: [c.id] } });
    expect(await signalsOf(c.id, "shared_payout")).toEqual([]);
    const [risk] = await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, d.id));
    expect(risk).toMatchObject({ score: 60, level: "hold" });
    // A third account: strength 100 per account bound before it.
    const e = await newMember(t);
    await bindPayout(t, e, "Paytm", "098765 43210");
    const [third] = await signalsOf(e.id, "shared_payout");
    expect(third).toMatchObject({ strength: 200, evidence: { accounts: [c.id, d.id] } });
    expect((await signalsOf(d.id, "shared_payout"))[0]!.strength).toBe(100);
  });

  describe("issue 42: the earlier holder of a payout account is scored only with corroborating evidence", () => {
    const riskOf = async (userId: string) =>
      (await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, userId)))[0] ?? null;
    const heldAt = async (userId: string) =>
      (await t.deps.db.select({ at: users.withdrawalsHeldAt }).from(users).where(eq(users.id, userId)))[0]!
        .at;
    /** The linked accounts on the member's risk page, as an operator reads them. */
    const linkedOnPage = async (userId: string) => {
      const res = await t.request(`/adminRoute/members/${userId}/risk`, { cookie: operator.cookie });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.msg.linked as { id: string; links: { via: string; value: string }[] }[];
    };
    const expectLinked = async (m: { id: string }, other: { id: string }, accountKey: string) =>
      expect((await linkedOnPage(m.id)).find((l) => l.id === other.id)?.links).toContainEqual({
        via: "payout",
        value: maskPayoutAccount(accountKey),
      });
    async function withdraw(m: TestMember, rupees = 5) {
      await giveEarning(t, m.id, rupees * 1000);
      const res = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: rupees, type: "UPI", request_id: `i42-${m.id}-${++seq}` },
        cookie: m.cookie,
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    }
    const onDevice = (userId: string, deviceId: string) =>
      recordOrigin(t.deps.db, t.deps.proxyCheck, {
        userId,
        kind: "login",
        deviceId,
        ip: "49.36.42.1",
        userAgent: null,
      });

    it("(a) a fresh account binding a member's UPI id: the newcomer scored, the member untouched and not held", async () => {
      const victim = await newMember(t);
      await bindPayout(t, victim, "UPI", "victim.a@okaxis");
      const before = await riskOf(victim.id);
      const attacker = await newMember(t);
      await bindPayout(t, attacker, "UPI", " Victim.A@OkAxis");
      const [s] = await signalsOf(attacker.id, "shared_payout");
      expect(s).toMatchObject({
        key: "payout:upi:victim.a@okaxis",
        strength: 100,
        evidence: { payoutAccount: "upi:victim.a@okaxis", accounts: [victim.id] },
      });
      expect(await riskOf(attacker.id)).toMatchObject({ score: 60, level: "hold" });
      expect(await signalsOf(victim.id, "shared_payout")).toEqual([]);
      expect(await riskOf(victim.id)).toEqual(before);
      expect(await heldAt(victim.id)).toBeNull();
      // Operators see the link on both members' pages.
      await expectLinked(victim, attacker, "upi:victim.a@okaxis");
      await expectLinked(attacker, victim, "upi:victim.a@okaxis");

      // The newcomer withdrawing to it: still the newcomer only (the member never withdrew there).
      await withdraw(attacker);
      expect(await signalsOf(victim.id, "shared_payout")).toEqual([]);
      expect(await riskOf(victim.id)).toEqual(before);
      expect(await heldAt(victim.id)).toBeNull();
    });

    it("(b) both on one device: both scored, whichever of the two links came first", async () => {
      const first = await newMember(t);
      const second = await newMember(t);
      await onDevice(first.id, device(42));
      await onDevice(second.id, device(42));
      await bindPayout(t, first, "UPI", "family.b@okaxis");
      await bindPayout(t, second, "UPI", "family.b@okaxis");
      for (const [m, other] of [
        [first, second],
        [second, first],
      ] as const) {
        const [s] = await signalsOf(m.id, "shared_payout");
        expect(s).toMatchObject({
          key: "payout:upi:family.b@okaxis",
          strength: 100,
          evidence: { accounts: [other.id] },
        });
        expect(await heldAt(m.id)).not.toBeNull();
      }

      // The device shared after both bound: the earlier holder is scored when the link appears.
      const early = await newMember(t);
      const late = await newMember(t);
      await bindPayout(t, early, "UPI", "family.b2@okaxis");
      await bindPayout(t, late, "UPI", "family.b2@okaxis");
      expect(await signalsOf(early.id, "shared_payout")).toEqual([]);
      await onDevice(early.id, device(43));
      await onDevice(late.id, device(43));
      const [s] = await signalsOf(early.id, "shared_payout");
      expect(s).toMatchObject({ key: "payout:upi:family.b2@okaxis", evidence: { accounts: [late.id] } });
      expect((await signalsOf(late.id, "shared_payout"))[0]!.strength).toBe(100);
    });

    it("(c) linked by referral: both scored", async () => {
      const referrer = await newMember(t);
      await bindPayout(t, referrer, "UPI", "family.c@okaxis");
      const referee = await newMember(t, { referredBy: referrer.id });
      await bindPayout(t, referee, "UPI", "family.c@okaxis");
      for (const [m, other] of [
        [referrer, referee],
        [referee, referrer],
      ] as const) {
        const [s] = await signalsOf(m.id, "shared_payout");
        expect(s).toMatchObject({ strength: 100, evidence: { accounts: [other.id] } });
        expect(await riskOf(m.id)).toMatchObject({ score: 60, level: "hold" });
      }
      // A referral pair the other way round (the referee bound first) is corroborated too.
      const upline = await newMember(t);
      const downline = await newMember(t, { referredBy: upline.id });
      await bindPayout(t, downline, "UPI", "family.c2@okaxis");
      await bindPayout(t, upline, "UPI", "family.c2@okaxis");
      expect(await signalsOf(downline.id, "shared_payout")).toHaveLength(1);
      expect(await signalsOf(upline.id, "shared_payout")).toHaveLength(1);
    });

    it("(d) both withdrew to it: both scored", async () => {
      const holder = await newMember(t);
      await bindPayout(t, holder, "UPI", "family.d@okaxis");
      await withdraw(holder);
      const newcomer = await newMember(t);
      await bindPayout(t, newcomer, "UPI", "family.d@okaxis");
      // Binding alone: the newcomer only.
      expect(await signalsOf(holder.id, "shared_payout")).toEqual([]);
      expect(await signalsOf(newcomer.id, "shared_payout")).toHaveLength(1);
      await withdraw(newcomer);
      const [s] = await signalsOf(holder.id, "shared_payout");
      expect(s).toMatchObject({
        key: "payout:upi:family.d@okaxis",
        strength: 100,
        evidence: { payoutAccount: "upi:family.d@okaxis", accounts: [newcomer.id] },
      });
      expect(await heldAt(holder.id)).not.toBeNull();
      expect((await signalsOf(newcomer.id, "shared_payout"))[0]!.strength).toBe(100);
      // Cleared by an operator, the same evidence again does not hold the member again.
      await clearMember(t.deps.db, { userId: holder.id, actorUserId: operator.id, note: "One family" });
      expect(await heldAt(holder.id)).toBeNull();
      await withdraw(newcomer);
      await withdraw(holder);
      expect(await signalsOf(holder.id, "shared_payout")).toEqual([]);
      expect(await heldAt(holder.id)).toBeNull();
    });

    it("(e) two fresh accounts binding one UPI id at once: exactly one is the earlier holder, by time then id", async () => {
      for (let i = 0; i < 4; i++) {
        const a = await newMember(t);
        const b = await newMember(t);
        const key = `upi:race${i}.${driver}@okaxis`;
        await Promise.all([
          bindPayout(t, a, "UPI", key.slice(4)),
          bindPayout(t, b, "UPI", key.slice(4).toUpperCase()),
        ]);
        const holders = await t.deps.db
          .select({ userId: memberPayoutAccounts.userId })
          .from(memberPayoutAccounts)
          .where(eq(memberPayoutAccounts.accountKey, key))
          .orderBy(asc(memberPayoutAccounts.firstSeenAt), asc(memberPayoutAccounts.userId));
        expect(holders).toHaveLength(2);
        const [earlier, later] = holders.map((h) => h.userId);
        expect(await signalsOf(earlier!, "shared_payout")).toEqual([]);
        const [s] = await signalsOf(later!, "shared_payout");
        expect(s).toMatchObject({ key: `payout:${key}`, strength: 100, evidence: { accounts: [earlier] } });
        expect(await heldAt(earlier!)).toBeNull();
      }
      // At the very same moment: the older id is the earlier holder, whichever is written first.
      const now = new Date("2026-11-20T04:30:00Z");
      const a = await newMember(t);
      const b = await newMember(t);
      const [older, newer] = [a.id, b.id].sort();
      await Promise.all(
        [newer!, older!].map((userId) =>
          recordPayoutAccount(t.deps.db, {
            userId,
            methodName: "UPI",
            accountInfo: "same.moment@okaxis",
            now,
          }),
        ),
      );
      expect(await signalsOf(older!, "shared_payout")).toEqual([]);
      expect(await signalsOf(newer!, "shared_payout")).toHaveLength(1);
    });
  });

  it("a proxy at sign-up and at login is a signal (the provider asked once per address)", async () => {
    await policy("flag");
    const m = await signUp({ device: device(4), ip: PROXY_IP });
    expect(m.res.body).toMatchObject({ success: true });
    const [s] = await signalsOf(m.id, "proxy");
    expect(s).toMatchObject({
      key: `proxy:${PROXY_IP}`,
      strength: 100,
      evidence: { ip: PROXY_IP, figures: { context: "signup" } },
    });
    const honest = await signUp({ device: device(5), ip: "49.36.13.1" });
    expect((await login(honest.email, { device: device(5), ip: PROXY_IP })).body).toMatchObject({
      success: true,
    });
    const [p] = await signalsOf(honest.id, "proxy");
    expect(p).toMatchObject({ key: `proxy:${PROXY_IP}`, evidence: { figures: { context: "login" } } });
    expect(provider.asked.filter((ip) => ip === PROXY_IP)).toHaveLength(1);
    expect(await signalsOf((await signUp({ device: device(6), ip: "49.36.13.2" })).id, "proxy")).toEqual([]);
  });

  it("a withdrawal from a proxy: its address and device recorded, the proxy signal, the request still made", async () => {
    await policy("flag");
    const m = await newMember(t);
    await bindPayout(t, m, "UPI");
    await giveEarning(t, m.id, 20_000);
    const asked = provider.asked.length;
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 5, type: "UPI", request_id: `proxy-withdrawal-${m.id}` },
      cookie: `${m.cookie}; ${DEVICE_COOKIE}=${device(40)}`,
      headers: web(PROXY_IP_2),
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    const [p] = await signalsOf(m.id, "proxy");
    expect(p).toMatchObject({ key: `proxy:${PROXY_IP_2}`, evidence: { figures: { context: "withdrawal" } } });
    expect(provider.asked.slice(asked)).toEqual([PROXY_IP_2]);
    const seen = await t.deps.db.select().from(memberDevices).where(eq(memberDevices.userId, m.id));
    expect(seen.map((d) => [d.deviceId, d.lastIp, d.lastKind])).toContainEqual([
      device(40),
      PROXY_IP_2,
      "withdrawal",
    ]);
  });

  it("risk evidence commits without waiting for its flush, in its own transaction only", async () => {
    let inside = "";
    await recordEvidence(t.deps.db, async (tx) => {
      const [row] = rowsOf<{ s: string }>(
        await tx.execute(sql`select current_setting('synchronous_commit') as s`),
      );
      inside = row!.s;
    });
    expect(inside).toBe("off");
    const [after] = rowsOf<{ s: string }>(
      await t.deps.db.execute(sql`select current_setting('synchronous_commit') as s`),
    );
    expect(after!.s).toBe("on");
  });

  it("the one-account rule: refuse, flag, off", async () => {
    const first = await signUp({ device: device(7), ip: "49.36.14.1" });
    expect(first.res.body).toMatchObject({ success: true });

    await policy("refuse");
    expect(await sameDeviceVerdict(t.deps.db, device(7))).toEqual({ policy: "refuse", others: [first.id] });
    const refused = await signUp({ device: device(7), ip: "49.36.14.2" });
    expect(refused.res.status).toBe(409);
    expect(refused.res.body).toMatchObject({
      success: false,
      error_msg: ONE_ACCOUNT_MSG,
      error_code: "conflict",
    });
    expect(refused.id).toBe("");
    // Another device behind the same address is not "the same".
    expect((await signUp({ device: device(8), ip: "49.36.14.1" })).res.body).toMatchObject({ success: true });
    // The member already there still logs in from it.
    expect((await login(first.email, { device: device(7), ip: "49.36.14.1" })).body).toMatchObject({
      success: true,
    });

    await policy("flag");
    const flagged = await signUp({ device: device(7), ip: "49.36.14.2" });
    expect(flagged.res.body).toMatchObject({ success: true });
    expect(await signalsOf(flagged.id, "shared_device")).toHaveLength(1);

    await policy("off");
    expect(await sameDeviceVerdict(t.deps.db, device(7))).toBeNull();
    const off = await signUp({ device: device(7), ip: "49.36.14.3" });
    expect(off.res.body).toMatchObject({ success: true });
    // The link is recorded whatever the policy: the policy governs refusal only.
    const [s] = await signalsOf(off.id, "shared_device");
    expect(s!.strength).toBe(200);
    await policy("flag");
  });

  it("200 members behind one carrier address, each on their own device and payout account: none flagged", async () => {
    const carrier = "157.32.64.9";
    const members: string[] = [];
    for (let i = 0; i < 200; i++) {
      const m = await newMember(t);
      members.push(m.id);
      await recordOrigin(t.deps.db, t.deps.proxyCheck, {
        userId: m.id,
        kind: "signup",
        deviceId: `carrier${String(i).padStart(15, "0")}`,
        ip: carrier,
        userAgent: "Mozilla/5.0 (Linux; Android 12)",
      });
      await recordPayoutAccount(t.deps.db, {
        userId: m.id,
        methodName: "UPI",
        accountInfo: `member${i}@ybl`,
      });
    }
    // A login of an early member: only their own signal is looked at, nothing changes.
    const before = await t.deps.db
      .select({ updatedAt: riskSignals.updatedAt })
      .from(riskSignals)
      .where(eq(riskSignals.key, `address:${carrier}`));
    await recordOrigin(t.deps.db, t.deps.proxyCheck, {
      userId: members[0]!,
      kind: "login",
      deviceId: `carrier${"0".repeat(15)}`,
      ip: carrier,
      userAgent: null,
    });
    const after = await t.deps.db
      .select({ updatedAt: riskSignals.updatedAt })
      .from(riskSignals)
      .where(eq(riskSignals.key, `address:${carrier}`));
    expect(after.map((r) => r.updatedAt.getTime()).sort()).toEqual(
      before.map((r) => r.updatedAt.getTime()).sort(),
    );

    const risks = await t.deps.db.select().from(memberRisk).where(inArray(memberRisk.userId, members));
    expect(risks).toHaveLength(200);
    expect(Math.max(...risks.map((r) => r.score))).toBe(15);
    expect(risks.every((r) => r.score < DEFAULT_RISK_POLICY.thresholds.flag && r.level === "none")).toBe(
      true,
    );
    const signals = await t.deps.db.select().from(riskSignals).where(inArray(riskSignals.userId, members));
    expect(new Set(signals.map((s) => s.kind))).toEqual(new Set(["shared_address"]));
  }, 120_000);

  it("linkedAccounts: device, payout, address and referral chain, strongest first", async () => {
    const me = await newMember(t);
    const referrer = await newMember(t);
    await t.deps.db.update(users).set({ referredBy: referrer.id }).where(eq(users.id, me.id));
    const referee = await newMember(t, { referredBy: me.id });
    const onDevice = await newMember(t);
    const onPayout = await newMember(t);
    const onAddress = await newMember(t);
    const stranger = await newMember(t);
    const at = (userId: string, deviceId: string, ip: string) =>
      recordOrigin(t.deps.db, t.deps.proxyCheck, { userId, kind: "login", deviceId, ip, userAgent: null });
    await at(me.id, device(20), "49.36.20.1");
    await at(onDevice.id, device(20), "49.36.20.2");
    await at(onAddress.id, device(21), "49.36.20.1");
    await at(stranger.id, device(22), "49.36.20.3");
    // A second apart: the later binding is the one scored, whatever the clock's resolution.
    const boundAt = new Date();
    await recordPayoutAccount(t.deps.db, {
      userId: me.id,
      methodName: "UPI",
      accountInfo: "linked@okaxis",
      now: boundAt,
    });
    await recordPayoutAccount(t.deps.db, {
      userId: onPayout.id,
      methodName: "UPI",
      accountInfo: "Linked@OkAxis",
      now: new Date(boundAt.getTime() + 1000),
    });

    const linked = await linkedAccounts(t.deps.db, me.id, 10);
    expect(linked.map((l) => [l.id, l.links.map((x) => x.via)])).toEqual([
      [onPayout.id, ["payout"]],
      [onDevice.id, ["device"]],
      ...[
        [referee.id, ["referral"]],
        [referrer.id, ["referral"]],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [onAddress.id, ["address"]],
    ]);
    expect(linked[0]).toMatchObject({
      links: [{ via: "payout", value: "li****@okaxis" }],
      score: 60,
      level: "hold",
    });
    expect(linked.find((l) => l.id === referrer.id)!.links).toEqual([{ via: "referral", value: "referrer" }]);
    expect(linked.some((l) => l.id === me.id || l.id === stranger.id)).toBe(false);
    expect(await linkedAccounts(t.deps.db, me.id, 2)).toHaveLength(2);
    expect(await linkedAccounts(t.deps.db, stranger.id)).toEqual([]);
  });

  it("a recording failure never breaks a login", async () => {
    const m = await signUp({ device: device(30), ip: "49.36.30.1" });
    const real = t.deps.proxyCheck;
    const broken: ProxyCheck = {
      enabled: true,
      isProxy: async () => {
        throw new Error("provider exploded");
      },
    };
    t.deps.proxyCheck = broken;
    try {
      const res = await login(m.email, { device: device(30), ip: "49.36.30.1" });
      expect(res.body).toMatchObject({ success: true });
      expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(true);
    } finally {
      t.deps.proxyCheck = real;
    }
  });
});
