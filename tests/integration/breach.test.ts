import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog, breachRecipients, users } from "../../api/db/schema";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { mailBreachNotices } from "../../api/support/breach";

/**
 * The breach notice (issue 44 §5): owner only, audited; both languages required; a list's ids
 * checked (unknown ones named); each member mailed once in their language — even when the same form
 * is sent twice at once — and shown the notice on their dashboard until dismissed; the Board's
 * 72-hour clock from discovery, overdue until the owner records the notice.
 */
describe.each(drivers("both"))("breach notice (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let asha: TestMember;
  let ravi: TestMember;
  let other: TestMember;
  const HOUR = 60 * 60 * 1000;
  const start = Date.parse("2026-11-29T06:00:00Z");
  let clock = start;
  let keys = 0;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    asha = await newMember(t);
    ravi = await newMember(t);
    other = await newMember(t);
    await t.deps.db.update(users).set({ language: "hi" }).where(eq(users.id, ravi.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  const notice = (over: Record<string, unknown> = {}) => ({
    key: `breach-${driver}-${keys++}-key`,
    discovered_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    subject_en: "A breach of your data",
    body_en: "On 28 November someone read members' e-mail addresses.",
    subject_hi: "आपके डेटा का उल्लंघन",
    body_hi: "28 नवंबर को किसी ने सदस्यों के ई-मेल पते पढ़े।",
    audience: "list",
    member_ids: [asha.id, ravi.id],
    ...over,
  });

  it("owner only: members and other operators are refused", async () => {
    const support = await newOperator(t, ["support"]);
    for (const [who, msg] of [
      [support, ROLE_REFUSED],
      [asha, "Operators only."],
    ] as const) {
      const res = await t.request("/adminRoute/breach/notices", { json: notice(), cookie: who.cookie });
      expect(res.status).toBe(403);
      expect(res.body.error_msg).toBe(msg);
    }
    expect(t.mails).toHaveLength(0);
  });

  it("both languages are required, unknown ids are named, and nothing is written or mailed", async () => {
    const noHindi = await t.request("/adminRoute/breach/notices", {
      json: notice({ body_hi: "  " }),
      cookie: owner.cookie,
    });
    expect(noHindi.status).toBe(400);
    expect(noHindi.body.error_msg).toBe("body_hi is required.");
    const unknown = await t.request("/adminRoute/breach/preview", {
      json: notice({ member_ids: [asha.id, "no-such-member", owner.id] }),
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(400);
    // An operator is not a member the notice reaches.
    expect(unknown.body.error_msg).toBe(`Unknown member ids: no-such-member, ${owner.id}.`);
    const list = await t.request("/adminRoute/breach/notices", { cookie: owner.cookie });
    expect(list.body.msg.records).toEqual([]);
    expect(t.mails).toHaveLength(0);
  });

  it("the confirm step counts the members; sending mails each once in their language, sent twice at once", async () => {
    const preview = await t.request("/adminRoute/breach/preview", { json: notice(), cookie: owner.cookie });
    expect(preview.body).toEqual({ success: true, msg: { recipients: 2 } });
    const body = notice();
    const [a, b] = await Promise.all([
      t.request("/adminRoute/breach/notices", { json: body, cookie: owner.cookie }),
      t.request("/adminRoute/breach/notices", { json: body, cookie: owner.cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.msg.id).toBe(b.body.msg.id);
    expect([a.body.msg.duplicate, b.body.msg.duplicate].sort()).toEqual([false, true]);
    // A third pass (the housekeeping job's) finds nothing left to mail.
    expect(await mailBreachNotices(t.deps, a.body.msg.id)).toBe(0);
    const to = t.mails.map((m) => m.to).sort();
    expect(to).toEqual([asha.email, ravi.email].sort());
    const ashaMail = t.mails.find((m) => m.to === asha.email)!;
    expect(ashaMail.subject).toMatch(/A breach of your data$/);
    expect(ashaMail.text).toContain("On 28 November someone read members' e-mail addresses.");
    expect(ashaMail.text).toContain("It is not a marketing mail.");
    const raviMail = t.mails.find((m) => m.to === ravi.email)!;
    expect(raviMail.subject).toMatch(/आपके डेटा का उल्लंघन$/);
    expect(raviMail.text).toContain("नमस्ते");
    // The same key with other words is refused, not taken for the first.
    const reused = await t.request("/adminRoute/breach/notices", {
      json: { ...body, body_en: "Other words." },
      cookie: owner.cookie,
    });
    expect(reused.status).toBe(409);
    // Audited: who, how many.
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "breach.notice"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: owner.id, after: { recipients: 2, audience: "list" } });
  });

  it("members see the notice on their dashboard in their language until they dismiss it; others see none", async () => {
    const seen = await t.request("/userRoute/breachNotices", { cookie: ravi.cookie });
    expect(seen.body.msg.notices).toHaveLength(1);
    expect(seen.body.msg.notices[0]).toMatchObject({ subject: "आपके डेटा का उल्लंघन" });
    const ashaSees = await t.request("/userRoute/breachNotices", { cookie: asha.cookie });
    expect(ashaSees.body.msg.notices[0]).toMatchObject({ subject: "A breach of your data" });
    expect((await t.request("/userRoute/breachNotices", { cookie: other.cookie })).body.msg.notices).toEqual(
      [],
    );
    const id = ashaSees.body.msg.notices[0].id;
    // Another member cannot dismiss it for her.
    const notTheirs = await t.request(`/userRoute/breachNotices/${id}/dismiss`, {
      json: {},
      cookie: other.cookie,
    });
    expect(notTheirs.status).toBe(404);
    const dismissed = await t.request(`/userRoute/breachNotices/${id}/dismiss`, {
      json: {},
      cookie: asha.cookie,
    });
    expect(dismissed.body).toEqual({ success: true, msg: "Notice dismissed." });
    expect((await t.request("/userRoute/breachNotices", { cookie: asha.cookie })).body.msg.notices).toEqual(
      [],
    );
    expect(
      (await t.request("/userRoute/breachNotices", { cookie: ravi.cookie })).body.msg.notices,
    ).toHaveLength(1);
  });

  it("the Board's 72 hours run from discovery: overdue past them until the owner records the notice", async () => {
    clock = Date.now();
    const list = async () =>
      (await t.request("/adminRoute/breach/notices", { cookie: owner.cookie })).body.msg;
    const [incident] = (await list()).records;
    expect(incident).toMatchObject({
      recipients: 2,
      mailed: 2,
      board_notified_at: null,
      board_overdue: false,
    });
    expect(Date.parse(incident.board_due_at) - Date.parse(incident.discovered_at)).toBe(72 * HOUR);
    clock = Date.parse(incident.board_due_at);
    expect((await list()).records[0].board_overdue).toBe(false);
    clock += 1;
    expect((await list()).records[0].board_overdue).toBe(true);
    const before = await t.request(`/adminRoute/breach/notices/${incident.id}/board`, {
      method: "PATCH",
      json: { board_notified_at: new Date(Date.parse(incident.discovered_at) - 1000).toISOString() },
      cookie: owner.cookie,
    });
    expect(before.status).toBe(400);
    const saved = await t.request(`/adminRoute/breach/notices/${incident.id}/board`, {
      method: "PATCH",
      json: { board_notified_at: new Date(Date.now() - 1000).toISOString() },
      cookie: owner.cookie,
    });
    expect(saved.body).toEqual({ success: true, msg: "Board notice time saved." });
    expect((await list()).records[0]).toMatchObject({ board_overdue: false });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "breach.board_notified"));
    expect(audits).toHaveLength(1);
  });

  it("to all members: every member once, operators not; a failed mail is tried again, never twice", async () => {
    const failing = new Set([other.email]);
    const realSend = t.deps.mailer.send;
    t.deps.mailer.send = async (m) => {
      if (failing.has(m.to)) throw new Error("mailbox down");
      return realSend(m);
    };
    const before = t.mails.length;
    try {
      const res = await t.request("/adminRoute/breach/notices", {
        json: notice({ audience: "all", member_ids: [] }),
        cookie: owner.cookie,
      });
      expect(res.status).toBe(200);
      const members = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.role, "member"));
      expect(res.body.msg.recipients).toBe(members.length);
      expect(res.body.msg.mailed).toBe(members.length - 1);
      const sent = t.mails.slice(before).map((m) => m.to);
      expect(sent).not.toContain(owner.email);
      expect(new Set(sent).size).toBe(sent.length);
      // The failed one waits out its claim, then goes once.
      failing.clear();
      expect(await mailBreachNotices(t.deps, res.body.msg.id)).toBe(0);
      clock += 11 * 60 * 1000;
      expect(await mailBreachNotices(t.deps, res.body.msg.id)).toBe(1);
      expect(await mailBreachNotices(t.deps, res.body.msg.id)).toBe(0);
      const rows = await t.deps.db
        .select()
        .from(breachRecipients)
        .where(eq(breachRecipients.incidentId, res.body.msg.id));
      expect(rows.every((r) => r.mailedAt !== null)).toBe(true);
    } finally {
      t.deps.mailer.send = realSend;
    }
  });
});
