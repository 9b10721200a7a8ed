import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog, contactMessages, taskWallOpenings, taskWallPostbacks } from "../../api/db/schema";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { MISSING_CREDIT_PROMISE } from "../../shared/contracts/support";

/**
 * Support that answers: statuses, the filtered and paged list, operators' replies mailed to the
 * sender, members' follow-ups, canned replies (audited), missing-credit reports for walls the
 * member opened, and the roles that may use it.
 */
describe.each(drivers("one"))("support (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let support: TestMember;
  let member: TestMember;
  let wallId: string;
  let otherWallId: string;
  const DAY = 24 * 60 * 60 * 1000;
  const start = Date.parse("2026-05-10T06:00:00Z");
  let clock = start;

  const wallConfig = (name: string) => ({
    name,
    frameUrlTemplate: `https://walls.example/${name.toLowerCase().replace(/\W+/g, "-")}?uid={user_id}`,
    secret: "support-test-secret-0001",
    scheme: "md5_fields",
    signatureFields: ["uid", "tx", "val"],
    signatureSeparator: ":",
    signatureParam: "sig",
    userParam: "uid",
    transactionParam: "tx",
    amountParam: "val",
    milliPerPoint: 1000,
    capPerPostback: "20",
  });

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    support = await newOperator(t, ["support"]);
    member = await newMember(t);
    for (const name of ["Support Wall", "Other Wall"]) {
      const res = await t.request("/adminRoute/offerWalls", { json: wallConfig(name), cookie: owner.cookie });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      if (name === "Support Wall") wallId = res.body.msg.wall._id;
      else otherWallId = res.body.msg.wall._id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const contact = (who: TestMember | null, subject: string) =>
    t.request("/userMessageRoute/userMessageSave_post", {
      obj: {
        name: "Asha Rao",
        email_address: who?.email ?? "visitor@example.com",
        mobile_number: "9876543210",
        subject,
        message: `About ${subject}.\nSecond line <b>not bold</b>`,
        consent: true,
      },
      cookie: who?.cookie,
    });

  async function messageId(subject: string): Promise<number> {
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
    return row!.id;
  }

  /** Opens a wall as the member's task-wall viewer does (the frame address in `?open=`). */
  async function openWall(who: TestMember, id: string) {
    const list = await t.request("/userIncomeRoute/user_offerWall_get", { cookie: who.cookie });
    const wall = list.body.msg.offerWallData_after_replace.find((w: { _id: string }) => w._id === id);
    const res = await t.request(
      `/userIncomeRoute/user_offerWall_get?open=${encodeURIComponent(wall.offerWallApiLink)}`,
      { cookie: who.cookie },
    );
    expect(res.status).toBe(200);
  }

  const openings = (who: TestMember, id: string) =>
    t.deps.db
      .select()
      .from(taskWallOpenings)
      .where(and(eq(taskWallOpenings.userId, who.id), eq(taskWallOpenings.wallId, id)));

  it("lists messages newest first with status, the member's id, filtered by status and paged", async () => {
    for (let i = 0; i < 22; i++) expect((await contact(null, `Visitor question ${i}`)).status).toBe(200);
    expect((await contact(member, "Member question")).status).toBe(200);
    const res = await t.request("/adminRoute/messages", { cookie: support.cookie });
    expect(res.status).toBe(200);
    const first = res.body.msg;
    expect(first.pagination).toMatchObject({ page: 1, pageSize: 20, totalRecords: 23, totalPages: 2 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toMatchObject({
      subject: "Member question",
      userId: member.id,
      userName: member.userName,
      status: "open",
      kind: "message",
      missingCredit: null,
    });
    expect(first.records[1]).toMatchObject({ subject: "Visitor question 21", userId: null });
    const second = (await t.request("/adminRoute/messages?page=2", { cookie: support.cookie })).body.msg;
    expect(second.records.map((m: { subject: string }) => m.subject)).toEqual([
      "Visitor question 2",
      "Visitor question 1",
      "Visitor question 0",
    ]);

    await t.request(`/adminRoute/messages/${await messageId("Visitor question 3")}/status`, {
      json: { status: "closed" },
      cookie: support.cookie,
    });
    const closed = (await t.request("/adminRoute/messages?status=closed", { cookie: support.cookie })).body
      .msg;
    expect(closed.status).toBe("closed");
    expect(closed.records.map((m: { subject: string }) => m.subject)).toEqual(["Visitor question 3"]);
    const open = (await t.request("/adminRoute/messages?status=open", { cookie: support.cookie })).body.msg;
    expect(open.pagination.totalRecords).toBe(22);
    expect((await t.request("/adminRoute/messages?status=lost", { cookie: support.cookie })).status).toBe(
      400,
    );
  });

  it("an operator's reply is kept, answers the message, is mailed to the sender and audited; the member sees it and a follow-up reopens", async () => {
    const id = await messageId("Member question");
    const mailsBefore = t.mails.length;
    const res = await t.request(`/adminRoute/messages/${id}/reply`, {
      json: { body: "We have looked into it.\nAll is well." },
      cookie: support.cookie,
    });
    expect(res.body).toMatchObject({ success: true, msg: "Reply sent." });

    const thread = (await t.request(`/adminRoute/messages/${id}`, { cookie: support.cookie })).body.msg;
    expect(thread.message).toMatchObject({ status: "answered", replies: 1 });
    expect(thread.replies).toEqual([
      expect.objectContaining({
        fromOperator: true,
        author: support.userName,
        body: "We have looked into it.\nAll is well.",
      }),
    ]);
    expect(thread.postbacks).toBeNull();

    const mail = t.mails.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(member.email);
    expect(mail[0]!.subject).toBe("Re: Member question");
    expect(mail[0]!.text).toContain("We have looked into it.\nAll is well.");

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `contact_message:${id}`), eq(auditLog.action, "support.reply")));
    expect(audit).toMatchObject({ actorUserId: support.id, before: { status: "open" } });

    const mine = (await t.request("/userMessageRoute/my-messages", { cookie: member.cookie })).body.msg;
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ id, status: "answered" });
    expect(mine.records[0].replies).toEqual([
      expect.objectContaining({
        fromOperator: true,
        author: null,
        body: "We have looked into it.\nAll is well.",
      }),
    ]);

    const followUp = await t.request(`/userMessageRoute/my-messages/${id}/reply`, {
      json: { body: "Thanks, one more question." },
      cookie: member.cookie,
    });
    expect(followUp.status).toBe(200);
    const after = (await t.request("/userMessageRoute/my-messages", { cookie: member.cookie })).body.msg;
    expect(after.records[0].status).toBe("open");
    expect(after.records[0].replies.map((r: { fromOperator: boolean }) => r.fromOperator)).toEqual([
      true,
      false,
    ]);

    // Another member's message is not theirs to answer.
    const stranger = await newMember(t);
    const refused = await t.request(`/userMessageRoute/my-messages/${id}/reply`, {
      json: { body: "Hijack" },
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(404);
    expect(
      (await t.request("/userMessageRoute/my-messages", { cookie: stranger.cookie })).body.msg.records,
    ).toEqual([]);
  });

  it("closes and reopens a message, audited", async () => {
    const id = await messageId("Visitor question 5");
    for (const status of ["closed", "open"] as const) {
      const res = await t.request(`/adminRoute/messages/${id}/status`, {
        json: { status },
        cookie: owner.cookie,
      });
      expect(res.status).toBe(200);
      const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row!.status).toBe(status);
    }
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `contact_message:${id}`), eq(auditLog.action, "support.status")));
    expect(audits.map((a) => a.after)).toEqual([{ status: "closed" }, { status: "open" }]);
  });

  it("canned replies: create, list, edit, delete, each audited", async () => {
    const created = await t.request("/adminRoute/canned-replies", {
      json: { title: "Payout delay", body: "Payouts take up to 3 working days.", sortOrder: 2 },
      cookie: support.cookie,
    });
    expect(created.body).toMatchObject({ success: true, msg: "Canned reply saved." });
    const list = (await t.request("/adminRoute/canned-replies", { cookie: support.cookie })).body.msg.records;
    const canned = list.find((r: { title: string }) => r.title === "Payout delay");
    expect(canned).toMatchObject({ body: "Payouts take up to 3 working days.", sortOrder: 2 });

    const edited = await t.request(`/adminRoute/canned-replies/${canned.id}`, {
      method: "PATCH",
      json: { title: "Payout delay", body: "Payouts take up to 2 working days." },
      cookie: support.cookie,
    });
    expect(edited.status).toBe(200);
    const thread = (
      await t.request(`/adminRoute/messages/${await messageId("Visitor question 6")}`, {
        cookie: support.cookie,
      })
    ).body.msg;
    expect(thread.cannedReplies).toContainEqual({
      id: canned.id,
      title: "Payout delay",
      body: "Payouts take up to 2 working days.",
      sortOrder: 2,
    });

    expect(
      (
        await t.request(`/adminRoute/canned-replies/${canned.id}`, {
          method: "DELETE",
          cookie: support.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/adminRoute/canned-replies/${canned.id}`, {
          method: "DELETE",
          cookie: support.cookie,
        })
      ).status,
    ).toBe(404);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `canned_reply:${canned.id}`));
    expect(audits.map((a) => a.action)).toEqual([
      "support.canned.create",
      "support.canned.update",
      "support.canned.delete",
    ]);
    expect(audits[1]!.before).toMatchObject({ body: "Payouts take up to 3 working days." });
    expect(audits[1]!.after).toMatchObject({ body: "Payouts take up to 2 working days." });
  });

  it("opening a wall records a row, at most one a minute", async () => {
    const m = await newMember(t);
    expect(await openings(m, wallId)).toHaveLength(0);
    // The task-wall list alone is not an opening.
    await t.request("/userIncomeRoute/user_offerWall_get", { cookie: m.cookie });
    expect(await openings(m, wallId)).toHaveLength(0);
    await openWall(m, wallId);
    await openWall(m, wallId);
    expect(await openings(m, wallId)).toHaveLength(1);
    clock += 2 * 60_000;
    await openWall(m, wallId);
    expect(await openings(m, wallId)).toHaveLength(2);
    // An address that is no wall of the member's records nothing.
    await t.request(
      `/userIncomeRoute/user_offerWall_get?open=${encodeURIComponent("https://evil.example/")}`,
      {
        cookie: m.cookie,
      },
    );
    expect(
      await t.deps.db.select().from(taskWallOpenings).where(eq(taskWallOpenings.userId, m.id)),
    ).toHaveLength(2);
  });

  it("missing credit: only walls opened in the last 30 days, completion not in the future; the operator sees the member's postbacks for that wall", async () => {
    const m = await newMember(t);
    const report = (body: Record<string, unknown>) =>
      t.request("/userMessageRoute/missing-credit", { json: body, cookie: m.cookie });
    const completedAt = () => new Date(clock - 60 * 60 * 1000).toISOString();

    // Never opened: refused, and nothing to choose from.
    expect(
      (await t.request("/userMessageRoute/task-walls-opened", { cookie: m.cookie })).body.msg.records,
    ).toEqual([]);
    const never = await report({ wallId, offerName: "Survey 12", completedAt: completedAt() });
    expect(never.status).toBe(400);
    expect(never.body.error_msg).toBe("Choose a task wall you opened in the last 30 days.");

    // Opened 31 days ago: too old.
    await openWall(m, otherWallId);
    clock += 31 * DAY;
    const old = await report({ wallId: otherWallId, offerName: "Survey 12", completedAt: completedAt() });
    expect(old.status).toBe(400);
    expect(
      (await t.request("/userMessageRoute/task-walls-opened", { cookie: m.cookie })).body.msg.records,
    ).toEqual([]);

    await openWall(m, wallId);
    const opened = (await t.request("/userMessageRoute/task-walls-opened", { cookie: m.cookie })).body.msg
      .records;
    expect(opened).toEqual([{ wallId, name: "Support Wall", lastOpenedAt: new Date(clock).toISOString() }]);

    const future = await report({
      wallId,
      offerName: "Survey 12",
      completedAt: new Date(clock + 60 * 60 * 1000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.error_msg).toBe("The completion time cannot be in the future.");
    const tooLong = await report({ wallId, offerName: "x".repeat(201), completedAt: completedAt() });
    expect(tooLong.status).toBe(400);

    // The member's postbacks for that wall, one for another wall and one of another member's.
    const at = clock - 60 * 60 * 1000;
    const postback = (over: Partial<typeof taskWallPostbacks.$inferInsert>) => ({
      wallId,
      method: "GET",
      url: "/postback/offerwall/x",
      headers: {},
      verdict: "credited",
      userId: m.id,
      transactionId: `tx-${Math.random()}`,
      amount: 5000,
      createdAt: new Date(at + 10 * 60 * 1000),
      ...over,
    });
    await t.deps.db
      .insert(taskWallPostbacks)
      .values([
        postback({ transactionId: "mine-1" }),
        postback({ transactionId: "mine-2", verdict: "bad_signature", createdAt: new Date(at - DAY) }),
        postback({ transactionId: "other-wall", wallId: otherWallId }),
        postback({ transactionId: "other-member", userId: member.id }),
        postback({ transactionId: "long-before", createdAt: new Date(at - 10 * DAY) }),
      ]);

    const filed = await report({
      wallId,
      offerName: "Survey 12",
      completedAt: completedAt(),
      details: "Took 10 min",
    });
    expect(filed.body).toMatchObject({
      success: true,
      msg: { status: "open", promise: MISSING_CREDIT_PROMISE },
    });
    expect(MISSING_CREDIT_PROMISE).toBe("We answer missing-credit reports within 48 hours.");
    const id = filed.body.msg.id as number;
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      kind: "missing_credit",
      userId: m.id,
      email: m.email,
      offerName: "Survey 12",
    });

    const thread = (await t.request(`/adminRoute/messages/${id}`, { cookie: support.cookie })).body.msg;
    expect(thread.message).toMatchObject({
      kind: "missing_credit",
      userId: m.id,
      missingCredit: { wallId, wallName: "Support Wall", offerName: "Survey 12", completedAt: completedAt() },
    });
    expect(thread.postbacks.map((p: { transactionId: string }) => p.transactionId)).toEqual([
      "mine-1",
      "mine-2",
    ]);

    const listed = (await t.request("/adminRoute/messages?status=open", { cookie: support.cookie })).body.msg
      .records[0];
    expect(listed).toMatchObject({ id, kind: "missing_credit", missingCredit: { wallName: "Support Wall" } });
    const mine = (await t.request("/userMessageRoute/my-messages", { cookie: m.cookie })).body.msg.records;
    expect(mine[0]).toMatchObject({ id, status: "open", kind: "missing_credit" });
  });

  it("only support and the owner use support; members are refused", async () => {
    const id = await messageId("Visitor question 7");
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    for (const role of ["payouts", "content", "moderation"] as const) {
      const op = await newOperator(t, [role]);
      for (const [path, init] of [
        ["/adminRoute/messages", {}],
        [`/adminRoute/messages/${id}`, {}],
        [`/adminRoute/messages/${id}/reply`, { json: { body: "no" } }],
        [`/adminRoute/messages/${id}/status`, { json: { status: "closed" } }],
        ["/adminRoute/canned-replies", {}],
        ["/adminRoute/canned-replies", { json: { title: "x", body: "y" } }],
        ["/adminRoute/canned-replies/1", { method: "PATCH", json: { title: "x", body: "y" } }],
        ["/adminRoute/canned-replies/1", { method: "DELETE" }],
      ] as const) {
        const res = await t.request(path, { ...init, cookie: op.cookie });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(res.body.error_msg).toBe(ROLE_REFUSED);
      }
    }
    const plain = await t.request(`/adminRoute/messages/${id}`, { cookie: member.cookie });
    expect(plain.status).toBe(403);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    for (const op of [support, owner])
      expect((await t.request(`/adminRoute/messages/${id}`, { cookie: op.cookie })).status).toBe(200);
    expect((await t.request("/userMessageRoute/my-messages")).status).toBe(401);
  });

  it("bad input is a 4xx, never a 500", async () => {
    const id = await messageId("Visitor question 8");
    const cases: [string, Parameters<TestApi["request"]>[1]][] = [
      [`/adminRoute/messages/${id}/reply`, { json: { body: "" } }],
      [`/adminRoute/messages/${id}/reply`, { json: { body: "x".repeat(5001) } }],
      [`/adminRoute/messages/${id}/reply`, { json: { body: 5 } }],
      [`/adminRoute/messages/${id}/reply`, { json: { body: "ok", extra: 1 } }],
      [`/adminRoute/messages/${id}/reply`, { rawBody: "{", contentType: "application/json" }],
      [
        `/adminRoute/messages/${id}/reply`,
        { rawBody: "body=x", contentType: "application/x-www-form-urlencoded" },
      ],
      ["/adminRoute/messages/99999999/reply", { json: { body: "hello" } }],
      ["/adminRoute/messages/abc", {}],
      ["/adminRoute/messages/0", {}],
      ["/adminRoute/messages/99999999999999999999", {}],
      [`/adminRoute/messages/${id}/status`, { json: { status: "deleted" } }],
      ["/adminRoute/messages/99999999/status", { json: { status: "closed" } }],
      ["/adminRoute/canned-replies", { json: { title: "", body: "x" } }],
      ["/adminRoute/canned-replies", { json: { title: "t", body: "x", sortOrder: 1.5 } }],
      ["/adminRoute/canned-replies/99999", { method: "PATCH", json: { title: "t", body: "x" } }],
      ["/adminRoute/canned-replies/x", { method: "DELETE" }],
    ];
    for (const [path, init] of cases) {
      const res = await t.request(path, { ...init, cookie: support.cookie });
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBeLessThan(500);
      expect(res.body.success).toBe(false);
    }
    const memberCases: [string, Parameters<TestApi["request"]>[1]][] = [
      ["/userMessageRoute/my-messages/abc/reply", { json: { body: "x" } }],
      [`/userMessageRoute/my-messages/${id}/reply`, { json: { body: "" } }],
      ["/userMessageRoute/missing-credit", { json: {} }],
      ["/userMessageRoute/missing-credit", { json: { wallId: "../x", offerName: "a", completedAt: "now" } }],
      [
        "/userMessageRoute/missing-credit",
        { json: { wallId, offerName: "a", completedAt: "2026-13-45T99:00:00Z" } },
      ],
      [
        "/userMessageRoute/missing-credit",
        { json: { wallId, offerName: "", completedAt: new Date().toISOString() } },
      ],
      [
        "/userMessageRoute/missing-credit",
        {
          json: {
            wallId,
            offerName: "a",
            completedAt: new Date(clock).toISOString(),
            details: "x".repeat(5001),
          },
        },
      ],
    ];
    for (const [path, init] of memberCases) {
      const res = await t.request(path, { ...init, cookie: member.cookie });
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBeLessThan(500);
    }
  });
});
