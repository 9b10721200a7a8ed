import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import {
  auditLog,
  contactMessages,
  contactReplies,
  payoutWebhooks,
  retentionRuns,
  riskSignals,
  sessions,
  signIns,
  taskWallPostbacks,
} from "../../api/db/schema";
import { DAY_MS, runRetention, sweepKind } from "../../api/housekeeping/retention";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * Retention (issue 44 §4): each kind loses exactly the rows past the owner's period — the boundary
 * to the millisecond — in batches (a statement per batch, never one over everything), two runners
 * at once delete each row once, and the owner sets the periods (audited, bounded; others refused).
 */
describe.each(drivers("both"))("retention (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let member: TestMember;
  const now = new Date("2026-11-29T06:00:00Z");
  const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY_MS + ms);

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

  it("sessions: only those expired more than 30 days ago go, the boundary exact", async () => {
    const rows = await t.deps.db
      .insert(sessions)
      .values(
        [ago(30, -1), ago(30), ago(30, 1), ago(1), ago(-1)].map((expiresAt, i) => ({
          userId: member.id,
          tokenHash: `retention-test-${driver}-${i}`,
          expiresAt,
        })),
      )
      .returning({ id: sessions.id });
    const run = await sweepKind(t.deps.db, "sessions", now);
    expect(run.deleted).toBe(1);
    const left = idsOf(
      await t.deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, idsOf(rows))),
    );
    // Expired exactly 30 days ago is kept (older than the cutoff goes); the member's own session stays.
    expect(left).toEqual(idsOf(rows).slice(1));
    const res = await t.request("/userRoute/userProfileData_get", { cookie: member.cookie });
    expect(res.status).toBe(200);
  });

  it("login records: older than 365 days go, in batches: 5 rows with a batch of 2 take 3 statements", async () => {
    await t.deps.db.insert(signIns).values([
      ...[366, 400, 500, 600, 700].map((d) => ({
        userId: member.id,
        kind: "login" as const,
        createdAt: ago(d),
      })),
      { userId: member.id, kind: "login" as const, createdAt: ago(365) },
      { userId: member.id, kind: "login" as const, createdAt: ago(364) },
    ]);
    const run = await sweepKind(t.deps.db, "sign_ins", now, { batch: 2 });
    expect(run).toMatchObject({ kind: "sign_ins", deleted: 5, statements: 3 });
    const left = await t.deps.db
      .select({ at: signIns.createdAt })
      .from(signIns)
      .where(
        and(
          eq(signIns.userId, member.id),
          sql`${signIns.createdAt} < ${ago(100).toISOString()}::timestamptz`,
        ),
      );
    expect(left.map((r) => r.at.toISOString()).sort()).toEqual([
      ago(365).toISOString(),
      ago(364).toISOString(),
    ]);
    // The run is recorded for the console.
    const [recorded] = await t.deps.db.select().from(retentionRuns).where(eq(retentionRuns.kind, "sign_ins"));
    expect(recorded).toMatchObject({ deleted: 5, statements: 3, cutoff: ago(365) });
  });

  it("support messages: closed ones untouched for 3 years go with their replies; open ones stay however old", async () => {
    const base = { name: "A", email: "a@example.com", mobileNumber: "9876543210", message: "m" };
    const made = await t.deps.db
      .insert(contactMessages)
      .values([
        {
          ...base,
          subject: "old closed",
          status: "closed" as const,
          updatedAt: ago(1096),
          createdAt: ago(1100),
        },
        {
          ...base,
          subject: "old grievance",
          kind: "grievance" as const,
          status: "closed" as const,
          updatedAt: ago(1095, 1),
          createdAt: ago(1100),
        },
        { ...base, subject: "old open", status: "open" as const, updatedAt: ago(2000), createdAt: ago(2000) },
        {
          ...base,
          subject: "old answered",
          status: "answered" as const,
          updatedAt: ago(2000),
          createdAt: ago(2000),
        },
      ])
      .returning({ id: contactMessages.id });
    await t.deps.db.insert(contactReplies).values({ messageId: made[0]!.id, body: "reply" });
    const run = await sweepKind(t.deps.db, "support_messages", now);
    expect(run.deleted).toBe(1);
    const left = await t.deps.db
      .select({ subject: contactMessages.subject })
      .from(contactMessages)
      .where(inArray(contactMessages.id, idsOf(made)));
    expect(left.map((r) => r.subject).sort()).toEqual(["old answered", "old grievance", "old open"]);
    const [replies] = await t.deps.db
      .select({ n: count() })
      .from(contactReplies)
      .where(eq(contactReplies.messageId, made[0]!.id));
    expect(replies!.n).toBe(0);
  });

  it("risk evidence: emptied a year after the signal was cleared; open signals and the signal itself stay", async () => {
    const evidence = { accounts: ["someone-else"], ip: "203.0.113.9" };
    const made = await t.deps.db
      .insert(riskSignals)
      .values([
        {
          userId: member.id,
          kind: "shared_device" as const,
          key: `a-${driver}`,
          summary: "s",
          evidence,
          clearedAt: ago(366),
        },
        {
          userId: member.id,
          kind: "shared_device" as const,
          key: `b-${driver}`,
          summary: "s",
          evidence,
          clearedAt: ago(364),
        },
        {
          userId: member.id,
          kind: "shared_device" as const,
          key: `c-${driver}`,
          summary: "s",
          evidence,
          createdAt: ago(900),
        },
      ])
      .returning({ id: riskSignals.id });
    expect((await sweepKind(t.deps.db, "risk_evidence", now)).deleted).toBe(1);
    const rows = await t.deps.db
      .select({ key: riskSignals.key, evidence: riskSignals.evidence })
      .from(riskSignals)
      .where(inArray(riskSignals.id, idsOf(made)))
      .orderBy(riskSignals.key);
    expect(rows.map((r) => r.evidence)).toEqual([{}, evidence, evidence]);
    // Emptied once: the next run finds nothing.
    expect((await sweepKind(t.deps.db, "risk_evidence", now)).deleted).toBe(0);
  });

  it("the postback and webhook logs keep their own 30 days", async () => {
    await t.deps.db.insert(taskWallPostbacks).values(
      [31, 30, 29].map((d) => ({
        method: "GET",
        url: "/p",
        headers: {},
        verdict: "refused",
        createdAt: ago(d, -1),
      })),
    );
    await t.deps.db.insert(payoutWebhooks).values(
      [31, 29].map((d) => ({
        channel: "test",
        bodyBytes: 0,
        verdict: "malformed",
        bodyStart: "",
        createdAt: ago(d),
      })),
    );
    const runs = await runRetention(t.deps.db, now);
    expect(runs.find((r) => r.kind === "postback_logs")?.deleted).toBe(2);
    expect(runs.find((r) => r.kind === "payout_webhook_logs")?.deleted).toBe(1);
    expect(runs.map((r) => r.kind)).toEqual([
      "sessions",
      "sign_ins",
      "postback_logs",
      "payout_webhook_logs",
      "risk_evidence",
      "support_messages",
    ]);
  });

  it("two runners at once delete each row once", async () => {
    await t.deps.db.insert(signIns).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: member.id,
        kind: "login" as const,
        createdAt: ago(400 + i),
      })),
    );
    const [a, b] = await Promise.all([
      sweepKind(t.deps.db, "sign_ins", now, { batch: 3 }),
      sweepKind(t.deps.db, "sign_ins", now, { batch: 3 }),
    ]);
    expect(a.deleted + b.deleted).toBe(40);
    const [left] = await t.deps.db
      .select({ n: count() })
      .from(signIns)
      .where(sql`${signIns.createdAt} < ${ago(365).toISOString()}::timestamptz`);
    expect(left!.n).toBe(0);
  });

  const settingsBody = {
    days: {
      sessions: 14,
      sign_ins: 365,
      postback_logs: 60,
      payout_webhook_logs: 45,
      risk_evidence: 730,
      support_messages: 1825,
    },
    dormant_after_days: 0,
    dormant_balance_policy: "payout",
  };

  it("the owner sets the periods, audited; other roles and bad values are refused", async () => {
    const support = await newOperator(t, ["support"]);
    const refused = await t.request("/adminRoute/retention", {
      method: "PATCH",
      json: settingsBody,
      cookie: support.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error_msg).toBe(ROLE_REFUSED);
    const tooShort = await t.request("/adminRoute/retention", {
      method: "PATCH",
      json: { ...settingsBody, days: { ...settingsBody.days, sign_ins: 90 } },
      cookie: owner.cookie,
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error_msg).toMatch(/sign_ins/);
    const ok = await t.request("/adminRoute/retention", {
      method: "PATCH",
      json: settingsBody,
      cookie: owner.cookie,
    });
    expect(ok.body).toEqual({ success: true, msg: "Retention saved." });
    const read = await t.request("/adminRoute/retention", { cookie: owner.cookie });
    expect(read.body.msg).toMatchObject(settingsBody);
    expect(read.body.msg.runs.map((r: { kind: string }) => r.kind)).toContain("sign_ins");
    const audits = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, owner.id));
    expect(audits.map((a) => a.action).sort()).toEqual(
      ["payouts.webhook_retention", "postback.retention", "retention.days"].sort(),
    );
    const run = await t.request("/adminRoute/retention/run", {
      method: "POST",
      json: {},
      cookie: owner.cookie,
    });
    expect(run.status).toBe(200);
    expect(run.body.msg.runs).toHaveLength(6);
    expect(run.body.msg.runs[0]).toMatchObject({ kind: "sessions" });
  });
});
