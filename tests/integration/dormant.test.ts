import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { memberActivity, memberErasures, users, withdrawals } from "../../api/db/schema";
import { forgetTouches, runDormant } from "../../api/members/dormant";
import { setSetting } from "../../api/site/settings";
import { accountBalance } from "../../api/ledger/balances";
import { FORFEITED_ACCOUNT } from "../../api/members/erasure";

/**
 * Dormant accounts (issue 44 §4): off by default; with a period set, a member unseen for it less 48
 * hours is warned by mail in their language with their balance's fate; a visit cancels; 48 hours on
 * the account is erased and its balance forfeited in the ledger (which still balances); the payout
 * policy asks for a normal withdrawal first; two nodes running the job at once act once, and a visit
 * racing the erasure wins or loses whole.
 */
describe.each(drivers("both"))("dormant accounts (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  const DAY = 24 * 60 * 60 * 1000;
  const HOUR = 60 * 60 * 1000;
  const DAYS = 365;
  const T0 = Date.now();
  let clock = T0;
  const at = (ms: number) => new Date(T0 + ms);
  /** When a member last seen at T0 is warned. */
  const WARN = DAYS * DAY - 48 * HOUR;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    await addPayoutMethod(t, owner, "UPI", 10);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    forgetTouches();
    t.mails.length = 0;
  });

  /** A member last seen at T0 (with a balance, and Hindi when asked). */
  async function dormantMember(opts: { milli?: number; hindi?: boolean; bind?: string } = {}) {
    const m = await newMember(t);
    if (opts.bind) await bindPayout(t, m, opts.bind);
    if (opts.milli) await giveEarning(t, m.id, opts.milli);
    if (opts.hindi) await t.deps.db.update(users).set({ language: "hi" }).where(eq(users.id, m.id));
    await t.deps.db
      .insert(memberActivity)
      .values({ userId: m.id, lastSeenAt: at(0) })
      .onConflictDoUpdate({ target: memberActivity.userId, set: { lastSeenAt: at(0) } });
    return m;
  }
  const erased = async (id: string) =>
    (await t.deps.db.select().from(memberErasures).where(eq(memberErasures.userId, id))).length === 1;
  const warnedAt = async (id: string) =>
    (await t.deps.db.select().from(memberActivity).where(eq(memberActivity.userId, id)))[0]?.warnedAt ?? null;

  it("off by default: nobody is warned or erased however long unseen", async () => {
    const m = await dormantMember({ milli: 5000 });
    expect(await runDormant(t.deps, at(10 * DAYS * DAY))).toEqual({
      warned: 0,
      erased: 0,
      paidOut: 0,
      skipped: 0,
    });
    expect(t.mails).toHaveLength(0);
    expect(await erased(m.id)).toBe(false);
    await t.deps.db.delete(memberActivity).where(eq(memberActivity.userId, m.id));
  });

  it("warned 48 hours ahead in their language, once; erased after; the balance forfeited in the ledger", async () => {
    const res = await t.request("/adminRoute/retention", {
      method: "PATCH",
      json: {
        days: {
          sessions: 30,
          sign_ins: 180,
          postback_logs: 30,
          payout_webhook_logs: 30,
          risk_evidence: 365,
          support_messages: 1095,
        },
        dormant_after_days: DAYS,
        dormant_balance_policy: "forfeit",
      },
      cookie: owner.cookie,
    });
    expect(res.body).toEqual({ success: true, msg: "Retention saved." });
    const m = await dormantMember({ milli: 52_500, hindi: true });
    const forfeitedBefore = await accountBalance(t.deps.db, FORFEITED_ACCOUNT).catch(() => 0);
    // A millisecond early: nothing.
    expect((await runDormant(t.deps, at(WARN - 1))).warned).toBe(0);
    const first = await runDormant(t.deps, at(WARN));
    expect(first.warned).toBe(1);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toBe(m.email);
    expect(t.mails[0]!.subject).toContain("48 घंटे");
    expect(t.mails[0]!.text).toContain("₹52.500");
    expect(t.mails[0]!.text).toContain("ज़ब्त");
    // Warned once.
    expect((await runDormant(t.deps, at(WARN + HOUR))).warned).toBe(0);
    expect(t.mails).toHaveLength(1);
    // Not before the 48 hours are over.
    expect((await runDormant(t.deps, at(WARN + 48 * HOUR - 1))).erased).toBe(0);
    expect(await erased(m.id)).toBe(false);
    expect((await runDormant(t.deps, at(WARN + 48 * HOUR))).erased).toBe(1);
    expect(await erased(m.id)).toBe(true);
    expect((await accountBalance(t.deps.db, FORFEITED_ACCOUNT)) - forfeitedBefore).toBe(52_500);
    // The erased member cannot sign in with their old session.
    expect((await t.request("/userRoute/userProfileData_get", { cookie: m.cookie })).status).toBe(401);
    await expectLedgerConsistent(t);
  });

  it("a visit within the 48 hours cancels the erasure", async () => {
    const m = await dormantMember({ milli: 1000 });
    clock = T0 + WARN;
    expect((await runDormant(t.deps, at(WARN))).warned).toBe(1);
    expect(t.mails[0]!.subject).toBe(`${t.deps.config.SITE_NAME}: your account will be deleted in 48 hours`);
    expect(await warnedAt(m.id)).not.toBeNull();
    clock = T0 + WARN + 47 * HOUR;
    expect((await t.request("/userRoute/userProfileData_get", { cookie: m.cookie })).status).toBe(200);
    expect(await warnedAt(m.id)).toBeNull();
    expect((await runDormant(t.deps, at(WARN + 49 * HOUR))).erased).toBe(0);
    expect(await erased(m.id)).toBe(false);
  });

  it("payout policy: a balance over the minimum becomes a withdrawal to the bound account; the member is skipped until it is paid", async () => {
    await setSetting(t.deps.db, "dormant_balance_policy", "payout");
    const m = await dormantMember({ milli: 25_400, bind: "UPI" });
    expect((await runDormant(t.deps, at(WARN))).warned).toBe(1);
    const warning = t.mails.find((x) => x.to === m.email && x.subject.includes("48 hours"));
    expect(warning!.text).toContain("Your balance of ₹25.400 will first be paid to your bound UPI account");
    const run = await runDormant(t.deps, at(WARN + 48 * HOUR));
    expect(run).toMatchObject({ paidOut: 1, erased: 0 });
    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    expect(w).toMatchObject({ amount: 25_000, status: "Pending", methodName: "UPI" });
    expect(await erased(m.id)).toBe(false);
    // Pending: not warned again for a week.
    expect((await runDormant(t.deps, at(WARN + 50 * HOUR))).warned).toBe(0);
    await expectLedgerConsistent(t);
  });

  it("two nodes at once warn once and erase once each; the ledger balances", async () => {
    await setSetting(t.deps.db, "dormant_balance_policy", "forfeit");
    const ms = await Promise.all([1, 2, 3].map((i) => dormantMember({ milli: i * 1000 })));
    const ids = new Set(ms.map((m) => m.email));
    const warn = await Promise.all([runDormant(t.deps, at(WARN)), runDormant(t.deps, at(WARN))]);
    expect(warn[0].warned + warn[1].warned).toBe(3);
    expect(t.mails.filter((x) => ids.has(x.to))).toHaveLength(3);
    const erase = await Promise.all([
      runDormant(t.deps, at(WARN + 48 * HOUR)),
      runDormant(t.deps, at(WARN + 48 * HOUR)),
    ]);
    expect(erase[0].erased + erase[1].erased).toBe(3);
    for (const m of ms) expect(await erased(m.id)).toBe(true);
    await expectLedgerConsistent(t);
  });

  it("a visit racing the erasure wins or loses whole", async () => {
    const m = await dormantMember({ milli: 7000 });
    await runDormant(t.deps, at(WARN));
    clock = T0 + WARN + 48 * HOUR;
    forgetTouches();
    const [visit] = await Promise.all([
      t.request("/userRoute/userProfileData_get", { cookie: m.cookie }),
      runDormant(t.deps, at(WARN + 48 * HOUR)),
    ]);
    const gone = await erased(m.id);
    if (gone) {
      // Lost: erased whole — the session is gone and the balance forfeited.
      expect((await t.request("/userRoute/userProfileData_get", { cookie: m.cookie })).status).toBe(401);
      const [u] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
      expect(u!.email).not.toBe(m.email);
    } else {
      // Won: the visit was seen, the warning is gone, the account whole.
      expect(visit.status).toBe(200);
      expect(await warnedAt(m.id)).toBeNull();
      const [u] = await t.deps.db
        .select()
        .from(users)
        .where(and(eq(users.id, m.id), eq(users.email, m.email)));
      expect(u).toBeDefined();
    }
    await expectLedgerConsistent(t);
  });
});
