import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import {
  auditLog,
  contactMessages,
  contactReplies,
  gamePlayers,
  gameRooms,
  memberAddresses,
  memberAge,
  memberDevices,
  memberExports,
  memberPayoutAccounts,
  memberTaxProfiles,
  profileCorrections,
  riskSignals,
  rightsRequests,
  sessions,
  users,
} from "../../api/db/schema";
import { makePendingExports, requestExport } from "../../api/members/export";
import { runHousekeeping } from "../../api/housekeeping/job";
import { FORFEITED_ACCOUNT } from "../../api/members/erasure";
import { accountBalance } from "../../api/ledger/ledger";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { isErasedUserName } from "../../shared/erasure";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Members' data rights (issue 44 §2): the export (its content, nothing of another member, made in
 * the background, downloaded once by a signed link that expires), corrections logged masked, the
 * erasure (confirm step, password or mailed code, what it erases and keeps, the e-mail free again,
 * the ledger balanced, operators see an erased member), and the rights-request clock in the
 * console (roles, overdue first, answers and the setting audited).
 */
describe.each(drivers("both"))("member rights (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let support: TestMember;
  let payouts: TestMember;
  const HOUR = 60 * 60 * 1000;
  const start = Date.parse("2026-11-29T06:00:00Z");
  let clock = start;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    support = await newOperator(t, ["support"]);
    payouts = await newOperator(t, ["payouts"]);
    await addPayoutMethod(t, owner, "UPI", 100);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Asks for the export, makes it (the job), answers the member's data page's ready export. */
  async function readyExport(m: TestMember) {
    const asked = await t.request("/userRoute/my_data_export", { method: "POST", cookie: m.cookie });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // The answer started the job in the background: wait for it, then run it once more ourselves
    // (it takes what is still pending; SKIP LOCKED leaves a row the background job holds).
    await t.deps.inFlight.settled(10_000);
    await makePendingExports(t.deps.db, {
      now: new Date(clock),
      mailer: t.deps.mailer,
      site: "Rupee Rewards",
    });
    const page = await t.request("/userRoute/my_data", { cookie: m.cookie });
    expect(page.status).toBe(200);
    const ready = page.body.msg.exports.find((e: { id: number }) => e.id === asked.body.msg.id);
    expect(ready.status).toBe("ready");
    return { id: asked.body.msg.id as number, link: ready.link as string, page: page.body.msg };
  }

  it("the export holds the member's data and nothing of a member linked to them, downloaded once", async () => {
    const other = await newMember(t);
    const me = await newMember(t, { referredBy: other.id });
    await t.deps.db.update(users).set({ name: "Asha Verma" }).where(eq(users.id, me.id));
    await t.deps.db.update(users).set({ name: "Bhavesh Otherperson" }).where(eq(users.id, other.id));
    // Linked in every way the site links members: referral, device, address, payout account, a game, risk evidence.
    await giveEarning(t, me.id, 12_345);
    await t.deps.db.insert(memberDevices).values([
      { deviceId: "device-shared-1", userId: me.id, lastKind: "login", userAgent: "Phone" },
      { deviceId: "device-shared-1", userId: other.id, lastKind: "login", userAgent: "Phone" },
    ]);
    await t.deps.db.insert(memberAddresses).values([
      { ip: "203.0.113.9", userId: me.id },
      { ip: "203.0.113.9", userId: other.id },
    ]);
    await t.deps.db.insert(memberPayoutAccounts).values([
      { accountKey: "upi:shared@bank", userId: me.id },
      { accountKey: "upi:shared@bank", userId: other.id },
    ]);
    await t.deps.db
      .insert(gameRooms)
      .values({ id: `room-${me.id}`, typeId: "practice", name: "Practice", board: [] });
    await t.deps.db.insert(gamePlayers).values([
      { roomId: `room-${me.id}`, userId: me.id, typeId: "practice", symbol: "X", name: "Asha" },
      { roomId: `room-${me.id}`, userId: other.id, typeId: "practice", symbol: "O", name: other.userName },
    ]);
    await t.deps.db.insert(riskSignals).values({
      userId: me.id,
      kind: "shared_device",
      key: "device:device-shared-1",
      summary: `Shares a device with ${other.userName} (${other.email})`,
      evidence: { accounts: [other.id], device: "device-shared-1" },
    });
    // The other member's signal names this one: the file says so, without the other member.
    await t.deps.db.insert(riskSignals).values({
      userId: other.id,
      kind: "shared_device",
      key: "device:device-shared-1",
      summary: `Shares a device with ${me.userName}`,
      evidence: { accounts: [me.id], device: "device-shared-1" },
    });
    const [msg] = await t.deps.db
      .insert(contactMessages)
      .values({
        userId: me.id,
        name: "Asha Verma",
        email: me.email,
        mobileNumber: "9876543210",
        subject: "My credit",
        message: "Where is my credit?",
      })
      .returning();
    await t.deps.db
      .insert(contactReplies)
      .values({ messageId: msg!.id, authorUserId: owner.id, body: "It is on its way." });

    // The age answer and the PAN are theirs too (the consent step's and the tax page's).
    await t.deps.db
      .insert(memberAge)
      .values({ userId: me.id, dateOfBirth: "1990-01-15" })
      .onConflictDoUpdate({ target: memberAge.userId, set: { dateOfBirth: "1990-01-15" } });
    const pan = await t.request("/userAmount/tax_pan", { obj: { pan: "ABCPE1234F" }, cookie: me.cookie });
    expect(pan.status, JSON.stringify(pan.body)).toBe(200);

    const { link } = await readyExport(me);
    expect(link).toMatch(/^\/userRoute\/my_data_download\?id=\d+&expires=\d+&sig=/);
    const mail = t.mails.find((m) => m.to === me.email);
    expect(mail?.subject).toMatch(/your data is ready to download/);

    // Another member cannot use the link.
    expect((await t.request(link, { cookie: other.cookie })).status).toBe(410);

    const res = await t.request(link, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="my-data-2026-11-29\.json"/);
    const text = JSON.stringify(res.body);
    const file = res.body;
    expect(file.format_version).toBe(1);
    expect(file.profile).toMatchObject({ id: me.id, email: me.email, name: "Asha Verma", referred: true });
    expect(file.ledger_entries.some((e: { amount: number }) => e.amount === 12_345)).toBe(true);
    expect(file.devices).toHaveLength(1);
    expect(file.age).toMatchObject({ date_of_birth: "1990-01-15" });
    expect(file.tax.pan).toBe("ABCPE****F");
    expect(file.games).toHaveLength(1);
    expect(file.support_messages[0].replies[0]).toMatchObject({
      from: "operator",
      body: "It is on its way.",
    });
    expect(file.risk.signals).toHaveLength(1);
    expect(file.risk.signals[0].evidence).toEqual({ device: "device-shared-1" });
    expect(file.risk.naming_you).toEqual([{ kind: "shared_device", created_at: expect.any(String) }]);
    // Nothing of the other member: id, e-mail, user name, name.
    for (const v of [other.id, other.email, other.userName, "Bhavesh Otherperson"])
      expect(text).not.toContain(v);
    expect(text).toContain("[another member]");

    // Once: the second download is refused, and the file is gone from the database.
    const again = await t.request(link, { cookie: me.cookie });
    expect(again.status).toBe(410);
    expect(again.body.error_msg).toMatch(/downloaded already/);

    // The readable page holds the same sections, the other member removed too.
    const page = await t.request("/userRoute/my_data", { cookie: me.cookie });
    const pageText = JSON.stringify(page.body.msg);
    for (const v of [other.id, other.email, other.userName, "Bhavesh Otherperson"])
      expect(pageText).not.toContain(v);
    expect(page.body.msg.ledger_pagination.totalRecords).toBeGreaterThan(0);
  });

  it("asking twice makes one export; a link expires after 24 hours; a forged link is refused", async () => {
    const m = await newMember(t);
    const first = await t.request("/userRoute/my_data_export", { method: "POST", cookie: m.cookie });
    const second = await t.request("/userRoute/my_data_export", { method: "POST", cookie: m.cookie });
    expect(second.body.msg.id).toBe(first.body.msg.id);
    expect(second.body.msg.created).toBe(false);
    const { link } = await readyExport(m);
    const forged = link.replace(/sig=.*/, "sig=AAAA");
    expect((await t.request(forged, { cookie: m.cookie })).status).toBe(400);
    const longer = link.replace(/expires=\d+/, (s) => `expires=${Number(s.split("=")[1]) + HOUR}`);
    expect((await t.request(longer, { cookie: m.cookie })).status).toBe(400);
    clock += 24 * HOUR + 1;
    try {
      const late = await t.request(link, { cookie: m.cookie });
      expect(late.status).toBe(410);
      expect(late.body.error_msg).toMatch(/expired/);
    } finally {
      clock = start;
    }
  });

  it("an export a stopped node left unmade is made by the housekeeping job, and its file leaves after the link expires", async () => {
    const m = await newMember(t);
    // Asked, but the node that answered stopped before it made the file.
    const asked = await requestExport(t.deps.db, m.id, new Date(clock));
    try {
      await runHousekeeping(t.deps);
      const [made] = await t.deps.db
        .select()
        .from(memberExports)
        .where(eq(memberExports.requestId, asked.id));
      expect(made).toMatchObject({ status: "ready" });
      expect(made!.body).toContain(m.email);
      expect(t.mails.some((x) => x.to === m.email && /ready to download/.test(x.subject))).toBe(true);

      clock += 24 * HOUR + 1;
      await runHousekeeping(t.deps);
      const [gone] = await t.deps.db
        .select()
        .from(memberExports)
        .where(eq(memberExports.requestId, asked.id));
      expect(gone).toMatchObject({ status: "expired", body: null });
    } finally {
      clock = start;
    }
  });

  it("a profile correction is logged with the values masked, and answered on the rights clock", async () => {
    const m = await newMember(t);
    await t.deps.db.update(users).set({ name: "Tara Kapoor" }).where(eq(users.id, m.id));
    await bindPayout(t, m, "UPI", "asha@okaxis");
    const rows = await t.deps.db.select().from(profileCorrections).where(eq(profileCorrections.userId, m.id));
    const name = rows.find((r) => r.field === "name");
    expect(name).toMatchObject({ oldMasked: "T•••••••••r", newMasked: "T•••••••••r", actorUserId: m.id });
    const account = rows.find((r) => r.field === "payoutAccountInfo");
    expect(account?.newMasked).toBe("a•••••••••s");
    expect(account?.oldMasked).toBeNull();
    expect(JSON.stringify(rows)).not.toContain("asha@okaxis");
    const requests = await t.deps.db
      .select()
      .from(rightsRequests)
      .where(and(eq(rightsRequests.userId, m.id), eq(rightsRequests.kind, "correction")));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.status).toBe("done");
    // And the member's export shows it.
    const { link } = await readyExport(m);
    const file = (await t.request(link, { cookie: m.cookie })).body;
    expect(file.corrections.map((c: { field: string }) => c.field)).toContain("name");
  });

  it("erasure: told first, refused while a withdrawal is pending, then with the password the account is gone", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 300_000);
    await bindPayout(t, m, "UPI");
    await pendingWithdrawal(t, m, "UPI", 100);
    await t.deps.db
      .insert(memberAge)
      .values({ userId: m.id, dateOfBirth: "1990-01-15" })
      .onConflictDoUpdate({ target: memberAge.userId, set: { dateOfBirth: "1990-01-15" } });
    const pan = await t.request("/userAmount/tax_pan", { obj: { pan: "ABCPE1234F" }, cookie: m.cookie });
    expect(pan.status, JSON.stringify(pan.body)).toBe(200);
    const preview = await t.request("/userRoute/erasure_preview", { cookie: m.cookie });
    expect(preview.body.msg).toEqual({
      withdrawable: "200.000",
      deposit: "0.000",
      debt: "0.000",
      pending_withdrawals: 1,
      allowed: false,
      confirm_with: "password",
    });
    const refused = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: true, password: m.password },
      cookie: m.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error_msg).toMatch(/wait until it is paid, or cancel it/);

    // Paid (the operator's reject would do as well): now it may go.
    const [w] = await t.deps.db
      .execute(
        // Marked paid by hand in the test: the queue's rules are the payouts tests'.
        (await import("drizzle-orm"))
          .sql`update withdrawals set status = 'Success' where user_id = ${m.id} returning id`,
      )
      .then((r) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as { id: string }[]);
    expect(w).toBeDefined();
    const forfeitedBefore = await accountBalance(t.deps.db, FORFEITED_ACCOUNT);

    const unconfirmed = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: false, password: m.password },
      cookie: m.cookie,
    });
    expect(unconfirmed.status).toBe(400);
    const wrong = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: true, password: "not-my-password" },
      cookie: m.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_msg).toBe("The password is not correct.");
    expect((await t.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.email).toBe(m.email);

    const done = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: true, password: m.password },
      cookie: m.cookie,
    });
    expect(done.status).toBe(200);
    expect(done.body.msg).toBe("Your account is deleted.");
    expect(done.setCookie.join(";")).toMatch(/sid=;/);

    // Signed out everywhere, cannot sign in, the e-mail is free, the balance forfeited in the books.
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
    expect((await t.request("/userRoute/my_data", { cookie: m.cookie })).status).toBe(401);
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: m.email, password: m.password, loginRemember_state: false },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    expect(await accountBalance(t.deps.db, FORFEITED_ACCOUNT)).toBe(forfeitedBefore + 200_000);
    await expectLedgerConsistent(t);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(isErasedUserName(row!.userName)).toBe(true);
    expect(row).toMatchObject({ name: "", passwordHash: null, payoutAccountInfo: null, mobileNumber: null });
    expect(row!.email).toMatch(/^erased-[0-9a-f]{16}@invalid$/);
    // The date of birth and the PAN go with the rest (the withholdings, none here, would stay).
    const [age] = await t.deps.db.select().from(memberAge).where(eq(memberAge.userId, m.id));
    expect(age?.dateOfBirth ?? null).toBeNull();
    expect(
      await t.deps.db.select().from(memberTaxProfiles).where(eq(memberTaxProfiles.userId, m.id)),
    ).toEqual([]);
    const again = await t.request("/userRoute/signUp", {
      obj: {
        name: "Asha Again",
        mobile_number: 9876543210,
        email_address: m.email,
        password: "correct-horse-1",
        ...SIGN_UP_PRIVACY,
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // Operators see an erased member: never the old name or e-mail.
    const search = await t.request(`/adminRoute/members?q=${encodeURIComponent(m.userName)}&by=username`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(search.body)).not.toContain(`"${m.id}"`);
    const profile = await t.request(`/adminRoute/members/${m.id}`, { cookie: owner.cookie });
    expect(profile.status).toBe(200);
    const shown = JSON.stringify(profile.body.msg);
    expect(shown).not.toContain(m.email);
    expect(shown).not.toContain(`"${m.userName}"`);
    const list = await t.request("/adminRoute/rights-requests?status=all", { cookie: owner.cookie });
    const erasure = list.body.msg.records.find(
      (r: { member_id: string; kind: string }) => r.member_id === m.id && r.kind === "erasure",
    );
    expect(erasure).toMatchObject({ erased: true, member: null, status: "done" });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${m.id}`));
    expect(audits.map((a) => a.action)).toContain("member.erase");
  });

  it("erasure without a password: a mailed code confirms it; a wrong code changes nothing", async () => {
    const m = await newMember(t, { password: null });
    expect((await t.request("/userRoute/erasure_preview", { cookie: m.cookie })).body.msg.confirm_with).toBe(
      "code",
    );
    const sent = await t.request("/userRoute/erasure_code", { method: "POST", cookie: m.cookie });
    expect(sent.status).toBe(200);
    const mail = t.mails.filter((x) => x.to === m.email).at(-1)!;
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    const wrong = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: true, code: code === "000000" ? "111111" : "000000" },
      cookie: m.cookie,
    });
    expect(wrong.status).toBe(400);
    const done = await t.request("/userRoute/erasure_confirm", {
      json: { confirm: true, code },
      cookie: m.cookie,
    });
    expect(done.status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(isErasedUserName(row!.userName)).toBe(true);
  });

  it("the console lists open requests overdue first to owner and support; answers and the setting are audited", async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    clock = start - 10 * 24 * HOUR;
    const asked = await t.request("/userRoute/my_data_export", { method: "POST", cookie: a.cookie });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    clock = start;
    await t.request("/userRoute/my_data_export", { method: "POST", cookie: b.cookie });
    // The background job answers them once made: let it finish, then open them again for the clock test.
    await t.deps.inFlight.settled(10_000);
    await t.deps.db
      .update(rightsRequests)
      .set({ status: "open", answeredAt: null })
      .where(eq(rightsRequests.kind, "export"));

    for (const who of [payouts]) {
      const refused = await t.request("/adminRoute/rights-requests", { cookie: who.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.error_msg).toBe(ROLE_REFUSED);
    }
    expect((await t.request("/adminRoute/rights-requests", { cookie: a.cookie })).status).toBe(403);
    const list = await t.request("/adminRoute/rights-requests", { cookie: support.cookie });
    expect(list.status).toBe(200);
    expect(list.body.msg.rights_request_days).toBe(7);
    const records = list.body.msg.records as {
      id: number;
      member_id: string;
      overdue: boolean;
      age_hours: number;
    }[];
    expect(records[0]!.member_id).toBe(a.id);
    expect(records[0]!.overdue).toBe(true);
    expect(records[0]!.age_hours).toBe(240);
    const bRow = records.find((r) => r.member_id === b.id)!;
    expect(bRow.overdue).toBe(false);

    // The owner's overview counts them.
    const overview = await t.request("/adminRoute/overview", { cookie: owner.cookie });
    expect(overview.body.msg.rights_requests.open).toBeGreaterThanOrEqual(2);
    expect(overview.body.msg.rights_requests.overdue).toBeGreaterThanOrEqual(1);

    const answered = await t.request(`/adminRoute/rights-requests/${records[0]!.id}/answer`, {
      json: { status: "done", note: "Sent by mail." },
      cookie: support.cookie,
    });
    expect(answered.status).toBe(200);
    const twice = await t.request(`/adminRoute/rights-requests/${records[0]!.id}/answer`, {
      json: { status: "done", note: "Again." },
      cookie: support.cookie,
    });
    expect(twice.status).toBe(409);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `rights_request:${records[0]!.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(support.id);

    // The clock: the owner only, bounded, audited.
    const bySupport = await t.request("/adminRoute/rights-requests/settings", {
      method: "PATCH",
      json: { rights_request_days: 3 },
      cookie: support.cookie,
    });
    expect(bySupport.status).toBe(403);
    const bad = await t.request("/adminRoute/rights-requests/settings", {
      method: "PATCH",
      json: { rights_request_days: 0 },
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
    const saved = await t.request("/adminRoute/rights-requests/settings", {
      method: "PATCH",
      json: { rights_request_days: 3 },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
    const [setting] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "rights_request.days"));
    expect(setting!.before).toEqual({ rights_request_days: 7 });
    expect(setting!.after).toEqual({ rights_request_days: 3 });
    const c = await newMember(t);
    await t.request("/userRoute/my_data_export", { method: "POST", cookie: c.cookie });
    const [req] = await t.deps.db.select().from(rightsRequests).where(eq(rightsRequests.userId, c.id));
    expect(req!.dueAt.getTime() - req!.createdAt.getTime()).toBe(3 * 24 * HOUR);
  });
});
