import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, count, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { SIGN_UP_PRIVACY } from "../support/privacy";
import { auditLog, consentLog, memberAge, sessions, users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { hasConsent, privacyDue } from "../../api/privacy/consent";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import {
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  PRIVACY_PURPOSES,
  REQUIRED_PURPOSES,
} from "../../shared/privacyNotice";
import { localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";

/**
 * Consent and adults only (issue 44 §1, §3): sign-up records the notice's acceptance per purpose
 * in the transaction that makes the member and refuses without it; optional purposes are withdrawn
 * and given again from Settings, each change a new row; a newer notice (or none) sends the member
 * to the step at their next visit, the old rows kept; under-18s are refused at sign-up (age counted
 * in India time) and an existing member's under-18 answer stops the account; the owner's age check
 * is audited and owner-only.
 */
describe.each(drivers("one"))("consent and age (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let support: TestMember;
  // 2026-11-29 11:30 in India.
  let clock = Date.parse("2026-11-29T06:00:00Z");
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    owner = await newOperator(t);
    support = await newOperator(t, ["support"]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const body = (extra: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      name: `Asha Rao ${seq}`,
      mobile_number: 9876543210,
      email_address: `asha${seq}@example.com`,
      password: "correct-horse-1",
      ...SIGN_UP_PRIVACY,
      ...extra,
    };
  };
  const signUp = (extra: Record<string, unknown> = {}) => {
    const input = body(extra);
    return t.request("/userRoute/signUp", { obj: input }).then((res) => ({ res, input }));
  };
  const userByEmail = async (email: string) =>
    (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
  const rowsOf = (userId: string) =>
    t.deps.db.select().from(consentLog).where(eq(consentLog.userId, userId)).orderBy(asc(consentLog.id));
  const totalConsentRows = async () =>
    Number((await t.deps.db.select({ n: count() }).from(consentLog))[0]!.n);
  const errorList = (res: { body: { error_msg: unknown } }) =>
    (res.body.error_msg as { msg: string }[]).map((e) => e.msg);
  const summary = (cookie: string) => t.request("/userRoute/userpassword_and_email_get", { cookie });
  const setAgeCheck = (value: string, cookie = owner.cookie) =>
    t.request("/adminRoute/privacy/settings", { method: "PATCH", json: { age_check: value }, cookie });

  it("refuses a sign-up without the notice accepted (or with an older one), and writes nothing", async () => {
    const before = await totalConsentRows();
    const { privacy_notice_version: _, ...without } = body();
    const none = await t.request("/userRoute/signUp", { obj: without });
    expect(none.status).toBe(400);
    expect(errorList(none)).toContain(PRIVACY_MESSAGES.noticeRequired);
    expect(await userByEmail(without.email_address)).toBeUndefined();

    const { res: old, input } = await signUp({ privacy_notice_version: PRIVACY_NOTICE_VERSION - 1 });
    expect(old.status).toBe(400);
    expect(errorList(old)).toContain(PRIVACY_MESSAGES.noticeChanged);
    expect(await userByEmail(input.email_address)).toBeUndefined();
    expect(await totalConsentRows()).toBe(before);
  });

  it("records one row per purpose with the notice's version, the optional ones as chosen, and the date of birth", async () => {
    const { res, input } = await signUp({ marketing_mails: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const member = (await userByEmail(input.email_address))!;
    const rows = await rowsOf(member.id);
    expect(rows.map((r) => [r.purpose, r.granted, r.noticeVersion, r.via])).toEqual(
      PRIVACY_PURPOSES.map((p) => [p, true, PRIVACY_NOTICE_VERSION, "signup"]),
    );
    expect(rows.every((r) => r.createdAt.getTime() === clock)).toBe(true);
    const [age] = await t.deps.db.select().from(memberAge).where(eq(memberAge.userId, member.id));
    expect(age).toMatchObject({
      dateOfBirth: SIGN_UP_PRIVACY.date_of_birth,
      declaredAdultAt: null,
      underAge: false,
    });
    expect(await privacyDue(t.deps.db, member.id)).toEqual({ notice: false, age: false, underAge: false });

    const { res: quiet, input: quietInput } = await signUp();
    expect(quiet.status).toBe(200);
    const other = (await userByEmail(quietInput.email_address))!;
    expect(await hasConsent(t.deps.db, other.id, "marketing_mail")).toBe(false);
    expect(await hasConsent(t.deps.db, other.id, "account")).toBe(true);
  });

  it("refuses an under-18 with a clear message (in Hindi too) and makes no account; exactly 18 today in India is accepted", async () => {
    const before = await totalConsentRows();
    const { res: young, input } = await signUp({ date_of_birth: "2008-11-30" });
    expect(young.status).toBe(403);
    expect(young.body.error_msg).toBe(PRIVACY_MESSAGES.underAge);
    expect(await userByEmail(input.email_address)).toBeUndefined();
    expect(await totalConsentRows()).toBe(before);
    registerMessages("hi", HINDI_API_MESSAGES);
    expect(localizeMessage("hi", PRIVACY_MESSAGES.underAge)).toContain("18 वर्ष");

    const { res: eighteen } = await signUp({ date_of_birth: "2008-11-29" });
    expect(eighteen.status, JSON.stringify(eighteen.body)).toBe(200);

    // 01:30 on 29 November in India is still 28 November in UTC: the birthday counts in India time.
    const saved = clock;
    clock = Date.parse("2026-11-28T20:00:00Z");
    try {
      const { res: earlyMorning } = await signUp({ date_of_birth: "2008-11-29" });
      expect(earlyMorning.status, JSON.stringify(earlyMorning.body)).toBe(200);
      const { res: dayBefore } = await signUp({ date_of_birth: "2008-11-30" });
      expect(dayBefore.status).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it("refuses a missing, impossible, future or absurd date of birth with 400", async () => {
    for (const [dob, message] of [
      [undefined, PRIVACY_MESSAGES.dateOfBirthRequired],
      ["", PRIVACY_MESSAGES.dateOfBirthRequired],
      ["2001-02-30", PRIVACY_MESSAGES.dateOfBirthInvalid],
      ["29/11/2001", PRIVACY_MESSAGES.dateOfBirthInvalid],
      ["2026-11-30", PRIVACY_MESSAGES.dateOfBirthInvalid],
      ["1899-12-31", PRIVACY_MESSAGES.dateOfBirthInvalid],
    ] as const) {
      const { res, input } = await signUp({ date_of_birth: dob });
      expect(res.status, String(dob)).toBe(400);
      expect(errorList(res), String(dob)).toContain(message);
      expect(await userByEmail(input.email_address)).toBeUndefined();
    }
    const { res: wrongType } = await signUp({ date_of_birth: 20011129 });
    expect(wrongType.status).toBe(400);
  });

  it("the owner switches to a declaration, audited; other roles may not; bad values are refused", async () => {
    expect((await setAgeCheck("declaration", support.cookie)).body.error_msg).toBe(ROLE_REFUSED);
    expect((await setAgeCheck("declaration", support.cookie)).status).toBe(403);
    expect((await setAgeCheck("passport")).status).toBe(400);
    expect((await t.request("/adminRoute/privacy/settings", { cookie: owner.cookie })).body.msg).toEqual({
      age_check: "date_of_birth",
    });

    const ok = await setAgeCheck("declaration");
    expect(ok.status).toBe(200);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "privacy.age_check"), eq(auditLog.actorUserId, owner.id)));
    expect(audit).toMatchObject({
      target: "settings:age_check",
      before: { age_check: "date_of_birth" },
      after: { age_check: "declaration" },
    });
    try {
      const { date_of_birth: _, ...rest } = body();
      const missing = await t.request("/userRoute/signUp", { obj: rest });
      expect(missing.status).toBe(400);
      expect(errorList(missing)).toContain(PRIVACY_MESSAGES.declarationRequired);
      expect(await userByEmail(rest.email_address)).toBeUndefined();

      const declared = await t.request("/userRoute/signUp", {
        obj: { ...rest, email_address: `declared${seq}@example.com`, adult_declaration: true },
      });
      expect(declared.status, JSON.stringify(declared.body)).toBe(200);
      const member = (await userByEmail(`declared${seq}@example.com`))!;
      const [age] = await t.deps.db.select().from(memberAge).where(eq(memberAge.userId, member.id));
      expect(age?.dateOfBirth).toBeNull();
      expect(age?.declaredAdultAt?.getTime()).toBe(clock);
    } finally {
      expect((await setAgeCheck("date_of_birth")).status).toBe(200);
    }
  });

  it("withdrawing and giving marketing mails again are each logged; required purposes cannot be withdrawn", async () => {
    const { input } = await signUp({ marketing_mails: true });
    const member = (await userByEmail(input.email_address))!;
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: input.email_address, password: input.password, loginRemember_state: false },
    });
    const cookie = login.setCookie.find((c) => c.startsWith("sid="))!.split(";")[0]!;
    const change = (purpose: string, granted: unknown) =>
      t.request("/userRoute/privacy_consent_patch", { method: "PATCH", json: { purpose, granted }, cookie });

    expect((await change("marketing_mail", false)).status).toBe(200);
    expect(await hasConsent(t.deps.db, member.id, "marketing_mail")).toBe(false);
    // Pressed twice: one row.
    await Promise.all([change("marketing_mail", true), change("marketing_mail", true)]);
    expect(await hasConsent(t.deps.db, member.id, "marketing_mail")).toBe(true);
    const marketing = (await rowsOf(member.id)).filter((r) => r.purpose === "marketing_mail");
    expect(marketing.map((r) => [r.granted, r.via])).toEqual([
      [true, "signup"],
      [false, "settings"],
      [true, "settings"],
    ]);

    const required = await change("account", false);
    expect(required.status).toBe(400);
    expect(required.body.error_msg).toBe(PRIVACY_MESSAGES.requiredPurpose);
    expect((await change("location", false)).status).toBe(400);
    expect((await change("marketing_mail", "no")).status).toBe(400);
    expect(await hasConsent(t.deps.db, member.id, "account")).toBe(true);

    const state = await t.request("/userRoute/privacy_get", { cookie });
    expect(state.status).toBe(200);
    expect(state.body.msg.notice_due).toBe(false);
    expect(
      state.body.msg.purposes.map((p: { purpose: string; required: boolean; granted: boolean }) => [
        p.purpose,
        p.required,
        p.granted,
      ]),
    ).toEqual(PRIVACY_PURPOSES.map((p) => [p, (REQUIRED_PURPOSES as readonly string[]).includes(p), true]));
    expect((await t.request("/userRoute/privacy_get")).status).toBe(401);
  });

  it("a member who accepted an older notice is asked again; accepting adds rows and keeps the old ones", async () => {
    const member = await newMember(t);
    const older = PRIVACY_NOTICE_VERSION - 1;
    await t.deps.db.insert(consentLog).values(
      PRIVACY_PURPOSES.map((purpose) => ({
        userId: member.id,
        purpose,
        granted: true,
        noticeVersion: older,
        via: "signup" as const,
      })),
    );
    await t.deps.db.insert(memberAge).values({ userId: member.id, dateOfBirth: "1990-01-01" });
    expect((await summary(member.cookie)).body.msg.privacy_due).toBe(true);

    const stale = await t.request("/userRoute/privacy_accept", {
      method: "POST",
      json: { privacy_notice_version: older },
      cookie: member.cookie,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error_msg).toBe(PRIVACY_MESSAGES.noticeChanged);

    const ok = await t.request("/userRoute/privacy_accept", {
      method: "POST",
      json: { privacy_notice_version: PRIVACY_NOTICE_VERSION, marketing_mails: false },
      cookie: member.cookie,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await summary(member.cookie)).body.msg.privacy_due).toBe(false);
    const rows = await rowsOf(member.id);
    expect(rows.filter((r) => r.noticeVersion === older)).toHaveLength(PRIVACY_PURPOSES.length);
    expect(
      rows.filter((r) => r.noticeVersion === PRIVACY_NOTICE_VERSION && r.via === "reaccept"),
    ).toHaveLength(PRIVACY_PURPOSES.length);
    expect(await hasConsent(t.deps.db, member.id, "marketing_mail")).toBe(false);
  });

  it("a member from before (and a new Google member) is asked for consent and age once", async () => {
    // What the Google sign-in makes: a member without a password, without consent or age rows.
    const google = await newMember(t, { password: null });
    await t.deps.db
      .update(users)
      .set({ googleSub: `sub-${google.id}` })
      .where(eq(users.id, google.id));
    expect((await summary(google.cookie)).body.msg.privacy_due).toBe(true);
    expect(await privacyDue(t.deps.db, google.id)).toEqual({ notice: true, age: true, underAge: false });

    const noAge = await t.request("/userRoute/privacy_accept", {
      method: "POST",
      json: { privacy_notice_version: PRIVACY_NOTICE_VERSION },
      cookie: google.cookie,
    });
    expect(noAge.status).toBe(400);
    expect(noAge.body.error_msg).toBe(PRIVACY_MESSAGES.dateOfBirthRequired);
    expect(await rowsOf(google.id)).toHaveLength(0);

    const accept = () =>
      t.request("/userRoute/privacy_accept", {
        method: "POST",
        json: { privacy_notice_version: PRIVACY_NOTICE_VERSION, date_of_birth: "1995-06-01" },
        cookie: google.cookie,
      });
    const [a, b] = await Promise.all([accept(), accept()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await rowsOf(google.id)).toHaveLength(PRIVACY_PURPOSES.length);
    expect((await summary(google.cookie)).body.msg.privacy_due).toBe(false);

    // Operators are never sent to the step.
    expect((await summary(owner.cookie)).body.msg.privacy_due).toBe(false);
  });

  it("an existing member's under-18 answer stops the account: signed out, earning suspended, withdrawals held, audited", async () => {
    const member = await newMember(t);
    const res = await t.request("/userRoute/privacy_accept", {
      method: "POST",
      json: { privacy_notice_version: PRIVACY_NOTICE_VERSION, date_of_birth: "2010-05-05" },
      cookie: member.cookie,
    });
    expect(res.status).toBe(403);
    expect(res.body.error_msg).toBe(PRIVACY_MESSAGES.underAgeClosed);
    expect(res.setCookie.some((c) => c.startsWith("sid=;") || /^sid=.*Max-Age=0/i.test(c))).toBe(true);
    expect(
      Number(
        (await t.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, member.id)))[0]!.n,
      ),
    ).toBe(0);
    const row = (await userByEmail(member.email))!;
    expect(row.earningSuspendedAt).not.toBeNull();
    expect(row.withdrawalsHeldAt).not.toBeNull();
    expect(row.earningSuspendedReason).toMatch(/Under 18/);
    const [age] = await t.deps.db.select().from(memberAge).where(eq(memberAge.userId, member.id));
    expect(age?.underAge).toBe(true);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.under_age"), eq(auditLog.target, `member:${member.id}`)));
    expect(audit?.after).toMatchObject({ earningSuspended: true, withdrawalsHeld: true });
    expect((await summary(member.cookie)).status).toBe(401);
  });

  it("createMember without answers (operators, seeds of tests) writes no consent", async () => {
    const m = await createMember(t.deps.db, {
      name: "Plain",
      email: `plain${seq}@example.com`,
      password: null,
    });
    expect(await rowsOf(m.id)).toHaveLength(0);
  });
});
