import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  campaignDraft,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { memberRisk, riskSignals, users, withdrawals } from "../../api/db/schema";
import { createSession } from "../../api/sessions/sessions";
import { prng } from "../../api/seed/random";
import { DEVICE_COOKIE } from "../../api/risk/links";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Issue 21 §5: fixed-seed simulations through the API, the way members really arrive — sign-up,
 * login, binding a payout account, claims, withdrawals — each from a device (the device cookie)
 * and an address (the web tier's client-address header). Each ring is flagged with the right
 * evidence and held at the default thresholds; 200 honest members behind one carrier address,
 * each on their own device and payout account, are not.
 */
describe.each(drivers("one"))("risk simulations (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  let advertiser: TestMember;
  let seq = 0;
  let clock = Date.parse("2026-11-20T04:30:00Z");
  const tick = (ms: number) => {
    clock += ms;
  };

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 1);
    advertiser = await newMember(t);
  }, 60_000);
  afterAll(() => t.close());

  const from = (device: string, ip: string) => ({
    headers: { "x-internal-token": t.deps.internalToken, "x-client-ip": ip },
    device,
  });
  type Where = ReturnType<typeof from>;
  const cookieOf = (where: Where, session?: string) =>
    [`${DEVICE_COOKIE}=${where.device}`, session].filter(Boolean).join("; ");

  /** Signs up through the API from `where`; answers the member with a session opened there. */
  async function arrive(where: Where, opts: { referBy?: string; login?: boolean } = {}) {
    seq += 1;
    const email = `sim${seq}@example.com`;
    const password = "simulation-pass-1";
    const up = await t.request("/userRoute/signUp", {
      obj: {
        name: `Sim Member`,
        mobile_number: 7000000000 + seq,
        email_address: email,
        password,
        ...SIGN_UP_PRIVACY,
        ...(opts.referBy ? { refer_by: opts.referBy } : {}),
      },
      headers: where.headers,
      cookie: cookieOf(where),
    });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ success: true });
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
    let session: string;
    if (opts.login) {
      const res = await t.request("/userRoute/login", {
        obj: { email_userName: email, password, loginRemember_state: false },
        headers: where.headers,
        cookie: cookieOf(where),
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      session = res.setCookie.find((c) => c.startsWith("sid="))!.split(";")[0]!;
    } else {
      session = `sid=${(await createSession(t.deps.db, u!.id, false)).token}`;
    }
    const member = { id: u!.id, userName: u!.userName, email, password, cookie: cookieOf(where, session) };
    return { ...member, where };
  }
  type Arrived = Awaited<ReturnType<typeof arrive>>;

  async function bind(m: Arrived, upi: string) {
    const res = await t.request("/userRoute/userProfileData_patch", {
      method: "PATCH",
      obj: {
        name: "Sim Member",
        address: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        zip_code: "411001",
        mobile_number: 9876543210,
        withdrawal_method: "UPI",
        withdrawal_account_information: upi,
        current_password: m.password,
      },
      headers: m.where.headers,
      cookie: m.cookie,
    });
    expect(res.body, JSON.stringify(res.body)).toEqual({
      success: true,
      msg: "Profile Updated Successfully!",
    });
  }

  async function withdraw(m: Arrived, rupees: number) {
    const res = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI" },
      headers: m.where.headers,
      cookie: m.cookie,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    const [w] = await t.deps.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, m.id))
      .orderBy(withdrawals.createdAt);
    return w!;
  }

  const openSignals = (userId: string) =>
    t.deps.db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.userId, userId), isNull(riskSignals.clearedAt)));
  const riskOf = async (userId: string) =>
    (await t.deps.db.select().from(memberRisk).where(eq(memberRisk.userId, userId)))[0];
  const heldAt = async (userId: string) =>
    (
      await t.deps.db
        .select({ at: users.withdrawalsHeldAt, why: users.withdrawalsHeldReason })
        .from(users)
        .where(eq(users.id, userId))
    )[0]!;
  const approve = (id: string, confirmRisk = false) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, {
      // Without a payout provider, approving marks paid with the bank's reference (issue 42).
      json: { action: "approve", utr: `AXIS${id.slice(-12)}`, ...(confirmRisk ? { confirmRisk: true } : {}) },
      cookie: operator.cookie,
    });

  it("a ring of 10 accounts on one device with self-referrals: each flagged with its evidence and held", async () => {
    const ring: Arrived[] = [];
    const leader = await arrive(from("ring-device-0000000000000001", "49.36.1.1"), { login: true });
    ring.push(leader);
    for (let i = 1; i < 10; i++)
      ring.push(
        await arrive(from("ring-device-0000000000000001", `49.36.1.${1 + i}`), {
          referBy: leader.userName,
          login: true,
        }),
      );
    const ids = ring.map((m) => m.id);
    for (const m of ring) {
      const signals = await openSignals(m.id);
      const device = signals.find((s) => s.kind === "shared_device");
      expect(device, `shared_device for ${m.userName}`).toBeDefined();
      expect(device!.evidence.device).toBe("ring-device-0000000000000001");
      expect([...device!.evidence.accounts!].sort()).toEqual(ids.filter((id) => id !== m.id).sort());
      const selfReferral = signals.filter((s) => s.kind === "self_referral");
      if (m.id === leader.id) expect(selfReferral).toHaveLength(9);
      else {
        expect(selfReferral).toHaveLength(1);
        expect(selfReferral[0]!.evidence.accounts).toContain(leader.id);
      }
      const risk = await riskOf(m.id);
      expect(risk!.score).toBeGreaterThanOrEqual(DEFAULT_RISK_POLICY.thresholds.hold);
      expect(["hold", "suspend", "ban"]).toContain(risk!.level);
      const held = await heldAt(m.id);
      expect(held.at).not.toBeNull();
      expect(held.why).toMatch(/^Automatic review: risk score \d+ — /);
    }
    // A withdrawal from the ring waits: the hold refuses the approval.
    await bind(ring[3]!, "ringthree@okaxis");
    await giveEarning(t, ring[3]!.id, 50_000);
    const w = await withdraw(ring[3]!, 50);
    expect(w.status).toBe("Pending");
    expect(w.reviewReasons).toEqual(expect.arrayContaining(["first_payout", "risk"]));
    const refused = await approve(w.id, true);
    expect(refused.status).toBe(409);
    expect((await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, w.id)))[0]!.status).toBe(
      "Pending",
    );
    await expectLedgerConsistent(t);
  }, 120_000);

  it("5 accounts withdrawing to one UPI id: each flagged with the shared account and held", async () => {
    const spellings = [
      "Cash.Farm@OkAxis",
      "cash.farm@okaxis",
      " cash.farm@okaxis ",
      "CASH.FARM@OKAXIS",
      "cash.farm @okaxis",
    ];
    const five: Arrived[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await arrive(from(`farm-device-${String(i).padStart(16, "0")}`, `106.76.${i}.9`), {
        login: true,
      });
      await bind(m, spellings[i]!);
      await giveEarning(t, m.id, 80_000);
      five.push(m);
    }
    const pending = [];
    for (const m of five) pending.push(await withdraw(m, 80));
    const ids = five.map((m) => m.id);
    for (const m of five) {
      const payout = (await openSignals(m.id)).find((s) => s.kind === "shared_payout");
      expect(payout, `shared_payout for ${m.userName}`).toBeDefined();
      expect(payout!.evidence.payoutAccount).toBe("upi:cash.farm@okaxis");
      expect([...payout!.evidence.accounts!].sort()).toEqual(ids.filter((id) => id !== m.id).sort());
      expect((await heldAt(m.id)).at).not.toBeNull();
    }
    for (const w of pending) {
      const res = await approve(w.id, true);
      expect(res.status).toBe(409);
    }
    const still = await t.deps.db.select().from(withdrawals).where(inArray(withdrawals.userId, ids));
    expect(still.every((w) => w.status === "Pending")).toBe(true);
  }, 120_000);

  it("a bot claiming at the minimum time every time: flagged with the claims and held", async () => {
    const bot = await arrive(from("bot-device-00000000000000001", "152.58.7.7"));
    const ads: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.request("/advertiserRoute/advertiserDataPost", {
        obj: campaignDraft({ step_3_total_views: 100 }),
        cookie: advertiser.cookie,
      });
      if (res.body.success !== true) {
        // The advertiser's deposit ran out: top it up and try again.
        await giveEarning(t, advertiser.id, 2_000_000);
        await t.request("/userAmount/userBalanceConvertPatch", {
          method: "PATCH",
          obj: { balanceToConvert: 2000, conversionType_state: "withdrawToDeposit" },
          cookie: advertiser.cookie,
        });
        i--;
        continue;
      }
      ads.push(res.body.msg._id as string);
    }
    for (const id of ads) {
      const started = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
        obj: { btnName: id },
        headers: bot.where.headers,
        cookie: bot.cookie,
      });
      expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
      tick(10_000); // exactly the ad's duration
      const claimed = await t.request("/userIncomeRoute/user_PTCAds_income_patch", {
        method: "PATCH",
        obj: { btnName: id, btnClickEarn: 1000, viewToken: started.body.msg.viewToken },
        headers: bot.where.headers,
        cookie: bot.cookie,
      });
      expect(claimed.body, JSON.stringify(claimed.body)).toMatchObject({ success: true });
      tick(2_000);
    }
    const signals = await openSignals(bot.id);
    const kinds = signals.map((s) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(["minimum_time", "regular_interval"]));
    const minimum = signals.find((s) => s.kind === "minimum_time")!;
    expect(minimum.evidence.claims!.length).toBeGreaterThanOrEqual(8);
    expect(minimum.evidence.claims!.every((c) => c.startsWith("ad_view:"))).toBe(true);
    expect((await heldAt(bot.id)).at).not.toBeNull();
  }, 120_000);

  it("200 honest members behind one carrier address, each on their own device and payout account: none flagged", async () => {
    const random = prng(21).next;
    const carrier = "157.32.64.1";
    const honest: Arrived[] = [];
    for (let i = 0; i < 200; i++) {
      const referBy =
        i > 0 && random() < 0.3 ? honest[Math.floor(random() * honest.length)]!.userName : undefined;
      const m = await arrive(from(`honest-device-${String(i).padStart(14, "0")}`, carrier), {
        referBy,
        login: i % 10 === 0,
      });
      honest.push(m);
    }
    for (const [i, m] of honest.entries()) {
      if (i % 4 !== 0) continue;
      await bind(m, `member${i}@ybl`);
      await giveEarning(t, m.id, 20_000);
      await withdraw(m, 20);
    }
    const rows = await t.deps.db
      .select()
      .from(memberRisk)
      .where(
        inArray(
          memberRisk.userId,
          honest.map((m) => m.id),
        ),
      );
    for (const r of rows) {
      expect(r.score, JSON.stringify(r.reasons)).toBeLessThan(DEFAULT_RISK_POLICY.thresholds.flag);
      expect(r.level).toBe("none");
    }
    const held = await t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(
            users.id,
            honest.map((m) => m.id),
          ),
        ),
      );
    for (const h of held) expect((await heldAt(h.id)).at).toBeNull();
    const reviewed = await t.deps.db
      .select()
      .from(withdrawals)
      .where(
        inArray(
          withdrawals.userId,
          honest.map((m) => m.id),
        ),
      );
    expect(reviewed.length).toBe(50);
    expect(reviewed.every((w) => !w.reviewReasons.includes("risk"))).toBe(true);
    // A first payout needs no confirm step: it is marked, and approved like any other.
    const first = reviewed[0]!;
    expect(first.reviewReasons).toEqual(["first_payout"]);
    expect((await approve(first.id)).status).toBe(200);
  }, 300_000);
});
