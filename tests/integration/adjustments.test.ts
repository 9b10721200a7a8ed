import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  giveDeposit,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import {
  auditLog,
  balanceAdjustments,
  journalEntries,
  journalLines,
  limitChanges,
} from "../../api/db/schema";
import { PLATFORM, checkLedgerInvariant } from "../../api/ledger/ledger";
import { EARNING_KINDS } from "../../api/ledger/earningKinds";
import { ADJUSTMENT_KINDS, ADJUSTMENT_MESSAGES } from "../../api/members/adjustments";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * Manual adjustments (issue 20 §1): one journal entry against platform:adjustments, never below
 * zero, one effect per request key, and above the threshold a different operator's approval.
 */
describe.each(drivers("both"))("manual adjustments (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let second: TestMember;
  let keyCounter = 0;
  const key = () => `test-key-${driver}-${++keyCounter}-${Math.random().toString(36).slice(2, 10)}`;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    second = await newOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const adjust = (
    op: TestMember,
    memberId: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: any }> =>
    t.request(`/adminRoute/members/${memberId}/adjustments`, {
      json: { requestKey: key(), reason: "Correction of a missed credit", ...body },
      cookie: op.cookie,
    });

  /** Sets the threshold; a raise then waits out its delay (tests/integration/money-limits.test.ts), which passes here. */
  const setThreshold = async (rupees: string) => {
    const res = await t.request("/adminRoute/adjustments/settings", {
      method: "PATCH",
      json: { threshold: rupees },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    await t.deps.db
      .update(limitChanges)
      .set({ effectiveAt: sql`now() - interval '1 second'` })
      .where(eq(limitChanges.status, "scheduled"));
    await t.request("/adminRoute/limitChanges", { cookie: owner.cookie });
  };

  const rowsFor = (userId: string) =>
    t.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.userId, userId));
  const entriesFor = (userId: string) =>
    t.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), like(journalEntries.kind, "adjustment_%")));
  const auditFor = (target: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.target, target));

  const invariantHolds = async () => {
    const inv = await checkLedgerInvariant(t.deps.db);
    expect(inv).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
  };

  it("credits and debits each balance at once (at or below the threshold), one entry against platform:adjustments each", async () => {
    await setThreshold("1000");
    const m = await newMember(t);
    for (const balance of ["withdrawable", "deposit"] as const) {
      const credit = await adjust(owner, m.id, { direction: "credit", balance, amount: "12.345" });
      expect(credit.status).toBe(200);
      expect(credit.body.msg).toMatchObject({
        message: ADJUSTMENT_MESSAGES.posted,
        duplicate: false,
        adjustment: {
          status: "posted",
          amount: "12.345",
          balance,
          direction: "credit",
          requested_by: owner.userName,
        },
      });
      expect((await balances(t, m.id))[balance]).toBe(12_345);
      const debit = await adjust(owner, m.id, { direction: "debit", balance, amount: "2.345" });
      expect(debit.status).toBe(200);
      expect((await balances(t, m.id))[balance]).toBe(10_000);
    }
    const entries = await entriesFor(m.id);
    expect(entries.map((e) => e.kind).sort()).toEqual(
      ["adjustment_credit", "adjustment_credit", "adjustment_debit", "adjustment_debit"].sort(),
    );
    for (const e of entries) {
      const lines = await t.deps.db.select().from(journalLines).where(eq(journalLines.entryId, e.id));
      expect(lines).toHaveLength(2);
      expect(lines.map((l) => l.accountId)).toContain(PLATFORM.adjustments);
      expect(lines.reduce((s, l) => s + Number(l.amount), 0)).toBe(0);
    }
    const rows = await rowsFor(m.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === "posted" && r.entryId !== null)).toBe(true);
    // Adjustments are not earnings.
    expect(EARNING_KINDS.has(ADJUSTMENT_KINDS.credit)).toBe(false);
    expect(EARNING_KINDS.has(ADJUSTMENT_KINDS.debit)).toBe(false);
    // Audited on the member, in the same transaction, with the balances before and after.
    const audit = await auditFor(`member:${m.id}`);
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({ actorUserId: owner.id, action: "adjustment.post" });
    expect(audit[0]!.before).toMatchObject({ balances: { withdrawable: 0, deposit: 0 } });
    expect(audit[0]!.after).toMatchObject({ balances: { withdrawable: 12_345 } });
    await invariantHolds();
  });

  it("refuses a debit below zero with 409 and writes nothing", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 5_000);
    await giveDeposit(t, m.id, 3);
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    for (const [balance, amount] of [
      ["withdrawable", "5.001"],
      ["deposit", "3.001"],
    ] as const) {
      const res = await adjust(owner, m.id, { direction: "debit", balance, amount });
      expect(res.status).toBe(409);
      expect(res.body.error_msg).toMatch(/^Insufficient Balance/);
    }
    expect(await balances(t, m.id)).toEqual({ withdrawable: 5_000, deposit: 3_000 });
    expect(await rowsFor(m.id)).toHaveLength(0);
    expect(await entriesFor(m.id)).toHaveLength(0);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    // The whole balance may be taken: exactly to zero.
    expect(
      (await adjust(owner, m.id, { direction: "debit", balance: "withdrawable", amount: "5" })).status,
    ).toBe(200);
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    await invariantHolds();
  });

  it("the same request key sent many times in parallel is one adjustment and one entry; other values with it are a 409", async () => {
    const m = await newMember(t);
    const requestKey = key();
    const body = {
      direction: "credit",
      balance: "withdrawable",
      amount: "7",
      reason: "Goodwill",
      requestKey,
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request(`/adminRoute/members/${m.id}/adjustments`, { json: body, cookie: owner.cookie }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids = new Set(results.map((r) => r.body.msg.adjustment.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.msg.duplicate === false)).toHaveLength(1);
    expect(await rowsFor(m.id)).toHaveLength(1);
    expect(await entriesFor(m.id)).toHaveLength(1);
    expect((await balances(t, m.id)).withdrawable).toBe(7_000);
    expect(await auditFor(`member:${m.id}`)).toHaveLength(1);

    const reused = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
      json: { ...body, amount: "8" },
      cookie: owner.cookie,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error_msg).toBe(ADJUSTMENT_MESSAGES.keyReused);
    expect(await rowsFor(m.id)).toHaveLength(1);
    expect((await balances(t, m.id)).withdrawable).toBe(7_000);
    await invariantHolds();
  });

  it("a pending adjustment's key repeated in parallel is one pending row and no entry", async () => {
    await setThreshold("10");
    const m = await newMember(t);
    const body = {
      direction: "credit",
      balance: "deposit",
      amount: "50",
      reason: "Large refund",
      requestKey: key(),
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request(`/adminRoute/members/${m.id}/adjustments`, { json: body, cookie: owner.cookie }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(results.every((r) => r.body.msg.message === ADJUSTMENT_MESSAGES.pending)).toBe(true);
    const rows = await rowsFor(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("pending");
    expect(await entriesFor(m.id)).toHaveLength(0);
    await invariantHolds();
  });

  it("the threshold: equal posts at once, above waits for a second operator", async () => {
    await setThreshold("100");
    const m = await newMember(t);
    const equal = await adjust(owner, m.id, { direction: "credit", balance: "withdrawable", amount: "100" });
    expect(equal.body.msg.adjustment.status).toBe("posted");
    const above = await adjust(owner, m.id, {
      direction: "credit",
      balance: "withdrawable",
      amount: "100.001",
    });
    expect(above.status).toBe(200);
    expect(above.body.msg).toMatchObject({
      message: ADJUSTMENT_MESSAGES.pending,
      adjustment: { status: "pending", entry_id: null, requested_by_me: true },
    });
    expect((await balances(t, m.id)).withdrawable).toBe(100_000);
    expect(await entriesFor(m.id)).toHaveLength(1);
    const audit = await auditFor(`member:${m.id}`);
    expect(audit.map((a) => a.action).sort()).toEqual(["adjustment.post", "adjustment.request"]);
    await invariantHolds();
  });

  it("a different operator approves (posting it); the requester may neither approve nor reject", async () => {
    await setThreshold("10");
    const m = await newMember(t);
    const res = await adjust(owner, m.id, { direction: "credit", balance: "withdrawable", amount: "25" });
    const id = res.body.msg.adjustment.id as string;

    for (const action of ["approve", "reject"]) {
      const self = await t.request(`/adminRoute/adjustments/${id}/${action}`, {
        json: { note: "me" },
        cookie: owner.cookie,
      });
      expect(self.status).toBe(403);
      expect(self.body.error_msg).toBe(ADJUSTMENT_MESSAGES.sameOperator);
    }
    expect(await auditFor(`adjustment:${id}`)).toHaveLength(0);

    // The list shows it as the requester's own to the requester, as another's to the second operator.
    const mine = await t.request("/adminRoute/adjustments?status=pending", { cookie: owner.cookie });
    expect(mine.body.msg.records.find((r: any) => r.id === id)).toMatchObject({
      requested_by_me: true,
      member_userName: m.userName,
    });
    const theirs = await t.request("/adminRoute/adjustments?status=pending", { cookie: second.cookie });
    expect(theirs.body.msg.records.find((r: any) => r.id === id)).toMatchObject({ requested_by_me: false });

    const approved = await t.request(`/adminRoute/adjustments/${id}/approve`, {
      json: {},
      cookie: second.cookie,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.msg.adjustment).toMatchObject({
      status: "posted",
      decided_by: second.userName,
      requested_by: owner.userName,
    });
    expect((await balances(t, m.id)).withdrawable).toBe(25_000);
    expect(await entriesFor(m.id)).toHaveLength(1);
    const [audit] = await auditFor(`adjustment:${id}`);
    expect(audit).toMatchObject({ actorUserId: second.id, action: "adjustment.approve" });
    expect(audit!.before).toMatchObject({ adjustment: { status: "pending" }, balances: { withdrawable: 0 } });
    expect(audit!.after).toMatchObject({
      adjustment: { status: "posted" },
      balances: { withdrawable: 25_000 },
    });

    // Decided once: a second approval is a 409 and changes nothing.
    const again = await t.request(`/adminRoute/adjustments/${id}/approve`, {
      json: {},
      cookie: second.cookie,
    });
    expect(again.status).toBe(409);
    expect((await balances(t, m.id)).withdrawable).toBe(25_000);
    const posted = await t.request("/adminRoute/adjustments?status=posted", { cookie: second.cookie });
    expect(posted.body.msg.records[0]).toMatchObject({ id });
    await invariantHolds();
  });

  it("rejecting needs a note and posts nothing; approving a debit the balance no longer covers is a 409 and stays pending", async () => {
    await setThreshold("1");
    const m = await newMember(t);
    await giveEarning(t, m.id, 10_000);
    const credit = await adjust(owner, m.id, { direction: "credit", balance: "withdrawable", amount: "5" });
    const creditId = credit.body.msg.adjustment.id as string;
    const noNote = await t.request(`/adminRoute/adjustments/${creditId}/reject`, {
      json: {},
      cookie: second.cookie,
    });
    expect(noNote.status).toBe(400);
    const blank = await t.request(`/adminRoute/adjustments/${creditId}/reject`, {
      json: { note: "   " },
      cookie: second.cookie,
    });
    expect(blank.status).toBe(400);
    const rejected = await t.request(`/adminRoute/adjustments/${creditId}/reject`, {
      json: { note: "Not owed" },
      cookie: second.cookie,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.msg.adjustment).toMatchObject({ status: "rejected", decision_note: "Not owed" });
    expect((await balances(t, m.id)).withdrawable).toBe(10_000);

    const debit = await adjust(owner, m.id, { direction: "debit", balance: "withdrawable", amount: "8" });
    const debitId = debit.body.msg.adjustment.id as string;
    // The balance falls below the debit before it is approved (another debit approved first; the
    // day's total is past the threshold, so it waits for the second operator too).
    const first = await adjust(owner, m.id, { direction: "debit", balance: "withdrawable", amount: "3" });
    expect(first.body.msg.adjustment.status).toBe("pending");
    const approved = await t.request(`/adminRoute/adjustments/${first.body.msg.adjustment.id}/approve`, {
      json: {},
      cookie: second.cookie,
    });
    expect(approved.status).toBe(200);
    expect((await balances(t, m.id)).withdrawable).toBe(7_000);
    const refused = await t.request(`/adminRoute/adjustments/${debitId}/approve`, {
      json: {},
      cookie: second.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error_msg).toMatch(/^Insufficient Balance/);
    const [row] = await t.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, debitId));
    expect(row).toMatchObject({ status: "pending", entryId: null, decidedBy: null });
    expect(await auditFor(`adjustment:${debitId}`)).toHaveLength(0);
    await invariantHolds();
  });

  it("approve racing approve and approve racing reject: one outcome", async () => {
    await setThreshold("1");
    const third = await newOperator(t);
    for (const pair of [
      ["approve", "approve"],
      ["approve", "reject"],
      ["reject", "approve"],
    ] as const) {
      const m = await newMember(t);
      const res = await adjust(owner, m.id, { direction: "credit", balance: "deposit", amount: "30" });
      const id = res.body.msg.adjustment.id as string;
      const results = await Promise.all(
        pair.map((action, i) =>
          t.request(`/adminRoute/adjustments/${id}/${action}`, {
            json: { note: "decided" },
            cookie: (i === 0 ? second : third).cookie,
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await t.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
      const winner = results.findIndex((r) => r.status === 200);
      expect(row!.status).toBe(pair[winner] === "approve" ? "posted" : "rejected");
      expect(await entriesFor(m.id)).toHaveLength(pair[winner] === "approve" ? 1 : 0);
      expect((await balances(t, m.id)).deposit).toBe(pair[winner] === "approve" ? 30_000 : 0);
      expect(await auditFor(`adjustment:${id}`)).toHaveLength(1);
    }
    await invariantHolds();
  });

  it("other roles and members are refused (403), nothing written", async () => {
    const m = await newMember(t);
    await setThreshold("1");
    const pending = await adjust(owner, m.id, { direction: "credit", balance: "withdrawable", amount: "3" });
    const id = pending.body.msg.adjustment.id as string;
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    for (const role of ["support", "payouts", "content", "moderation"] as const) {
      const op = await newOperator(t, [role]);
      for (const res of [
        await adjust(op, m.id, { direction: "credit", balance: "withdrawable", amount: "1" }),
        await t.request(`/adminRoute/members/${m.id}/adjustments`, { cookie: op.cookie }),
        await t.request("/adminRoute/adjustments", { cookie: op.cookie }),
        await t.request(`/adminRoute/adjustments/${id}/approve`, { json: {}, cookie: op.cookie }),
        await t.request(`/adminRoute/adjustments/${id}/reject`, { json: { note: "x" }, cookie: op.cookie }),
        await t.request("/adminRoute/adjustments/settings", { cookie: op.cookie }),
        await t.request("/adminRoute/adjustments/settings", {
          method: "PATCH",
          json: { threshold: "0" },
          cookie: op.cookie,
        }),
      ]) {
        expect(res.status, role).toBe(403);
        expect(res.body.error_msg).toBe(ROLE_REFUSED);
      }
    }
    const plain = await newMember(t);
    const res = await adjust(plain, plain.id, { direction: "credit", balance: "withdrawable", amount: "1" });
    expect(res.status).toBe(403);
    expect(res.body.error_msg).toBe("Operators only.");
    expect(await rowsFor(m.id)).toHaveLength(1);
    expect(await rowsFor(plain.id)).toHaveLength(0);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    const [row] = await t.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
    expect(row!.status).toBe("pending");
  });

  it("bad input is a 4xx, never a 500, and writes nothing", async () => {
    await setThreshold("1000");
    const m = await newMember(t);
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    const good = { direction: "credit", balance: "withdrawable", amount: "5", reason: "Fix" };
    const bad: Record<string, unknown>[] = [
      { ...good, amount: "-5" },
      { ...good, amount: -5 },
      { ...good, amount: "0" },
      { ...good, amount: 0 },
      { ...good, amount: "1.2345" },
      { ...good, amount: "99999999999" },
      { ...good, amount: 1e300 },
      { ...good, amount: "5e3" },
      { ...good, amount: "" },
      { ...good, amount: null },
      { ...good, reason: "" },
      { ...good, reason: "   " },
      { ...good, reason: "x".repeat(501) },
      { direction: "credit", balance: "withdrawable", amount: "5" },
      { ...good, direction: "sideways" },
      { ...good, direction: "CREDIT" },
      { ...good, balance: "debt" },
      { ...good, extra: 1 },
    ];
    for (const body of bad) {
      const res = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
        json: { requestKey: key(), ...body },
        cookie: owner.cookie,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    for (const requestKey of ["", "short", "x".repeat(101), "has space in it", 42]) {
      const res = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
        json: { ...good, requestKey },
        cookie: owner.cookie,
      });
      expect(res.status, String(requestKey)).toBe(400);
    }
    const noKey = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
      json: good,
      cookie: owner.cookie,
    });
    expect(noKey.status).toBe(400);
    const notJson = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
      rawBody: "direction=credit",
      contentType: "application/x-www-form-urlencoded",
      cookie: owner.cookie,
    });
    expect(notJson.status).toBe(415);
    const unknownMember = await adjust(owner, "0".repeat(24), good);
    expect(unknownMember.status).toBe(404);
    const self = await adjust(owner, owner.id, good);
    expect(self.status).toBe(403);
    expect((await t.request("/adminRoute/adjustments?status=done", { cookie: owner.cookie })).status).toBe(
      400,
    );
    expect(
      (
        await t.request(`/adminRoute/adjustments/${"f".repeat(24)}/approve`, {
          json: {},
          cookie: second.cookie,
        })
      ).status,
    ).toBe(404);
    for (const threshold of ["-1", "1.0001", "abc", null, "99999999999"]) {
      const res = await t.request("/adminRoute/adjustments/settings", {
        method: "PATCH",
        json: { threshold },
        cookie: owner.cookie,
      });
      expect(res.status, String(threshold)).toBe(400);
    }
    expect(await rowsFor(m.id)).toHaveLength(0);
    expect((await balances(t, m.id)).withdrawable).toBe(0);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    await invariantHolds();
  });

  it("the threshold setting reads, saves and is audited", async () => {
    await setThreshold("250.5");
    const read = await t.request("/adminRoute/adjustments/settings", { cookie: owner.cookie });
    expect(read.body.msg).toEqual({ threshold: "250.500", scheduled: null });
    await setThreshold("0");
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, "settings:adjustment_approval_threshold"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(rows[0]).toMatchObject({
      actorUserId: owner.id,
      before: { adjustment_approval_threshold: 250_500 },
      after: { adjustment_approval_threshold: 0 },
    });
    // A threshold of 0: every adjustment waits.
    const m = await newMember(t);
    const res = await adjust(owner, m.id, { direction: "credit", balance: "withdrawable", amount: "0.001" });
    expect(res.body.msg.adjustment.status).toBe("pending");
    await setThreshold("1000");
  });
});
