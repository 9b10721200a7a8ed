import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  createGiftCode,
  expectLedgerConsistent,
  inAnHour,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import { auditLog, balanceAdjustments, giftCodeClaims, giftCodes, limitChanges } from "../../api/db/schema";
import { LIMIT_MESSAGES, LIMIT_RAISE_DELAY_HOURS } from "../../api/site/limits";
import { GIFT_CODE_MESSAGES } from "../../api/giftCodes/giftCodes";
import { payoutPolicy } from "../../api/payouts/policy";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * One owner cannot get past four eyes (issue 42 §1, ADR 0030): a member's adjustments of the day
 * count together toward the approval threshold; raising any money limit waits 24 hours, visible to
 * every owner, who can cancel it; a gift code above the gift-code threshold opens only after the
 * same delay; a gift code can be disabled.
 */
describe.each(drivers("both"))("money limits one owner cannot raise alone (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let otherOwner: TestMember;
  let n = 0;
  const key = () => `limits-${driver}-${++n}-${Math.random().toString(36).slice(2, 10)}`;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    otherOwner = await newOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The delay has passed: every scheduled raise's time is now (as 24 hours of waiting would make it). */
  const delayPasses = async () => {
    await t.deps.db
      .update(limitChanges)
      .set({ effectiveAt: sql`now() - interval '1 second'` })
      .where(eq(limitChanges.status, "scheduled"));
    await t.deps.db
      .update(giftCodes)
      .set({ activeFrom: sql`now() - interval '1 second'` })
      .where(sql`${giftCodes.activeFrom} > now()`);
  };

  const adjust = (memberId: string, amount: string, op = owner) =>
    t.request(`/adminRoute/members/${memberId}/adjustments`, {
      json: {
        requestKey: key(),
        reason: "Make good a missed credit",
        direction: "credit",
        balance: "withdrawable",
        amount,
      },
      cookie: op.cookie,
    });

  const threshold = async () =>
    (await t.request("/adminRoute/adjustments/settings", { cookie: owner.cookie })).body.msg as {
      threshold: string;
      scheduled: { id: string; value: string; effective_at: string } | null;
    };

  const setThreshold = (rupees: string, op = owner) =>
    t.request("/adminRoute/adjustments/settings", {
      method: "PATCH",
      json: { threshold: rupees },
      cookie: op.cookie,
    });

  it("splitting does not help: ten credits at the threshold sent at once post one, the rest wait for a second operator", async () => {
    expect((await threshold()).threshold).toBe("1000.000");
    const m = await newMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(m.id, "1000")));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const statuses = answers.map((a) => a.body.msg.adjustment.status).sort();
    expect(statuses).toEqual([...Array(9).fill("pending"), "posted"]);
    expect((await balances(t, m.id)).withdrawable).toBe(1_000_000);
    // A small one later the same day waits too: the day's total is past the threshold.
    const small = await adjust(m.id, "1");
    expect(small.body.msg.adjustment.status).toBe("pending");
    const rows = await t.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.userId, m.id));
    expect(rows.filter((r) => r.status === "posted")).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it("raising the adjustment threshold waits 24 hours; ₹5,00,000 alone still waits for a second operator", async () => {
    const raised = await setThreshold("1000000");
    expect(raised.status).toBe(200);
    expect(raised.body.msg).toMatch(/takes effect in 24 hours/);
    const read = await threshold();
    expect(read.threshold).toBe("1000.000");
    expect(read.scheduled).toMatchObject({ value: "1000000.000" });
    const due = new Date(read.scheduled!.effective_at).getTime() - Date.now();
    expect(due).toBeGreaterThan((LIMIT_RAISE_DELAY_HOURS - 1) * 3600_000);
    const m = await newMember(t);
    const big = await adjust(m.id, "500000");
    expect(big.body.msg.adjustment.status).toBe("pending");
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    // Audited with the value in force and the one scheduled.
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "settings.adjustment_approval_threshold"),
          eq(auditLog.actorUserId, owner.id),
        ),
      );
    expect(audit?.before).toMatchObject({ adjustment_approval_threshold: 1_000_000 });
    expect(audit?.after).toMatchObject({
      adjustment_approval_threshold: 1_000_000,
      scheduled: 1_000_000_000,
    });
    // The other owner sees it and cancels it: nothing changes.
    const list = await t.request("/adminRoute/limitChanges", { cookie: otherOwner.cookie });
    expect(list.body.msg.records).toEqual([
      expect.objectContaining({
        id: read.scheduled!.id,
        name: "Adjustment approval threshold",
        status: "scheduled",
      }),
    ]);
    const cancel = await t.request(`/adminRoute/limitChanges/${read.scheduled!.id}/cancel`, {
      json: {},
      cookie: otherOwner.cookie,
    });
    expect(cancel.body).toEqual({ success: true, msg: LIMIT_MESSAGES.cancelled });
    const again = await t.request(`/adminRoute/limitChanges/${read.scheduled!.id}/cancel`, {
      json: {},
      cookie: otherOwner.cookie,
    });
    expect(again.status).toBe(409);
    await delayPasses();
    expect((await threshold()).threshold).toBe("1000.000");
  });

  it("a raise nobody cancels takes effect after the delay; lowering takes effect at once and replaces a waiting raise", async () => {
    await setThreshold("2000");
    expect((await threshold()).threshold).toBe("1000.000");
    await delayPasses();
    expect((await threshold()).threshold).toBe("2000.000");
    const m = await newMember(t);
    expect((await adjust(m.id, "1500")).body.msg.adjustment.status).toBe("posted");
    // Written into the settings when owners look, under system:limits.
    await t.request("/adminRoute/limitChanges", { cookie: owner.cookie });
    const [applied] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "limits.apply"));
    expect(applied?.actorUserId).toBe("system:limits");
    // A raise, then a lower value: the lower one is in force now and the raise is gone.
    await setThreshold("9000");
    const lowered = await setThreshold("500");
    expect(lowered.body.msg).toBe("Approval threshold saved.");
    const read = await threshold();
    expect(read).toEqual({ threshold: "500.000", scheduled: null });
    await delayPasses();
    expect((await threshold()).threshold).toBe("500.000");
    await setThreshold("1000");
    await delayPasses();
    expect((await threshold()).threshold).toBe("1000.000");
  });

  it("the payout policy: tightening applies at once, raising the four-eyes amount or the daily limit waits", async () => {
    const save = (body: { daily_limit: number; four_eyes_above: number }) =>
      t.request("/adminRoute/payouts/policy", { method: "PATCH", json: body, cookie: owner.cookie });
    expect((await save({ daily_limit: 50_000, four_eyes_above: 2_000 })).body.msg).toBe(
      "Payout policy saved.",
    );
    // Four eyes raised, daily limit lowered: the lower limit now, the raise after the delay.
    const mixed = await save({ daily_limit: 40_000, four_eyes_above: 500_000 });
    expect(mixed.body.msg).toMatch(/takes effect in 24 hours/);
    expect(await payoutPolicy(t.deps.db)).toEqual({ dailyLimit: 40_000_000, fourEyesAbove: 2_000_000 });
    const read = await t.request("/adminRoute/payouts", { cookie: owner.cookie });
    expect(read.body.msg.scheduled).toMatchObject({
      daily_limit: "40000.000",
      four_eyes_above: "500000.000",
    });
    // "No daily limit" (0) is the loosest: it waits too.
    await save({ daily_limit: 0, four_eyes_above: 2_000 });
    expect(await payoutPolicy(t.deps.db)).toEqual({ dailyLimit: 40_000_000, fourEyesAbove: 2_000_000 });
    await delayPasses();
    expect(await payoutPolicy(t.deps.db)).toEqual({ dailyLimit: 0, fourEyesAbove: 2_000_000 });
    // Back to the defaults for the rest of the file.
    await save({ daily_limit: 100_000, four_eyes_above: 5_000 });
    await delayPasses();
    expect(await payoutPolicy(t.deps.db)).toEqual({ dailyLimit: 100_000_000, fourEyesAbove: 5_000_000 });
  });

  it("only owners see and cancel scheduled raises", async () => {
    const payouts = await newOperator(t, ["payouts"]);
    const list = await t.request("/adminRoute/limitChanges", { cookie: payouts.cookie });
    expect(list.status).toBe(403);
    expect(list.body.error_msg).toBe(ROLE_REFUSED);
    const bad = await t.request("/adminRoute/limitChanges?status=nope", { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    const unknown = await t.request("/adminRoute/limitChanges/nope/cancel", {
      json: {},
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(404);
  });

  it("a gift code above the threshold opens after the delay unless an owner cancels it; its total value is exact", async () => {
    const code = `BIG${key().slice(-6).toUpperCase()}`;
    const made = await t.request("/adminRoute/giftCodes", {
      json: { code, amount: "1000000000", claim_limit: 1_000_000, expires_at: inAnHour() },
      cookie: owner.cookie,
    });
    expect(made.status).toBe(200);
    expect(made.body.msg).toMatch(/above the gift-code threshold/);
    const list = await t.request("/adminRoute/giftCodes", { cookie: owner.cookie });
    const row = list.body.msg.records.find((r: { code: string }) => r.code === code);
    expect(row).toMatchObject({ state: "scheduled", total_value: "1000000000000000.000" });
    expect(list.body.msg.threshold).toBe("10000.000");
    const m = await newMember(t);
    const claim = () =>
      t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
        method: "PATCH",
        json: { giftCode_state: code },
        cookie: m.cookie,
      });
    const early = await claim();
    expect(early.status).toBe(404);
    expect(early.body.error_msg).toBe(GIFT_CODE_MESSAGES.unknown);
    const scheduled = await t.request("/adminRoute/limitChanges", { cookie: otherOwner.cookie });
    const change = scheduled.body.msg.records.find((r: { name: string }) => r.name === "Gift code");
    expect(change.after).toContain(code);
    await t.request(`/adminRoute/limitChanges/${change.id}/cancel`, { json: {}, cookie: otherOwner.cookie });
    await delayPasses();
    expect((await claim()).status).toBe(404);
    const [g] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.code, code));
    expect(g?.disabledBy).toBe(otherOwner.id);
    expect((await balances(t, m.id)).withdrawable).toBe(0);

    // Not cancelled: claimable once the delay has passed.
    const later = `LATER${key().slice(-6).toUpperCase()}`;
    await t.request("/adminRoute/giftCodes", {
      json: { code: later, amount: "100", claim_limit: 101, expires_at: inAnHour() },
      cookie: owner.cookie,
    });
    const blocked = await t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
      method: "PATCH",
      json: { giftCode_state: later },
      cookie: m.cookie,
    });
    expect(blocked.status).toBe(404);
    await delayPasses();
    const open = await t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
      method: "PATCH",
      json: { giftCode_state: later },
      cookie: m.cookie,
    });
    expect(open.status).toBe(200);
    expect((await balances(t, m.id)).withdrawable).toBe(100_000);
    await expectLedgerConsistent(t);
  });

  it("disabling a code stops further claims, keeps the ones made, and races claims cleanly", async () => {
    const code = await createGiftCode(t, owner, { amount: "5", claim_limit: 100 });
    const [g] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.code, code));
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(t)));
    const claims = members.map((m) =>
      t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
        method: "PATCH",
        json: { giftCode_state: code },
        cookie: m.cookie,
      }),
    );
    const disables = [1, 2].map(() =>
      t.request(`/adminRoute/giftCodes/${g!.id}/disable`, { json: {}, cookie: owner.cookie }),
    );
    const [answers, disabled] = await Promise.all([Promise.all(claims), Promise.all(disables)]);
    expect(disabled.map((d) => d.status).sort()).toEqual([200, 409]);
    expect(answers.every((a) => a.status === 200 || a.status === 404)).toBe(true);
    const made = await t.deps.db.select().from(giftCodeClaims).where(eq(giftCodeClaims.giftCodeId, g!.id));
    expect(made).toHaveLength(answers.filter((a) => a.status === 200).length);
    const paid = await Promise.all(members.map((m) => balances(t, m.id)));
    expect(paid.filter((b) => b.withdrawable === 5_000)).toHaveLength(made.length);
    // After the disable: refused, and the claims made stay.
    const late = await newMember(t);
    const refused = await t.request("/userIncomeRoute/user_giftCode_verify_and_patch", {
      method: "PATCH",
      json: { giftCode_state: code },
      cookie: late.cookie,
    });
    expect(refused.status).toBe(404);
    const [after] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.id, g!.id));
    expect(after?.claimedCount).toBe(made.length);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "gift_code.disable"));
    expect(audit).toMatchObject({ actorUserId: owner.id, target: `gift_code:${g!.id}` });
    await expectLedgerConsistent(t);
  });

  it("raising the gift-code threshold waits too", async () => {
    const raise = await t.request("/adminRoute/giftCodes/settings", {
      method: "PATCH",
      json: { threshold: "1000000" },
      cookie: owner.cookie,
    });
    expect(raise.body.msg).toMatch(/takes effect in 24 hours/);
    const list = await t.request("/adminRoute/giftCodes", { cookie: owner.cookie });
    expect(list.body.msg.threshold).toBe("10000.000");
    expect(list.body.msg.scheduled).toMatchObject({ value: "1000000.000" });
    const code = `MID${key().slice(-6).toUpperCase()}`;
    const made = await t.request("/adminRoute/giftCodes", {
      json: { code, amount: "100", claim_limit: 1000, expires_at: inAnHour() },
      cookie: owner.cookie,
    });
    expect(made.body.msg).toMatch(/above the gift-code threshold/);
  });
});
