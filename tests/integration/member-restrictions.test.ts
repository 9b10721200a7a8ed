import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { md5Wall, md5WallSignature } from "../support/walls";
import { startTestApi, sessionCookie, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  campaignDraft,
  expectLedgerConsistent,
  giveDeposit,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import {
  auditLog,
  journalEntries,
  sessions,
  signIns,
  taskWallPostbacks,
  taskWallTransactions,
  users,
  withdrawals,
} from "../../api/db/schema";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { ACCOUNT_CLOSED_MSG, createSession } from "../../api/sessions/sessions";
import { RESTRICTION_MESSAGES } from "../../api/members/restrictions";
import { seedGames } from "../../api/seed/games";
import { PRACTICE_ROOM } from "../../shared/ticTacToeEvents";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Operators' restrictions on a member (issue 20 §1): each action and its lift, role refusals,
 * enforcement (approval, ad and short-link claims, postback credits, game joins, login), races
 * (a hold against an approval, a ban against a claim), the audit trail, and sign-in recording.
 */
describe.each(drivers("both"))("member restrictions (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let payouts: TestMember;
  let support: TestMember;
  let moderation: TestMember;
  let content: TestMember;
  let method: string;
  let clock = Date.parse("2026-03-10T06:00:00Z");

  beforeAll(async () => {
    t = await startTestApi(driver, { TRUST_PROXY: "1" });
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    payouts = await newOperator(t, ["payouts"]);
    support = await newOperator(t, ["support"]);
    moderation = await newOperator(t, ["moderation"]);
    content = await newOperator(t, ["content"]);
    method = `UPI restrictions ${driver}`;
    await addPayoutMethod(t, owner, method, 1);
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => expectLedgerConsistent(t));

  const act = (op: TestMember, memberId: string, path: string, json: unknown) =>
    t.request(`/adminRoute/members/${memberId}/${path}`, { json, cookie: op.cookie });
  const row = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
  const audits = (memberId: string) =>
    t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${memberId}`))
      .orderBy(asc(auditLog.id));
  const sessionCount = async (id: string) =>
    (await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).length;

  /** A member with a bound payout method, `rupees` withdrawable, and `pending` Pending withdrawals of ₹5. */
  async function payee(rupees = 20, pending = 0) {
    const m = await newMember(t);
    await bindPayout(t, m, method);
    await giveEarning(t, m.id, rupees * 1000);
    const ids: string[] = [];
    for (let i = 0; i < pending; i++) {
      const res = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 5, type: method, request_id: `req-${m.id}-${i}` },
        cookie: m.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const w of await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id)))
      ids.push(w.id);
    return { m, ids };
  }
  let utrs = 0;
  // Without a payout provider, approving marks paid with the bank's reference (issue 42).
  const settle = (op: TestMember, id: string, action: "approve" | "reject", remark?: string) =>
    t.request(`/adminRoute/withdrawals/${id}/settle`, {
      json:
        action === "approve" ? { action, utr: `HDFC${String(++utrs).padStart(8, "0")}` } : { action, remark },
      cookie: op.cookie,
    });

  it("each action and its lift: state, audit before/after, idempotent repeats leave no second audit row", async () => {
    const m = await newMember(t);
    const steps: [string, Record<string, unknown>, string, Partial<Record<string, unknown>>][] = [
      ["hold", { reason: "Checking payout details" }, "member.hold", { withdrawalsHeld: true }],
      ["hold/release", { reason: "Details fine" }, "member.hold.release", { withdrawalsHeld: false }],
      ["suspend", { reason: "Ad fraud review" }, "member.suspend", { earningSuspended: true }],
      ["suspend/lift", { reason: "Review done" }, "member.suspend.lift", { earningSuspended: false }],
      ["ban", { reason: "Multiple accounts", pending: "reject" }, "member.ban", { banned: true }],
      ["ban/lift", { reason: "Appeal accepted" }, "member.ban.lift", { banned: false }],
    ];
    for (const [path, body, action, after] of steps) {
      const before = (await audits(m.id)).length;
      const res = await act(owner, m.id, path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.changed).toBe(true);
      const rows = await audits(m.id);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        action,
        actorUserId: owner.id,
        after: { ...after, reason: body.reason },
      });
      // The same action again: ok, nothing changed, no second audit row.
      const again = await act(owner, m.id, path, body);
      expect(again.status).toBe(200);
      expect(again.body.msg.changed).toBe(false);
      expect(await audits(m.id)).toHaveLength(before + 1);
    }
    const held = (await audits(m.id))[0]!;
    expect(held.before).toMatchObject({ withdrawalsHeld: false, withdrawalsHeldReason: null });
    expect(held.after).toMatchObject({
      withdrawalsHeld: true,
      withdrawalsHeldReason: "Checking payout details",
    });
    const r = await row(m.id);
    expect([r.withdrawalsHeldAt, r.earningSuspendedAt, r.bannedAt]).toEqual([null, null, null]);

    const state = await t.request(`/adminRoute/members/${m.id}/restrictions`, { cookie: support.cookie });
    expect(state.body.msg).toMatchObject({
      id: m.id,
      withdrawalsHeld: null,
      earningSuspended: null,
      banned: null,
    });
  });

  it("ends all sessions: the member's requests are refused after", async () => {
    const m = await newMember(t);
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: m.password },
    });
    const second = sessionCookie(login.setCookie);
    expect(await sessionCount(m.id)).toBe(2);
    const res = await act(support, m.id, "sessions/end", { reason: "Member reported a lost phone" });
    expect(res.body.msg).toMatchObject({ changed: true, endedSessions: 2 });
    expect(await sessionCount(m.id)).toBe(0);
    for (const cookie of [m.cookie, second])
      expect((await t.request("/userRoute/userDataGet_dashboard", { cookie })).status).toBe(401);
    expect((await audits(m.id)).at(-1)).toMatchObject({
      action: "member.sessions.end",
      before: { sessions: 2 },
      after: { sessions: 0 },
    });
    const none = await act(support, m.id, "sessions/end", { reason: "again" });
    expect(none.body.msg.changed).toBe(false);
  });

  it("roles: support ends sessions only; payouts holds only; moderation suspends and bans; content nothing (403, nothing written)", async () => {
    const m = await newMember(t);
    const refused = async (op: TestMember, path: string, body: unknown = { reason: "r" }) => {
      const res = await act(op, m.id, path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.error_msg).toBe(ROLE_REFUSED);
    };
    const allowed = async (op: TestMember, path: string, body: unknown = { reason: "r" }) => {
      const res = await act(op, m.id, path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    };
    const ban = { reason: "r", pending: "hold" };
    for (const path of ["hold", "hold/release", "suspend", "suspend/lift", "ban/lift"])
      await refused(support, path);
    await refused(support, "ban", ban);
    for (const path of ["sessions/end", "suspend", "suspend/lift", "ban/lift"]) await refused(payouts, path);
    await refused(payouts, "ban", ban);
    for (const path of ["sessions/end", "hold", "hold/release", "suspend", "ban/lift"])
      await refused(content, path);
    await refused(content, "ban", ban);
    for (const path of ["hold", "hold/release"]) await refused(moderation, path);
    expect(await audits(m.id)).toHaveLength(0);
    expect(
      (await t.request(`/adminRoute/members/${m.id}/restrictions`, { cookie: content.cookie })).status,
    ).toBe(403);
    expect((await t.request(`/adminRoute/members/${m.id}/restrictions`, { cookie: m.cookie })).status).toBe(
      403,
    );
    const asMember = await act(m, m.id, "hold", { reason: "r" });
    expect(asMember.status).toBe(403);

    await allowed(support, "sessions/end");
    await allowed(payouts, "hold");
    await allowed(payouts, "hold/release");
    await allowed(moderation, "suspend");
    await allowed(moderation, "suspend/lift");
    await allowed(moderation, "ban", ban);
    await allowed(moderation, "ban/lift");
    await allowed(moderation, "sessions/end");
  });

  it("bad input is a clear 4xx and writes nothing", async () => {
    const m = await newMember(t);
    const bad: [string, unknown, string][] = [
      ["hold", {}, "reason is required."],
      ["hold", { reason: "   " }, "reason is required."],
      ["hold", { reason: "x".repeat(501) }, "reason must be at most 500 characters."],
      ["hold", { reason: 5 }, "reason must be text."],
      ["hold", { reason: "r", extra: 1 }, "Unexpected field: extra."],
      ["ban", { reason: "r" }, "pending is required."],
      ["ban", { reason: "r", pending: "keep" }, "pending must be reject or hold."],
    ];
    for (const [path, body, msg] of bad) {
      const res = await act(owner, m.id, path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error_msg).toBe(msg);
    }
    const text = await t.request(`/adminRoute/members/${m.id}/hold`, {
      rawBody: "reason=x",
      contentType: "application/x-www-form-urlencoded",
      cookie: owner.cookie,
    });
    expect(text.status).toBe(415);
    expect((await act(owner, "nope", "hold", { reason: "r" })).status).toBe(404);
    expect((await act(owner, "0123456789abcdef01234567", "hold", { reason: "r" })).body).toMatchObject({
      success: false,
      error_msg: RESTRICTION_MESSAGES.notFound,
    });
    expect((await act(owner, support.id, "ban", { reason: "r", pending: "hold" })).body).toMatchObject({
      success: false,
      error_msg: RESTRICTION_MESSAGES.operator,
    });
    expect(await audits(m.id)).toHaveLength(0);
    expect((await row(m.id)).withdrawalsHeldAt).toBeNull();
  });

  it("hold: requests are still accepted and stay Pending; approval refused (409) until released; rejecting allowed", async () => {
    const { m, ids } = await payee(30, 2);
    await act(payouts, m.id, "hold", { reason: "Checking payout details" });
    // Still accepted.
    const id3 = await (async () => {
      const res = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 5, type: method, request_id: "held-request" },
        cookie: m.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [w] = await t.deps.db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, m.id), eq(withdrawals.requestKey, "held-request")));
      return w!.id;
    })();
    const me = await t.request("/userRoute/userRestrictions_get", { cookie: m.cookie });
    expect(me.body.msg).toEqual({
      withdrawalsHeld: true,
      earningSuspended: false,
      withdrawalsHeldMessage: RESTRICTION_MESSAGES.withdrawalsHeld,
      earningSuspendedMessage: null,
    });

    const refused = await settle(payouts, ids[0]!, "approve");
    expect(refused.status).toBe(409);
    expect(refused.body.error_msg).toContain("on hold (Checking payout details)");
    const rejected = await settle(payouts, ids[1]!, "reject", "Wrong UPI id");
    expect(rejected.status).toBe(200);
    const statuses = async () =>
      Object.fromEntries(
        (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id))).map((w) => [
          w.id,
          w.status,
        ]),
      );
    expect(await statuses()).toEqual({ [ids[0]!]: "Pending", [ids[1]!]: "Reject", [id3]: "Pending" });

    await act(payouts, m.id, "hold/release", { reason: "Details fine" });
    expect((await settle(payouts, ids[0]!, "approve")).status).toBe(200);
    expect(await statuses()).toMatchObject({ [ids[0]!]: "Success" });
  });

  it("a hold racing approvals ends in one consistent state, every round", async () => {
    for (let round = 0; round < 8; round++) {
      const { m, ids } = await payee(20, 1);
      const [hold, approve] = await Promise.all([
        act(payouts, m.id, "hold", { reason: `race ${round}` }),
        settle(owner, ids[0]!, "approve"),
      ]);
      expect(hold.status).toBe(200);
      const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, ids[0]!));
      const holdAudit = (await audits(m.id)).find((a) => a.action === "member.hold")!;
      const approveAudit = (
        await t.deps.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `withdrawal:${ids[0]}`))
      )[0];
      if (approve.status === 200) {
        // The approval landed before the hold committed.
        expect(w!.status).toBe("Success");
        expect(approveAudit!.id).toBeLessThan(holdAudit.id);
      } else {
        expect(approve.status).toBe(409);
        expect(w!.status).toBe("Pending");
        expect(approveAudit).toBeUndefined();
      }
      expect((await row(m.id)).withdrawalsHeldAt).not.toBeNull();
      await expectLedgerConsistent(t);
    }
  });

  it("suspension refuses ad claims, short-link claims, postback credits and game joins with the message; the balance stays; lifted, earning resumes", async () => {
    const advertiser = await newMember(t);
    await giveDeposit(t, advertiser.id, 20);
    const created = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: campaignDraft(),
      cookie: advertiser.cookie,
    });
    expect(created.body).toMatchObject({ success: true });
    const campaignId = created.body.msg._id as string;

    const m = await newMember(t);
    await giveEarning(t, m.id, 7_000);
    const start = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: campaignId },
      cookie: m.cookie,
    });
    const viewToken = start.body.msg.viewToken as string;
    clock += 15_000;
    await act(moderation, m.id, "suspend", { reason: "Ad fraud review" });
    const message = RESTRICTION_MESSAGES.earningSuspended("Ad fraud review");
    expect(message).toBe(
      "Your earning is suspended: Ad fraud review. Contact support through the Support page.",
    );

    const claim = await t.request("/userIncomeRoute/user_PTCAds_income_patch", {
      method: "PATCH",
      obj: { btnName: campaignId, btnClickEarn: 1000, viewToken },
      cookie: m.cookie,
    });
    expect(claim.status).toBe(403);
    expect(claim.body.error_msg).toBe(message);
    const restart = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
      obj: { btnName: campaignId },
      cookie: m.cookie,
    });
    expect(restart.body.error_msg).toBe(message);

    const link = await t.request("/userIncomeRoute/user_shortlink_lastPage_data_patch", {
      method: "PATCH",
      json: { uniqueToken: "a".repeat(43) },
      cookie: m.cookie,
    });
    expect(link.body.error_msg, JSON.stringify(link.body)).toBe(message);

    const join = await t.request("/userIncomeRoute/user_ticTacToe_join_post", {
      json: { type: PRACTICE_ROOM },
      cookie: m.cookie,
    });
    expect(join.body.error_msg, JSON.stringify(join.body)).toBe(message);

    // A postback for the member: logged with its verdict, no credit, answered as a refusal.
    const wall = await t.request("/adminRoute/offerWalls", {
      json: md5Wall(`Restrictions wall ${driver}`, "restrictions-secret"),
      cookie: owner.cookie,
    });
    expect(wall.body, JSON.stringify(wall.body)).toMatchObject({ success: true });
    const wallId = wall.body.msg.wall._id as string;
    const postback = (oid: string) =>
      t.request(
        `/postback/offerwall/${wallId}?oid=${oid}&user_id=${m.id}&amount=500&sig=${md5WallSignature(oid, m.id, "restrictions-secret")}`,
      );
    const pb = await postback("susp-1");
    expect(pb.status).toBe(403);
    expect(pb.headers.get("x-postback-verdict")).toBe("earning_suspended");
    const [logged] = await t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(eq(taskWallPostbacks.transactionId, "susp-1"));
    expect(logged).toMatchObject({ verdict: "earning_suspended", userId: m.id, amount: null });
    expect(
      await t.deps.db
        .select()
        .from(taskWallTransactions)
        .where(eq(taskWallTransactions.transactionId, "susp-1")),
    ).toHaveLength(0);

    expect((await balances(t, m.id)).withdrawable).toBe(7_000);

    await act(moderation, m.id, "suspend/lift", { reason: "Review done" });
    expect((await postback("susp-1")).headers.get("x-postback-verdict")).toBe("credited");
    expect((await balances(t, m.id)).withdrawable).toBe(7_500);
  });

  it("ban: sessions ended, login refused with the appeal message, pending withdrawals rejected back to the balance once", async () => {
    const { m, ids } = await payee(20, 2);
    expect((await balances(t, m.id)).withdrawable).toBe(10_000);
    const res = await act(moderation, m.id, "ban", { reason: "Multiple accounts", pending: "reject" });
    expect(res.body.msg).toMatchObject({ changed: true, rejectedWithdrawals: 2 });
    expect((await balances(t, m.id)).withdrawable).toBe(20_000);
    expect(await sessionCount(m.id)).toBe(0);
    expect((await t.request("/userRoute/userDataGet_dashboard", { cookie: m.cookie })).status).toBe(401);
    for (const id of ids) {
      const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      expect(w).toMatchObject({ status: "Reject", remark: "Account closed" });
      const refunds = await t.deps.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, `withdrawal-settle:${id}`));
      expect(refunds).toHaveLength(1);
    }
    // Again: nothing more (no second refund).
    expect(
      (await act(moderation, m.id, "ban", { reason: "again", pending: "reject" })).body.msg.changed,
    ).toBe(false);
    expect((await balances(t, m.id)).withdrawable).toBe(20_000);

    const login = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: m.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error_msg).toBe(ACCOUNT_CLOSED_MSG);
    expect(login.setCookie.find((c) => c.startsWith("sid=") && !c.startsWith("sid=;"))).toBeUndefined();
    // A wrong password says nothing about the account.
    const wrong = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: "not-it-1234" },
    });
    expect(wrong.body.error_msg).toBe("Invalid details");

    const audit = (await audits(m.id)).find((a) => a.action === "member.ban")!;
    expect(audit.before).toMatchObject({ banned: false, sessions: 1 });
    expect(audit.after).toMatchObject({
      banned: true,
      bannedReason: "Multiple accounts",
      sessions: 0,
      pending: "reject",
      rejectedWithdrawals: 2,
    });

    await act(moderation, m.id, "ban/lift", { reason: "Appeal accepted" });
    const again = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: m.password },
    });
    expect(again.status).toBe(200);
  });

  it("ban keeping pending withdrawals held: they stay Pending and cannot be approved", async () => {
    const { m, ids } = await payee(20, 1);
    const res = await act(owner, m.id, "ban", { reason: "Chargebacks", pending: "hold" });
    expect(res.body.msg).toMatchObject({
      changed: true,
      state: { withdrawalsHeld: { reason: "Account closed: Chargebacks" } },
    });
    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, ids[0]!));
    expect(w!.status).toBe("Pending");
    expect((await settle(payouts, ids[0]!, "approve")).status).toBe(409);
    expect((await balances(t, m.id)).withdrawable).toBe(15_000);
    // Lifting the ban leaves the hold (released separately).
    await act(owner, m.id, "ban/lift", { reason: "Resolved" });
    expect((await settle(payouts, ids[0]!, "approve")).status).toBe(409);
    await act(owner, m.id, "hold/release", { reason: "Resolved" });
    expect((await settle(payouts, ids[0]!, "approve")).status).toBe(200);
  });

  it("a ban racing an ad claim: the claim lands before the ban or is refused, never after", async () => {
    const advertiser = await newMember(t);
    await giveDeposit(t, advertiser.id, 60);
    for (let round = 0; round < 8; round++) {
      const created = await t.request("/advertiserRoute/advertiserDataPost", {
        obj: campaignDraft(),
        cookie: advertiser.cookie,
      });
      const campaignId = created.body.msg._id as string;
      const m = await newMember(t);
      const start = await t.request("/userIncomeRoute/user_PTCAds_view_start", {
        obj: { btnName: campaignId },
        cookie: m.cookie,
      });
      const viewToken = start.body.msg.viewToken as string;
      clock += 15_000;
      const [ban, claim] = await Promise.all([
        act(moderation, m.id, "ban", { reason: `race ${round}`, pending: "reject" }),
        t.request("/userIncomeRoute/user_PTCAds_income_patch", {
          method: "PATCH",
          obj: { btnName: campaignId, btnClickEarn: 1000, viewToken },
          cookie: m.cookie,
        }),
      ]);
      expect(ban.status).toBe(200);
      const earned = (await balances(t, m.id)).withdrawable;
      // The ban's audit row records the balance the ban saw: the claim is in it exactly when it succeeded.
      const banned = (await audits(m.id)).find((a) => a.action === "member.ban")!;
      const seen = (banned.after as { balancesAtBan: { withdrawable: number } }).balancesAtBan.withdrawable;
      if (claim.status === 200) {
        expect(earned).toBe(30);
        expect(seen).toBe(30);
      } else {
        expect([401, 403]).toContain(claim.status);
        expect(earned).toBe(0);
        expect(seen).toBe(0);
      }
      await expectLedgerConsistent(t);
    }
  });

  it("records sign-ups and logins with the address and user agent; the session keeps them too", async () => {
    const email = `signin-${driver}-${Date.now()}@example.com`;
    const ua = `TestBrowser/1.0 ${"x".repeat(500)}`;
    const headers = { "x-forwarded-for": "203.0.113.7", "user-agent": ua };
    const up = await t.request("/userRoute/signUp", {
      obj: {
        name: "Sign In",
        mobile_number: 9876543210,
        email_address: email,
        password: "Password-123!",
        ...SIGN_UP_PRIVACY,
      },
      headers,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: email, password: "Password-123!" },
      headers: { ...headers, "x-forwarded-for": "198.51.100.9" },
    });
    expect(login.status).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(signIns)
      .where(eq(signIns.userId, u!.id))
      .orderBy(asc(signIns.id));
    expect(rows.map((r) => [r.kind, r.ip, r.userAgent?.length])).toEqual([
      ["signup", "203.0.113.7", 400],
      ["login", "198.51.100.9", 400],
    ]);
    expect(rows[0]!.userAgent).toBe(ua.slice(0, 400));
    const [s] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, u!.id));
    expect(s).toMatchObject({ ip: "198.51.100.9", userAgent: ua.slice(0, 400) });
    // A failed login records nothing.
    await t.request("/userRoute/login", {
      obj: { email_userName: email, password: "wrong-pass-1" },
      headers,
    });
    expect(await t.deps.db.select().from(signIns).where(eq(signIns.userId, u!.id))).toHaveLength(2);
  });

  it("a closed account gets no session by any path: createSession (password and Google) refuses under the row's lock", async () => {
    const m = await newMember(t);
    await act(owner, m.id, "ban", { reason: "Closed", pending: "reject" });
    for (const signIn of ["login", "google"] as const)
      await expect(
        createSession(t.deps.db, m.id, false, new Date(), {
          signIn,
          origin: { ip: "203.0.113.1", userAgent: "x" },
        }),
      ).rejects.toThrow(ACCOUNT_CLOSED_MSG);
    expect(await sessionCount(m.id)).toBe(0);
    expect(await t.deps.db.select().from(signIns).where(eq(signIns.userId, m.id))).toHaveLength(0);
  });

  it("the member's own view: suspension and hold in plain words", async () => {
    const m = await newMember(t);
    const view = async () =>
      (await t.request("/userRoute/userRestrictions_get", { cookie: m.cookie })).body.msg;
    expect(await view()).toEqual({
      withdrawalsHeld: false,
      earningSuspended: false,
      withdrawalsHeldMessage: null,
      earningSuspendedMessage: null,
    });
    await act(owner, m.id, "suspend", { reason: "Unusual clicks" });
    expect((await view()).earningSuspendedMessage).toBe(
      RESTRICTION_MESSAGES.earningSuspended("Unusual clicks"),
    );
    expect((await t.request("/userRoute/userRestrictions_get")).status).toBe(401);
    void pendingWithdrawal;
  });
});
