import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  journalEntries,
  memberDailyEarnings,
  taskWallPostbacks,
  taskWallTransactions,
} from "../../api/db/schema";
import { handlePostback, type PostbackDeps } from "../../api/taskWalls/postbacks";
import { pendingAccount, releaseDueCredits, sweepDueCredits } from "../../api/ledger/holds";
import { PLATFORM, accountBalance, memberDebt } from "../../api/ledger/ledger";
import { istDay } from "../../api/ledger/earningKinds";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { balances, expectLedgerConsistent, newMember, newOperator, type TestMember } from "../support/money";

/**
 * Postbacks as networks really send them, and pending offer credits (issue 21 §3): goal ids join
 * the duplicate key, pending statuses credit nothing, test callbacks are refused in production,
 * the Lootably SHA-256 scheme; credits above a wall's threshold are held (pending account), then
 * released after the hold with the referrer paid, or cancelled by a reversal inside it. Signed
 * here independently with node:crypto.
 */
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = "lootably-secret-1";
const FIELDS = ["user_id", "transaction_id", "goal_id", "currency_reward", "status", "debug"] as const;

/** A Lootably-style wall (sha256_fields), 1 point = ₹0.010, held 7 days above ₹1. */
const HELD_WALL = {
  name: "Lootably style",
  frameUrlTemplate: "https://wall.lootably.example/?placementID=p&sid={user_id}",
  secret: SECRET,
  scheme: "sha256_fields",
  signatureFields: [...FIELDS],
  signatureSeparator: ":",
  signatureParam: "hash",
  userParam: "user_id",
  transactionParam: "transaction_id",
  amountParam: "currency_reward",
  statusParam: "status",
  reversalStatuses: ["reversed"],
  goalParam: "goal_id",
  pendingStatuses: ["pending"],
  debugParam: "debug",
  holdDays: 7,
  holdThreshold: "1",
  milliPerPoint: 10,
  capPerPostback: "50",
};

