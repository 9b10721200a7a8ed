import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
import { auditLog, memberDevices, settings, users, withdrawals } from "../../api/db/schema";
import { recordSignals } from "../../api/risk/score";
import { THRESHOLD_ORDER_MESSAGE } from "../../api/risk/adminHttp";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { DEFAULT_RISK_POLICY, type RiskPolicy } from "../../shared/risk";

/**
 * The operator's risk views (issue 21 §2, §4): the risk page (members by score, paged, filtered),
 * a member's signals and linked accounts, clearing, bulk hold and ban with their audit rows, the
 * risk settings (owner only, validated, audited), and the payout queue's risk fields and confirm.
 */
describe.each(drivers("one"))("operator risk views (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let payouts: TestMember;
  let moderation: TestMember;
  let support: TestMember;
  let content: TestMember;
  let method: string;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    payouts = await newOperator(t, ["payouts"]);
    moderation = await newOperator(t, ["moderation"]);
    support = await newOperator(t, ["support"]);
    content = await newOperator(t, ["content"]);
    method = `UPI risk ${driver}`;
    await addPayoutMethod(t, owner, method, 1);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => expectLedgerConsistent(t));

  const get = (op: TestMember, path: string) => t.request(path, { cookie: op.cookie });
  const post = (op: TestMember, path: string, json: unknown) => t.request(path, { json, cookie: op.cookie });
  const row = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
  const audits = (target: string, action?: string) =>
    t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, target), action ? like(auditLog.action, action) : undefined))
      .orderBy(asc(auditLog.id));

  /** A signal of `points` (shared payout: weight 60, so strength = points × 100 / 60) on `m`. */
  const signal = (
    m: { id: string },
    key: string,
    strength: number,
    kind: "shared_payout" | "proxy" = "shared_payout",
  ) =>
    recordSignals(t.deps.db, [
      {
        userId: m.id,
        kind,
        key,
        strength,
        summary: `${kind} ${key}`,
        evidence: { accounts: [owner.id], payoutAccount: `upi:${key}@okaxis` },
      },
    ]);

  it("refuses the content and support roles every risk route; payouts read but do not change settings", async () => {
    const m = await newMember(t);
    const routes: [string, string, unknown][] = [
      ["GET", "/adminRoute/risk", undefined],
      ["GET", "/adminRoute/risk/settings", undefined],
      ["PATCH", "/adminRoute/risk/settings", DEFAULT_RISK_POLICY],
      ["GET", `/adminRoute/members/${m.id}/risk`, undefined],
      ["POST", `/adminRoute/members/${m.id}/risk/clear`, { note: "fine" }],
      ["POST", `/adminRoute/members/${m.id}/risk/bulk`, { action: "hold", reason: "x", memberIds: [m.id] }],
    ];
    for (const op of [content, support])
      for (const [method, path, json] of routes) {
        const res = await t.request(path, { method, json, cookie: op.cookie });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error_msg).toBe(ROLE_REFUSED);
      }
    const member = await t.request("/adminRoute/risk", { cookie: m.cookie });
    expect(member.status).toBe(403);

    expect((await get(payouts, "/adminRoute/risk")).status).toBe(200);
    expect((await get(payouts, "/adminRoute/risk/settings")).status).toBe(200);
    expect((await get(payouts, `/adminRoute/members/${m.id}/risk`)).status).toBe(200);
    const before = await audits("settings:risk_policy");
    const change = await t.request("/adminRoute/risk/settings", {
      method: "PATCH",
      json: DEFAULT_RISK_POLICY,
      cookie: payouts.cookie,
    });
    expect(change.status).toBe(403);
    expect(await audits("settings:risk_policy")).toHaveLength(before.length);
    // Clearing is moderation's; a bulk ban too (payouts may only hold).
    expect((await post(payouts, `/adminRoute/members/${m.id}/risk/clear`, { note: "x" })).status).toBe(403);
    const ban = await post(payouts, `/adminRoute/members/${m.id}/risk/bulk`, {
      action: "ban",
      reason: "ring",
      memberIds: [m.id],
      pending: "reject",
    });
    expect(ban.status).toBe(403);
    expect((await row(m.id)).bannedAt).toBeNull();
  });

  it("lists members by score, highest first, 20 a page; filters by signal kind, held and new today", async () => {
    const made: { id: string; points: number }[] = [];
    for (let i = 0; i < 23; i++) {
      const m = await newMember(t);
      // 6 to 59 points (weight 60 × 10..98 %): the strongest are held (≥ 50), the weakest not even flagged.
      await signal(m, `page-${driver}-${i}`, 10 + i * 4);
      made.push({ id: m.id, points: 0 });
    }
    const p1 = await get(payouts, "/adminRoute/risk");
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    const one = p1.body.msg;
    expect(one.records).toHaveLength(20);
    expect(one.pagination).toMatchObject({ page: 1, pageSize: 20 });
    expect(one.pagination.totalRecords).toBeGreaterThanOrEqual(23);
    const p2 = (await get(payouts, "/adminRoute/risk?page=2")).body.msg;
    const scores = [...one.records, ...p2.records].map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const ids = [...one.records, ...p2.records].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of made) expect(ids).toContain(m.id);
    expect(one.records[0]).toMatchObject({ level: expect.any(String), reasons: expect.any(Array) });

    // kind: a proxy signal on one member only.
    const proxied = await newMember(t);
    await signal(proxied, `proxy-${driver}`, 100, "proxy");
    const byKind = (await get(moderation, "/adminRoute/risk?kind=proxy")).body.msg;
    expect(byKind.filters).toEqual({ kind: "proxy", newToday: false, held: false });
    expect(byKind.records.map((r: { id: string }) => r.id)).toContain(proxied.id);
    expect(byKind.records.map((r: { id: string }) => r.id)).not.toContain(made[0]!.id);

    // held: the strongest of the 23 are held automatically (score ≥ 50); the weakest are not.
    const held = (await get(payouts, "/adminRoute/risk?held=1")).body.msg.records as {
      id: string;
      held: boolean;
    }[];
    expect(held.every((r) => r.held)).toBe(true);
    expect(held.map((r) => r.id)).toContain(made[22]!.id);
    expect(held.map((r) => r.id)).not.toContain(made[0]!.id);

    // new today: a member who joined yesterday (India time) is not there; one who joined now is.
    await t.deps.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(eq(users.id, made[1]!.id));
    const fresh = await newMember(t);
    await signal(fresh, `proxy-fresh-${driver}`, 100, "proxy");
    const today = async (kind: string) =>
      (await get(payouts, `/adminRoute/risk?new=today&kind=${kind}`)).body.msg.records.map(
        (r: { id: string }) => r.id,
      );
    expect(await today("proxy")).toEqual(expect.arrayContaining([fresh.id, proxied.id]));
    const payoutToday = await today("shared_payout");
    expect(payoutToday).toContain(made[22]!.id);
    expect(payoutToday).not.toContain(made[1]!.id);

    for (const bad of ["kind=nope", "new=yesterday", "held=yes", "page=0", "page=x"]) {
      const res = await get(payouts, `/adminRoute/risk?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error_msg).toEqual(expect.any(String));
    }
  });

  it("a member's risk page: signals with points and evidence names, linked accounts from the pair tables", async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await signal(a, `page-signal-${driver}`, 50);
    const device = `dev-${driver}-${a.id}`;
    await t.deps.db.insert(memberDevices).values([
      { deviceId: device, userId: a.id, lastKind: "signup" },
      { deviceId: device, userId: b.id, lastKind: "signup" },
    ]);
    const res = await get(moderation, `/adminRoute/members/${a.id}/risk`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.msg;
    expect(d.member).toMatchObject({ id: a.id, userName: a.userName, held: false });
    expect(d.score).toBe(30);
    expect(d.level).toBe("flag");
    expect(d.signals).toHaveLength(1);
    expect(d.signals[0]).toMatchObject({
      kind: "shared_payout",
      label: "Shared payout account",
      points: 30,
      cleared: null,
      evidence: { accounts: [owner.id] },
    });
    expect(d.names[owner.id]).toBe(owner.userName);
    expect(d.thresholds).toEqual(DEFAULT_RISK_POLICY.thresholds);
    // linkedAccounts reads member_devices (once the links work lands; the stub answers none).
    if (d.linked.length > 0) expect(d.linked.map((l: { id: string }) => l.id)).toContain(b.id);

    expect((await get(moderation, `/adminRoute/members/${"f".repeat(24)}/risk`)).status).toBe(404);
    expect((await get(moderation, `/adminRoute/members/not-an-id/risk`)).status).toBe(404);
  });

  it("bulk hold of three members: each held and audited, plus one row for the bulk", async () => {
    const [a, b, c] = [await newMember(t), await newMember(t), await newMember(t)];
    const bulkBefore = await audits(`member:${a.id}`, "risk.bulk.%");
    const res = await post(payouts, `/adminRoute/members/${a.id}/risk/bulk`, {
      action: "hold",
      reason: "One UPI id behind three accounts",
      memberIds: [a.id, b.id, c.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.message).toBe("3 of 3 member(s) held.");
    expect(res.body.msg.results.map((r: { changed: boolean }) => r.changed)).toEqual([true, true, true]);
    for (const m of [a, b, c]) {
      const r = await row(m.id);
      expect(r.withdrawalsHeldAt).not.toBeNull();
      expect(r.withdrawalsHeldReason).toBe("One UPI id behind three accounts");
      const rows = await audits(`member:${m.id}`, "member.hold");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: payouts.id,
        before: { withdrawalsHeld: false },
        after: { withdrawalsHeld: true, reason: "One UPI id behind three accounts" },
      });
    }
    const bulk = await audits(`member:${a.id}`, "risk.bulk.%");
    expect(bulk).toHaveLength(bulkBefore.length + 1);
    expect(bulk.at(-1)).toMatchObject({
      action: "risk.bulk.hold",
      actorUserId: payouts.id,
      before: { selected: [a.id, b.id, c.id] },
      after: { reason: "One UPI id behind three accounts", changed: [a.id, b.id, c.id], unchanged: [] },
    });

    // Again: nothing changes, no second member.hold row; an operator among them is refused, not fatal.
    const again = await post(moderation, `/adminRoute/members/${a.id}/risk/bulk`, {
      action: "hold",
      reason: "Again",
      memberIds: [a.id, owner.id],
    });
    expect(again.body.msg.message).toBe("0 of 2 member(s) held.");
    expect(await audits(`member:${a.id}`, "member.hold")).toHaveLength(1);
    expect((await row(owner.id)).withdrawalsHeldAt).toBeNull();

    // A ban of the ring by moderation: pending is required; unknown ids refused before any change.
    const noPending = await post(moderation, `/adminRoute/members/${a.id}/risk/bulk`, {
      action: "ban",
      reason: "Ring",
      memberIds: [b.id],
    });
    expect(noPending.status).toBe(400);
    expect(noPending.body.error_msg).toBe("pending is required to ban: reject or hold.");
    const unknown = await post(moderation, `/adminRoute/members/${a.id}/risk/bulk`, {
      action: "ban",
      reason: "Ring",
      memberIds: [b.id, "e".repeat(24)],
      pending: "reject",
    });
    expect(unknown.status).toBe(400);
    expect((await row(b.id)).bannedAt).toBeNull();
    const ban = await post(moderation, `/adminRoute/members/${a.id}/risk/bulk`, {
      action: "ban",
      reason: "Ring",
      memberIds: [b.id, c.id],
      pending: "hold",
    });
    expect(ban.body.msg.message).toBe("2 of 2 member(s) banned.");
    expect((await row(c.id)).bannedAt).not.toBeNull();
    expect(await audits(`member:${c.id}`, "member.ban")).toHaveLength(1);

    for (const body of [
      { action: "hold", reason: "", memberIds: [a.id] },
      { action: "hold", reason: "x", memberIds: [] },
      { action: "hold", reason: "x", memberIds: ["nope"] },
      { action: "freeze", reason: "x", memberIds: [a.id] },
      { action: "hold", reason: "x", memberIds: [a.id], extra: 1 },
    ]) {
      const r = await post(owner, `/adminRoute/members/${a.id}/risk/bulk`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("clear with a note: signals cleared, the automatic hold released, audited; the same evidence does not return", async () => {
    const m = await newMember(t);
    await signal(m, `clear-${driver}`, 100); // 60 points: hold
    expect((await row(m.id)).withdrawalsHeldAt).not.toBeNull();
    const empty = await post(moderation, `/adminRoute/members/${m.id}/risk/clear`, { note: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error_msg).toBe("A note is required to clear a member.");
    const res = await post(moderation, `/adminRoute/members/${m.id}/risk/clear`, {
      note: "Spoke to the member: family UPI",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toMatchObject({ cleared: 1, released: true });
    expect((await row(m.id)).withdrawalsHeldAt).toBeNull();
    const [audit] = await audits(`member:${m.id}`, "risk.clear");
    expect(audit).toMatchObject({
      actorUserId: moderation.id,
      before: { score: 60, level: "hold" },
      after: { score: 0, level: "none", note: "Spoke to the member: family UPI", holdReleased: true },
    });
    const page = (await get(payouts, `/adminRoute/members/${m.id}/risk`)).body.msg;
    expect(page.score).toBe(0);
    expect(page.cleared).toMatchObject({ by: moderation.id, note: "Spoke to the member: family UPI" });
    expect(page.signals[0]).toMatchObject({ points: 0, cleared: { by: moderation.id } });
    expect(page.names[moderation.id]).toBe(moderation.userName);
    await signal(m, `clear-${driver}`, 100);
    expect((await row(m.id)).withdrawalsHeldAt).toBeNull();
  });

  it("settings: owner only, thresholds in order, every field validated, audited before/after", async () => {
    const read = (await get(owner, "/adminRoute/risk/settings")).body.msg;
    expect(read.defaults).toEqual(DEFAULT_RISK_POLICY);
    const stored = async () =>
      (await t.deps.db.select().from(settings).where(eq(settings.key, "risk_policy")))[0]?.value;
    const before = await stored();
    const patch = (json: unknown) =>
      t.request("/adminRoute/risk/settings", { method: "PATCH", json, cookie: owner.cookie });

    const outOfOrder = await patch({
      ...DEFAULT_RISK_POLICY,
      thresholds: { flag: 60, hold: 50, suspend: 100, ban: 150 },
    });
    expect(outOfOrder.status).toBe(400);
    expect(outOfOrder.body.error_msg).toBe(THRESHOLD_ORDER_MESSAGE);
    expect(await stored()).toEqual(before);
    const bad: [unknown, string][] = [
      [
        { ...DEFAULT_RISK_POLICY, weights: { ...DEFAULT_RISK_POLICY.weights, proxy: 1001 } },
        "weights.proxy must be from 0 to 1000.",
      ],
      [
        { ...DEFAULT_RISK_POLICY, weights: { ...DEFAULT_RISK_POLICY.weights, proxy: 2.5 } },
        "weights.proxy must be a whole number.",
      ],
      [
        { ...DEFAULT_RISK_POLICY, firstWithdrawalWaitDays: 91 },
        "firstWithdrawalWaitDays must be from 0 to 90.",
      ],
      [
        { ...DEFAULT_RISK_POLICY, sameDevicePolicy: "block" },
        "sameDevicePolicy must be off, flag or refuse.",
      ],
      [{ ...DEFAULT_RISK_POLICY, autoBan: "yes" }, "autoBan must be true or false."],
      [{ ...DEFAULT_RISK_POLICY, claimsPerHourLimit: 0 }, "claimsPerHourLimit must be from 1 to 100000."],
      [{ ...DEFAULT_RISK_POLICY, extra: 1 }, "Unexpected field: extra."],
    ];
    for (const [body, message] of bad) {
      const res = await patch(body);
      expect(res.status, message).toBe(400);
      expect(res.body.error_msg).toBe(message);
    }
    expect(await stored()).toEqual(before);

    const next: RiskPolicy = {
      ...DEFAULT_RISK_POLICY,
      weights: { ...DEFAULT_RISK_POLICY.weights, shared_payout: 80 },
      thresholds: { flag: 20, hold: 40, suspend: 40, ban: 200 },
      autoSuspend: true,
      sameDevicePolicy: "refuse",
      firstWithdrawalWaitDays: 3,
      claimsPerHourLimit: 90,
    };
    const saved = await patch(next);
    expect(saved.body).toEqual({ success: true, msg: "Risk settings saved." });
    expect(await stored()).toEqual(next);
    expect((await get(payouts, "/adminRoute/risk/settings")).body.msg.policy).toEqual(next);
    const audit = (await audits("settings:risk_policy")).at(-1)!;
    expect(audit).toMatchObject({
      action: "risk.settings",
      actorUserId: owner.id,
      before: { risk_policy: before ?? DEFAULT_RISK_POLICY },
      after: { risk_policy: next },
    });
    // Points on a member's page follow the policy in force.
    const m = await newMember(t);
    await signal(m, `policy-${driver}`, 100);
    expect((await get(owner, `/adminRoute/members/${m.id}/risk`)).body.msg.signals[0].points).toBe(80);
    await patch(DEFAULT_RISK_POLICY);
  });

  it("the payout queue: paged, each request with score, level, reasons, linked count and review marks; approving a flagged one needs confirmRisk", async () => {
    const payee = async () => {
      const m = await newMember(t);
      await bindPayout(t, m, method, `${m.userName}@upi`);
      await giveEarning(t, m.id, 20_000);
      const res = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 5, type: method, request_id: `req-${m.id}` },
        cookie: m.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
      return { m, id: w!.id };
    };
    const flagged = await payee();
    const plain = await payee();
    await signal(flagged.m, `queue-${driver}`, 50); // 30 points: flag, no hold
    expect((await row(flagged.m.id)).withdrawalsHeldAt).toBeNull();

    const all: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const res = await get(payouts, `/adminRoute/withdrawals?status=Pending&page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body.msg.pagination).toMatchObject({ page, pageSize: 50 });
      all.push(...res.body.msg.records);
      if (page >= res.body.msg.pagination.totalPages) break;
    }
    const f = all.find((r) => r._id === flagged.id)!;
    expect(f).toMatchObject({
      member_id: flagged.m.id,
      risk_score: 30,
      risk_level: "flag",
      risk_reasons: [expect.stringContaining(`queue-${driver}`)],
      linked_accounts: expect.any(Number),
      review_reasons: expect.arrayContaining(["first_payout"]),
      withdrawals_held: false,
      needs_confirm: true,
    });
    const p = all.find((r) => r._id === plain.id)!;
    expect(p).toMatchObject({ risk_score: 0, risk_level: "none", risk_reasons: [], needs_confirm: false });
    expect(p.review_reasons).toEqual(["first_payout"]);

    // Without a payout provider, approving marks paid with the bank's reference (issue 42).
    const approve = (id: string, extra: Record<string, unknown> = {}) =>
      post(payouts, `/adminRoute/withdrawals/${id}/settle`, {
        action: "approve",
        utr: `ICIC${id.slice(-10)}`,
        ...extra,
      });
    const refused = await approve(flagged.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: "risk_confirm",
      score: 30,
      reasons: [expect.stringContaining(`queue-${driver}`)],
      review_reasons: expect.arrayContaining(["risk"]),
    });
    expect((await approve(flagged.id, { confirmRisk: "yes" })).status).toBe(400);
    const ok = await approve(flagged.id, { confirmRisk: true });
    expect(ok.body).toEqual({
      success: true,
      msg: `Withdrawal marked paid (UTR ICIC${flagged.id.slice(-10).toUpperCase()}). The member was mailed.`,
    });
    expect((await approve(plain.id)).body).toEqual({
      success: true,
      msg: `Withdrawal marked paid (UTR ICIC${plain.id.slice(-10).toUpperCase()}). The member was mailed.`,
    });
  });
});
