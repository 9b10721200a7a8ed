import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog, contactMessages } from "../../api/db/schema";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * Grievances (issue 44): the officer and clocks anyone can read, a grievance filed by a visitor or
 * a member and acknowledged at once with its reference, its resolution clock in the operators'
 * list (overdue once past it, until closed), and the owner's settings — audited, bounded by the
 * rule's 24 hours and 15 days, refused to other roles.
 */
describe.each(drivers("one"))("grievances (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let support: TestMember;
  let member: TestMember;
  const DAY = 24 * 60 * 60 * 1000;
  const start = Date.parse("2026-11-29T06:00:00Z");
  let clock = start;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    support = await newOperator(t, ["support"]);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const grievance = (who: TestMember | null, subject: string, extra: Record<string, unknown> = {}) =>
    t.request("/userMessageRoute/grievance_post", {
      obj: {
        name: "Asha Rao",
        email_address: who?.email ?? "visitor@example.com",
        mobile_number: "9876543210",
        subject,
        message: `About ${subject}.`,
        consent: true,
        ...extra,
      },
      cookie: who?.cookie,
    });

  const officerBody = {
    name: "R. Sharma",
    email: "grievance@example.com",
    address: "12 MG Road, Bengaluru 560001",
    acknowledge_hours: 24,
    resolve_days: 15,
  };

  it("before the owner names one, the officer is empty and the clocks are the rule's", async () => {
    const res = await t.request("/userMessageRoute/grievance_officer");
    expect(res.status).toBe(200);
    expect(res.body.msg).toEqual({
      name: "",
      email: "",
      address: "",
      acknowledge_hours: 24,
      resolve_days: 15,
    });
  });

  it("the owner names the officer, audited; support may not; bad values are refused and change nothing", async () => {
    const refused = await t.request("/adminRoute/grievance/settings", {
      method: "PATCH",
      json: officerBody,
      cookie: support.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error_msg).toBe(ROLE_REFUSED);
    const anonymous = await t.request("/adminRoute/grievance/settings", {
      method: "PATCH",
      json: officerBody,
    });
    expect(anonymous.status).toBe(401);

    for (const [bad, message] of [
      [{ ...officerBody, resolve_days: 16 }, "resolve_days must be from 1 to 15."],
      [{ ...officerBody, acknowledge_hours: 48 }, "acknowledge_hours must be from 1 to 24."],
      [{ ...officerBody, acknowledge_hours: 2.5 }, "acknowledge_hours must be from 1 to 24."],
      [{ ...officerBody, email: "not an address" }, "email must be an e-mail address."],
      [{ ...officerBody, extra: 1 }, null],
    ] as const) {
      const res = await t.request("/adminRoute/grievance/settings", {
        method: "PATCH",
        json: bad,
        cookie: owner.cookie,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      if (message) expect(res.body.error_msg).toBe(message);
    }
    expect((await t.request("/userMessageRoute/grievance_officer")).body.msg.name).toBe("");

    const saved = await t.request("/adminRoute/grievance/settings", {
      method: "PATCH",
      json: { ...officerBody, resolve_days: 10 },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe("Grievance officer saved.");
    expect((await t.request("/userMessageRoute/grievance_officer")).body.msg).toEqual({
      ...officerBody,
      resolve_days: 10,
    });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "grievance.officer"), eq(auditLog.actorUserId, owner.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.target).toBe("settings:grievance_officer");
    expect(audits[0]!.before).toMatchObject({ grievance_officer: { name: "", resolve_days: 15 } });
    expect(audits[0]!.after).toMatchObject({ grievance_officer: { name: "R. Sharma", resolve_days: 10 } });
  });

  it("a grievance is acknowledged at once with its reference and the resolution time; a member's is filed under them", async () => {
    clock = start;
    const visitor = await grievance(null, "Unfair ban");
    expect(visitor.status).toBe(200);
    const filed = visitor.body.msg;
    expect(filed.reference).toMatch(/^GRV-\d{6}$/);
    expect(filed.acknowledged_at).toBe(new Date(start).toISOString());
    expect(filed.resolve_by).toBe(new Date(start + 10 * DAY).toISOString());
    expect(filed.overdue).toBe(false);

    const mine = await grievance(member, "Missing payout");
    expect(mine.status).toBe(200);
    const rows = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.kind, "grievance"));
    expect(rows.map((r) => [r.subject, r.userId])).toEqual(
      expect.arrayContaining([
        ["Unfair ban", null],
        ["Missing payout", member.id],
      ]),
    );
    const id = Number(filed.reference.slice("GRV-".length));
    expect(rows.find((r) => r.id === id)?.subject).toBe("Unfair ban");
  });

  it("the acknowledgement is mailed with the reference and the date, in the language it was written in", async () => {
    clock = start;
    const before = t.mails.length;
    const en = await grievance(null, "Mail check");
    const hi = await t.request("/userMessageRoute/grievance_post", {
      obj: {
        name: "आशा",
        email_address: "asha.hi@example.com",
        mobile_number: "9876543210",
        subject: "हिंदी शिकायत",
        message: "मेरा खाता बंद कर दिया गया।",
        consent: true,
      },
      headers: { "accept-language": "hi-IN,hi;q=0.9" },
    });
    expect(hi.status).toBe(200);
    const mails = t.mails.slice(before);
    expect(mails).toHaveLength(2);
    const [mailEn, mailHi] = mails;
    expect(mailEn!.to).toBe("visitor@example.com");
    expect(mailEn!.subject).toContain(`your grievance ${en.body.msg.reference} is received`);
    expect(mailEn!.text).toContain(
      `We have received your grievance "Mail check". Its reference is ${en.body.msg.reference}`,
    );
    expect(mailEn!.text).toContain("Our grievance officer will resolve it by");
    expect(mailHi!.to).toBe("asha.hi@example.com");
    expect(mailHi!.subject).toContain(`आपकी शिकायत ${hi.body.msg.reference} मिल गई है`);
    expect(mailHi!.text).toContain("हमारे शिकायत अधिकारी");
  });

  it("bad input is refused with 400 and stores nothing", async () => {
    const before = await t.deps.db.select().from(contactMessages);
    const mailsBefore = t.mails.length;
    for (const extra of [
      { consent: false },
      { subject: "" },
      { email_address: "nope" },
      { mobile_number: "12" },
    ]) {
      const res = await grievance(null, "Bad", extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(before.length);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("the operators' list shows each grievance's clocks, overdue past its time until it is closed", async () => {
    clock = start;
    const res = await grievance(null, "Clock check");
    const { reference } = res.body.msg;
    const id = Number(reference.slice("GRV-".length));
    const find = async () => {
      const list = await t.request("/adminRoute/messages?status=all", { cookie: support.cookie });
      return list.body.msg.records.find((m: { id: number }) => m.id === id);
    };
    expect((await find()).grievance).toMatchObject({ reference, overdue: false });
    // Eleven days on (the owner's ten have passed): overdue.
    await t.deps.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 11 * DAY) })
      .where(eq(contactMessages.id, id));
    expect((await find()).grievance.overdue).toBe(true);
    const thread = await t.request(`/adminRoute/messages/${id}`, { cookie: support.cookie });
    expect(thread.body.msg.message.grievance).toMatchObject({ reference, overdue: true });
    // Closed, it is no longer overdue.
    const closed = await t.request(`/adminRoute/messages/${id}/status`, {
      json: { status: "closed" },
      cookie: support.cookie,
    });
    expect(closed.status).toBe(200);
    expect((await find()).grievance.overdue).toBe(false);
    // A plain message has no grievance clocks.
    const plain = (
      await t.request("/adminRoute/messages?status=all", { cookie: support.cookie })
    ).body.msg.records.find((m: { kind: string }) => m.kind === "message");
    expect(plain?.grievance ?? null).toBeNull();
  });

  it("the owner's overview counts the open and overdue grievances and lists the overdue first", async () => {
    const overview = async () =>
      (await t.request("/adminRoute/overview?range=7", { cookie: owner.cookie })).body.msg.grievances;
    const late = await grievance(null, "Late one");
    const lateId = Number(late.body.msg.reference.slice("GRV-".length));
    const before = await overview();
    await t.deps.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(contactMessages.id, lateId));
    const after = await overview();
    expect(after.open).toBe(before.open);
    expect(after.overdue).toBe(before.overdue + 1);
    expect(after.first[0]).toMatchObject({ id: lateId, reference: late.body.msg.reference, overdue: true });

    await t.request(`/adminRoute/messages/${lateId}/status`, {
      json: { status: "closed" },
      cookie: support.cookie,
    });
    const closed = await overview();
    expect(closed.open).toBe(before.open - 1);
    expect(closed.overdue).toBe(before.overdue);
    expect(closed.first.map((g: { id: number }) => g.id)).not.toContain(lateId);
  });
});