describe.each(drivers("both"))("task-wall holds and realistic postbacks (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  let held: string;
  let open: string;
  // A fixed instant near the real one: the dashboard reads with the real clock.
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  let now = start;
  let deps: PostbackDeps;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => now;
    deps = { db: t.deps.db, clock: () => now, realtime: t.deps.realtime, config: t.deps.config };
    operator = await newOperator(t);
    const create = async (wall: Record<string, unknown>) => {
      const res = await t.request("/adminRoute/offerWalls", { json: wall, cookie: operator.cookie });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      return res.body.msg.wall._id as string;
    };
    held = await create(HELD_WALL);
    open = await create({ ...HELD_WALL, name: "No hold", holdDays: 0 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    now = start;
    await expectLedgerConsistent(t);
  });

  type Params = Partial<Record<(typeof FIELDS)[number], string>>;
  /** The network's callback: its parameters signed sha256(user:tx:goal:reward:status:debug:secret). */
  function signed(wallId: string, p: Params, secret = SECRET) {
    const query = new URLSearchParams(
      Object.entries(p).filter(([, v]) => v !== undefined) as [string, string][],
    );
    const hash = sha256([...FIELDS.map((f) => p[f] ?? ""), secret].join(":"));
    return `/postback/offerwall/${wallId}?${query.toString()}&hash=${hash}`;
  }
  const callback = (wallId: string, p: Params, over: Partial<PostbackDeps> = {}, secret?: string) =>
    handlePostback({ ...deps, ...over }, wallId, {
      method: "GET",
      pathAndQuery: signed(wallId, p, secret),
      headers: {},
      body: null,
      ip: "127.0.0.1",
      origin: "network",
      origins: [],
    });
  const withdrawable = async (m: TestMember) => (await balances(t, m.id)).withdrawable;
  const pending = (m: TestMember) => accountBalance(t.deps.db, pendingAccount(m.id)).catch(() => 0);
  const rowsOf = (wallId: string, transactionId: string) =>
    t.deps.db
      .select()
      .from(taskWallTransactions)
      .where(
        and(eq(taskWallTransactions.wallId, wallId), eq(taskWallTransactions.transactionId, transactionId)),
      );
  const entry = async (key: string) =>
    (await t.deps.db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key)))[0];
  const later = (days: number) => new Date(start.getTime() + days * DAY_MS);

  it("sha256_fields: a signed callback is credited, a bad signature refused", async () => {
    const m = await newMember(t);
    const forged = await callback(
      open,
      { user_id: m.id, transaction_id: "s-1", currency_reward: "50" },
      {},
      "x",
    );
    expect(forged).toMatchObject({ status: 403, verdict: "bad_signature" });
    const tampered = await handlePostback(deps, open, {
      method: "GET",
      pathAndQuery: signed(open, { user_id: m.id, transaction_id: "s-1", currency_reward: "50" }).replace(
        "currency_reward=50",
        "currency_reward=500",
      ),
      headers: {},
      body: null,
      ip: "127.0.0.1",
      origin: "network",
      origins: [],
    });
    expect(tampered).toMatchObject({ status: 403, verdict: "bad_signature" });
    expect(await withdrawable(m)).toBe(0);
    const ok = await callback(open, { user_id: m.id, transaction_id: "s-1", currency_reward: "50" });
    expect(ok).toMatchObject({ status: 200, body: "1", verdict: "credited" });
    expect(await withdrawable(m)).toBe(500);
    // Without a goal the ledger key is the one credits always had.
    expect(await entry(`offerwall:${open}:s-1`)).toMatchObject({ kind: "offerWall", userId: m.id });
  });

  it("goal ids: one credit per (transaction, goal), each goal deduplicated; a reversal names its goal", async () => {
    const m = await newMember(t);
    const goal = (g: string | undefined, extra: Params = {}) =>
      callback(open, { user_id: m.id, transaction_id: "g-1", goal_id: g, currency_reward: "20", ...extra });
    expect((await goal("install")).verdict).toBe("credited");
    expect((await goal("level-5")).verdict).toBe("credited");
    expect((await goal(undefined)).verdict).toBe("credited");
    expect(await goal("install")).toMatchObject({ status: 200, verdict: "duplicate" });
    expect((await goal("level-5")).verdict).toBe("duplicate");
    expect(await withdrawable(m)).toBe(600);
    expect((await rowsOf(open, "g-1")).map((r) => r.goalId).sort()).toEqual(["", "install", "level-5"]);
    expect(await entry(`offerwall-goal:${open}:g-1:install`)).toMatchObject({ kind: "offerWall" });
    expect(await entry(`offerwall:${open}:g-1`)).toMatchObject({ kind: "offerWall" });
    const [logged] = await t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(and(eq(taskWallPostbacks.transactionId, "g-1"), eq(taskWallPostbacks.goalId, "level-5")));
    expect(logged).toMatchObject({ verdict: "credited", userId: m.id });

    // The reversal of one goal takes that goal's credit back, once.
    expect((await goal("level-5", { status: "reversed" })).verdict).toBe("reversed");
    expect((await goal("level-5", { status: "reversed" })).verdict).toBe("reversal_duplicate");
    expect((await goal("no-such-goal", { status: "reversed" })).verdict).toBe("reversal_without_original");
    expect(await withdrawable(m)).toBe(400);
    // A goal id longer than 200 characters is refused.
    expect(await goal("g".repeat(201))).toMatchObject({ status: 400, verdict: "invalid_params" });
  });

  it("a pending status records and credits nothing; the final callback credits once", async () => {
    const m = await newMember(t);
    const p = { user_id: m.id, transaction_id: "p-1", currency_reward: "30" };
    const first = await callback(open, { ...p, status: "pending" });
    expect(first).toMatchObject({ status: 200, body: "1", verdict: "pending" });
    expect((await callback(open, { ...p, status: "pending" })).verdict).toBe("pending");
    expect(await withdrawable(m)).toBe(0);
    expect(await rowsOf(open, "p-1")).toEqual([]);
    expect((await callback(open, { ...p, status: "completed" })).verdict).toBe("credited");
    expect((await callback(open, { ...p, status: "completed" })).verdict).toBe("duplicate");
    expect(await withdrawable(m)).toBe(300);
    const verdicts = await t.deps.db
      .select({ verdict: taskWallPostbacks.verdict })
      .from(taskWallPostbacks)
      .where(eq(taskWallPostbacks.transactionId, "p-1"));
    expect(verdicts.map((v) => v.verdict).sort()).toEqual(["credited", "duplicate", "pending", "pending"]);
  });

  it("test callbacks: refused in production (nothing credited), accepted and marked elsewhere", async () => {
    const m = await newMember(t);
    const production = { config: { ...t.deps.config, NODE_ENV: "production" as const, SEED_DEMO: false } };
    for (const debug of ["1", "true", "YES"]) {
      const refused = await callback(
        open,
        { user_id: m.id, transaction_id: `d-${debug}`, currency_reward: "10", debug },
        production,
      );
      expect(refused).toMatchObject({
        status: 403,
        verdict: "test_refused",
        body: "Test callbacks are not accepted in production.",
      });
    }
    expect(await withdrawable(m)).toBe(0);
    // debug=0 is a normal callback, in production too.
    expect(
      (
        await callback(
          open,
          { user_id: m.id, transaction_id: "d-0", currency_reward: "10", debug: "0" },
          production,
        )
      ).verdict,
    ).toBe("credited");
    // Outside production (this test install): credited, and the log says it was a test.
    const accepted = await callback(open, {
      user_id: m.id,
      transaction_id: "d-t",
      currency_reward: "10",
      debug: "1",
    });
    expect(accepted).toMatchObject({ status: 200, verdict: "credited" });
    expect(accepted.detail).toMatch(/\(test callback\)$/);
    const [logged] = await t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(eq(taskWallPostbacks.transactionId, "d-t"));
    expect(logged!.detail).toMatch(/\(test callback\)$/);
    expect(await withdrawable(m)).toBe(200);
  });

  it("a held credit is pending, not withdrawable; released after the hold with the referrer paid", async () => {
    const referrer = await newMember(t);
    const m = await newMember(t, { referredBy: referrer.id });
    const p = { user_id: m.id, transaction_id: "h-1", currency_reward: "500" };
    const answer = await callback(held, p);
    expect(answer).toMatchObject({ status: 200, verdict: "credited" });
    expect(answer.detail).toMatch(/pending until/);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect(await pending(m)).toBe(5_000);
    expect(await withdrawable(referrer)).toBe(0);
    const [row] = await rowsOf(held, "h-1");
    expect(row!.heldUntil!.getTime()).toBe(later(7).getTime());
    expect(row!.releasedAt).toBeNull();
    // No earning yet: not rolled up, no offerWall entry.
    expect(await entry(`offerwall:${held}:h-1`)).toBeUndefined();
    expect(await entry(`offerwall-hold:${held}:h-1`)).toMatchObject({ kind: "offerWall_pending" });

    // At or below the threshold (₹1): not held.
    expect(
      (await callback(held, { user_id: m.id, transaction_id: "h-small", currency_reward: "100" })).verdict,
    ).toBe("credited");
    expect(await withdrawable(m)).toBe(1_000);

    // Both pages show it.
    const wallPage = await t.request("/userIncomeRoute/user_offerWall_get", { cookie: m.cookie });
    expect(wallPage.body.msg).toMatchObject({
      pending_offerWall: "5.000",
      pending_offerWall_credits: [
        { amount: "5.000", pendingUntil: later(7).toISOString(), wallName: "Lootably style" },
      ],
    });
    const dashboard = await t.request("/userRoute/userDataGet_dashboard", { cookie: m.cookie });
    expect(dashboard.body.msg).toMatchObject({
      userAvailableBalance: "1.000",
      pending_offerWall: "5.000",
      pending_offerWall_credits: [{ amount: "5.000", pendingUntil: later(7).toISOString() }],
    });

    // A day before the end: still held.
    expect(await releaseDueCredits(t.deps.db, { userId: m.id, now: later(6) })).toBe(0);
    expect(await withdrawable(m)).toBe(1_000);

    // After the hold: released once, as the earning of the release day, the referrer's 10 % with it.
    expect(await releaseDueCredits(t.deps.db, { userId: m.id, now: later(7) })).toBe(1);
    expect(await releaseDueCredits(t.deps.db, { userId: m.id, now: later(8) })).toBe(0);
    expect(await withdrawable(m)).toBe(6_000);
    expect(await pending(m)).toBe(0);
    expect(await withdrawable(referrer)).toBe(100 + 500);
    expect(await entry(`offerwall:${held}:h-1`)).toMatchObject({ kind: "offerWall", userId: m.id });
    expect(await entry(`referral:offerwall:${held}:h-1`)).toMatchObject({ userId: referrer.id });
    const [released] = await rowsOf(held, "h-1");
    expect(released!.releasedAt!.getTime()).toBe(later(7).getTime());
    const [rollUp] = await t.deps.db
      .select()
      .from(memberDailyEarnings)
      .where(
        and(
          eq(memberDailyEarnings.userId, m.id),
          eq(memberDailyEarnings.day, istDay(later(7))),
          eq(memberDailyEarnings.kind, "offerWall"),
        ),
      );
    expect(Number(rollUp!.amount)).toBe(5_000);

    // A reversal after the release takes it back as before: from the balance, the rest as debt.
    const outcome = await callback(held, { ...p, status: "reversed" });
    expect(outcome.verdict).toBe("reversed");
    expect(await withdrawable(m)).toBe(1_000);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    expect(await withdrawable(referrer)).toBe(100);
  });

  it("a reversal inside the hold cancels the pending credit: no debt, no referral, nothing released later", async () => {
    const referrer = await newMember(t);
    const m = await newMember(t, { referredBy: referrer.id });
    const p = { user_id: m.id, transaction_id: "c-1", currency_reward: "300" };
    expect((await callback(held, p)).verdict).toBe("credited");
    expect(await pending(m)).toBe(3_000);
    now = later(3);
    const reversed = await callback(held, { ...p, status: "reversed" });
    expect(reversed).toMatchObject({ status: 200, verdict: "reversed" });
    expect(reversed.detail).toMatch(/no debt/);
    expect(await pending(m)).toBe(0);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect((await rowsOf(held, "c-1")).find((r) => r.kind === "credit")!.cancelledAt!.getTime()).toBe(
      later(3).getTime(),
    );
    expect(await releaseDueCredits(t.deps.db, { userId: m.id, now: later(30) })).toBe(0);
    expect(await withdrawable(m)).toBe(0);
    expect(await withdrawable(referrer)).toBe(0);
    expect((await callback(held, { ...p, status: "reversed" })).verdict).toBe("reversal_duplicate");
    const pageAfter = await t.request("/userIncomeRoute/user_offerWall_get", { cookie: m.cookie });
    expect(pageAfter.body.msg).toMatchObject({ pending_offerWall: "0.000", pending_offerWall_credits: [] });
  });

  it("a partial reversal inside the hold cancels that part; the rest is released", async () => {
    const m = await newMember(t);
    const p = { user_id: m.id, transaction_id: "pr-1", currency_reward: "400" };
    expect((await callback(held, p)).verdict).toBe("credited");
    expect((await callback(held, { ...p, currency_reward: "150", status: "reversed" })).verdict).toBe(
      "reversed",
    );
    expect(await pending(m)).toBe(2_500);
    expect(await releaseDueCredits(t.deps.db, { userId: m.id, now: later(7) })).toBe(1);
    expect(await withdrawable(m)).toBe(2_500);
    expect(await pending(m)).toBe(0);
  });

  it("parallel duplicate postbacks of a held credit hold it once", async () => {
    const m = await newMember(t);
    const p = { user_id: m.id, transaction_id: "par-1", goal_id: "step-2", currency_reward: "700" };
    const answers = await Promise.all(Array.from({ length: 12 }, () => callback(held, p)));
    expect(answers.filter((a) => a.verdict === "credited")).toHaveLength(1);
    expect(answers.filter((a) => a.verdict === "duplicate")).toHaveLength(11);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await pending(m)).toBe(7_000);
    expect(await rowsOf(held, "par-1")).toHaveLength(1);
  });

  it("parallel releases (the member's reads and the postback sweeps) release each credit once", async () => {
    const referrer = await newMember(t);
    const m = await newMember(t, { referredBy: referrer.id });
    for (const i of [1, 2, 3])
      expect(
        (await callback(held, { user_id: m.id, transaction_id: `pr-${i}-x`, currency_reward: "200" }))
          .verdict,
      ).toBe("credited");
    const due = later(7);
    const counts = await Promise.all([
      ...Array.from({ length: 6 }, () => releaseDueCredits(t.deps.db, { userId: m.id, now: due })),
      ...Array.from({ length: 3 }, () => sweepDueCredits(t.deps.db, due)),
    ]);
    // Other tests' held credits are due too: count this member's only.
    const rows = await t.deps.db
      .select()
      .from(taskWallTransactions)
      .where(and(eq(taskWallTransactions.userId, m.id), eq(taskWallTransactions.kind, "credit")));
    expect(rows.every((r) => r.releasedAt !== null)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(await withdrawable(m)).toBe(6_000);
    expect(await pending(m)).toBe(0);
    expect(await withdrawable(referrer)).toBe(600);
  });

  it("the sweep after any postback releases other members' due credits", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    expect(
      (await callback(held, { user_id: m.id, transaction_id: "sw-1", currency_reward: "250" })).verdict,
    ).toBe("credited");
    expect(await pending(m)).toBe(2_500);
    now = later(8);
    // Another member's postback, on another wall, a week later.
    expect(
      (await callback(open, { user_id: other.id, transaction_id: "sw-2", currency_reward: "10" })).verdict,
    ).toBe("credited");
    expect(await pending(m)).toBe(0);
    expect(await withdrawable(m)).toBe(2_500);
  });

  it("operators set the new fields; the rules between them are checked", async () => {
    const patch = (body: Record<string, unknown>) =>
      t.request(`/adminRoute/offerWalls/${held}`, { method: "PATCH", json: body, cookie: operator.cookie });
    const refused = async (
      res: { status: number; body: { error_msg?: string } },
      message: string | RegExp,
    ) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error_code: "invalid_input" });
      expect(res.body.error_msg).toMatch(message);
    };
    await refused(await patch({ holdDays: 91 }), "holdDays must be a whole number from 0 to 90.");
    await refused(await patch({ holdDays: 1.5 }), "holdDays must be a whole number from 0 to 90.");
    await refused(await patch({ holdThreshold: "-1" }), /holdThreshold must be rupees/);
    await refused(await patch({ pendingStatuses: ["reversed"] }), /both a pending status and a reversal/);
    await refused(await patch({ goalParam: "user_id" }), /goalParam must be a parameter of its own/);
    await refused(await patch({ debugParam: "goal_id" }), /debugParam must be a parameter of its own/);
    await refused(await patch({ statusParam: null }), /reversalStatuses need statusParam/);
    const saved = await patch({ holdDays: 3, holdThreshold: "2.5", pendingStatuses: ["pending", "held"] });
    expect(saved.body.msg.wall).toMatchObject({
      holdDays: 3,
      holdThreshold: "2.500",
      pendingStatuses: ["pending", "held"],
      goalParam: "goal_id",
      debugParam: "debug",
      scheme: "sha256_fields",
    });
    await patch({ holdDays: 7, holdThreshold: "1", pendingStatuses: ["pending"] });
    // sha256_fields needs its fields, and a separator or an allow-list.
    const res = await t.request("/adminRoute/offerWalls", {
      json: { ...HELD_WALL, signatureFields: [] },
      cookie: operator.cookie,
    });
    await refused(res, "sha256_fields needs signatureFields: the parameters signed, in order.");
    const noSeparator = await t.request("/adminRoute/offerWalls", {
      json: { ...HELD_WALL, signatureSeparator: "" },
      cookie: operator.cookie,
    });
    await refused(noSeparator, /sha256_fields without a signature separator needs an IP allow-list/);
    expect(await accountBalance(t.deps.db, PLATFORM.offerWalls)).toBeLessThan(0);
  });
});
