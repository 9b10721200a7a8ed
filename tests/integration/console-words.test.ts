import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog, contactMessages, users } from "../../api/db/schema";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * Console words for people (issue 45 §3): the risk lists leave operators out; one payout-time
 * setting fills the withdraw page's instructions and the canned replies, audited; the audit list
 * carries the names its sentences need.
 */
describe.each(drivers("one"))("console words (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let payouts: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    payouts = await newOperator(t, ["payouts"]);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = (body: { msg: { records: { id: string }[] } }) => body.msg.records.map((r) => r.id);

  it("the risk lists leave operators out, whatever the filter", async () => {
    const held = new Date();
    for (const who of [member, payouts])
      await t.deps.db
        .update(users)
        .set({ withdrawalsHeldAt: held, withdrawalsHeldReason: "Checking" })
        .where(eq(users.id, who.id));
    for (const query of ["", "?held=1", "?new=today"]) {
      const res = await t.request(`/adminRoute/risk${query}`, { cookie: owner.cookie });
      expect(res.status, query).toBe(200);
      expect(ids(res.body), query).toContain(member.id);
      expect(ids(res.body), query).not.toContain(payouts.id);
      expect(ids(res.body), query).not.toContain(owner.id);
      expect(res.body.msg.pagination.totalRecords, query).toBe(ids(res.body).length);
    }
  });

  it("one payout time fills the withdraw page and the canned reply; changing it is audited", async () => {
    const setting = await t.request("/adminRoute/settings/payout_time", { cookie: owner.cookie });
    expect(setting.body.msg).toEqual({
      payout_working_days: 3,
      en: "within 3 working days",
      hi: "3 कार्य दिवसों में",
    });

    await t.request("/adminRoute/canned-replies", {
      json: { title: "Payout delay", body: "Withdrawals are paid {payout_time} of the request." },
      cookie: owner.cookie,
    });
    await t.request("/userMessageRoute/userMessageSave_post", {
      obj: {
        name: "Asha Rao",
        email_address: member.email,
        mobile_number: "9876543210",
        subject: "Payout time question",
        message: "When is my withdrawal paid?",
        consent: true,
      },
      cookie: member.cookie,
    });
    const [message] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, "Payout time question"));
    const canned = async () => {
      const thread = await t.request(`/adminRoute/messages/${message!.id}`, { cookie: owner.cookie });
      return thread.body.msg.cannedReplies.find((r: { title: string }) => r.title === "Payout delay").body;
    };
    const instructions = async (lang: string) =>
      (
        await t.request("/userAmount/userBalanceData_get", {
          cookie: member.cookie,
          headers: { "accept-language": lang },
        })
      ).body.msg.other_data_withdrawal_instructions.join(" ");

    expect(await canned()).toBe("Withdrawals are paid within 3 working days of the request.");
    expect(await instructions("en-IN")).toContain("Withdrawals are paid within 3 working days");
    expect(await instructions("en-IN")).not.toContain("{payout_time}");

    const refused = await t.request("/adminRoute/settings/payout_time", {
      method: "PATCH",
      json: { payout_working_days: 5 },
      cookie: payouts.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error_msg).toBe(ROLE_REFUSED);
    for (const bad of [0, 31, 2.5, "5", null]) {
      const res = await t.request("/adminRoute/settings/payout_time", {
        method: "PATCH",
        json: { payout_working_days: bad },
        cookie: owner.cookie,
      });
      expect(res.status, String(bad)).toBe(400);
    }
    expect(
      await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "settings.payout_time")),
    ).toEqual([]);

    const saved = await t.request("/adminRoute/settings/payout_time", {
      method: "PATCH",
      json: { payout_working_days: 5 },
      cookie: owner.cookie,
    });
    expect(saved.body).toEqual({ success: true, msg: "Payout time saved." });
    expect(await canned()).toBe("Withdrawals are paid within 5 working days of the request.");
    expect(await instructions("en-IN")).toContain("Withdrawals are paid within 5 working days");
    expect(await instructions("hi-IN")).toContain("5 कार्य दिवसों में");
    // The canned reply keeps its placeholder: the next change fills it again.
    const list = await t.request("/adminRoute/canned-replies", { cookie: owner.cookie });
    expect(list.body.msg.records[0].body).toBe("Withdrawals are paid {payout_time} of the request.");

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.payout_time"), eq(auditLog.actorUserId, owner.id)));
    expect(audits.map((a) => [a.target, a.before, a.after])).toEqual([
      ["settings:payout_working_days", { payout_working_days: 3 }, { payout_working_days: 5 }],
    ]);
  });

  it("the audit list names the operator's roles, the member a target is and the member a message is from", async () => {
    const hold = await t.request(`/adminRoute/members/${member.id}/hold/release`, {
      json: { reason: "Checked" },
      cookie: payouts.cookie,
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const res = await t.request("/adminRoute/audit", { cookie: owner.cookie });
    const records = res.body.msg.records as {
      action: string;
      actor: string;
      actorRoles: string[];
      targetName: string | null;
      member: { id: string; userName: string } | null;
    }[];
    expect(records.find((r) => r.action === "member.hold.release")).toMatchObject({
      actor: payouts.userName,
      actorRoles: ["payouts"],
      targetName: member.userName,
      member: null,
    });
    expect(records.find((r) => r.action === "settings.payout_time")).toMatchObject({
      actor: owner.userName,
      targetName: null,
    });
  });
});
