import { and, desc, eq, max } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { consentLog, memberAge, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { getSetting, updateSettingAudited } from "../site/settings";
import { recordAudit } from "../site/audit";
import { endAllSessions } from "../sessions/sessions";
import {
  ADULT_AGE,
  OPTIONAL_PURPOSES,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  PRIVACY_PURPOSES,
  REQUIRED_PURPOSES,
  ageOn,
  isAgeCheck,
  type AgeCheck,
  type OptionalPurpose,
  type PrivacyPurpose,
} from "../../shared/privacyNotice";
import type { PrivacyState } from "../../shared/contracts/privacy";

/**
 * Consent and age (issue 44 §1, §3; docs/decisions/0036-consent-and-age.md).
 *
 * The consent log is append-only: giving or withdrawing a purpose adds a row with the notice's
 * version; the member's state is their latest row per purpose. Accepting the notice means one row
 * per required purpose (granted) with the notice's version, plus the optional ones as chosen. A
 * member whose latest acceptance is older than PRIVACY_NOTICE_VERSION, or who has none (members
 * from before this feature, a new Google sign-in), is asked at their next visit; so is one without
 * an age answer.
 */

export type ConsentVia = "signup" | "settings" | "reaccept";

/** What sign-up (or the step for a new notice) collects: the optional purposes chosen, the age answer. */
export interface PrivacyAnswers {
  /** Optional purposes given (the rest are recorded as not given). */
  optional: Partial<Record<OptionalPurpose, boolean>>;
  age: AgeAnswer;
  ip?: string | null;
  /** When they were given (the API's clock). */
  now?: Date;
}

export type AgeAnswer = { dateOfBirth: string } | { declaredAdult: true };

/** The owner's choice of age check (the default when unset or unreadable). */
export async function ageCheck(db: Db | Tx): Promise<AgeCheck> {
  const v = await getSetting(db, "age_check");
  return isAgeCheck(v) ? v : "date_of_birth";
}

/**
 * Reads the age fields as the owner's check asks: a date of birth (a real date, not in the future)
 * or the declaration. Refuses (400) a missing or impossible answer; answers whether the member is
 * an adult today (India time).
 */
export function readAgeAnswer(
  check: AgeCheck,
  fields: { date_of_birth?: string | undefined; adult_declaration?: boolean | undefined },
  now: Date,
): { answer: AgeAnswer; adult: boolean } {
  if (check === "declaration") {
    if (fields.adult_declaration !== true)
      throw new DomainError("invalid_input", PRIVACY_MESSAGES.declarationRequired);
    return { answer: { declaredAdult: true }, adult: true };
  }
  const dob = fields.date_of_birth?.trim() ?? "";
  if (!dob) throw new DomainError("invalid_input", PRIVACY_MESSAGES.dateOfBirthRequired);
  const age = ageOn(dob, now);
  if (!age.ok) throw new DomainError("invalid_input", PRIVACY_MESSAGES.dateOfBirthInvalid);
  return { answer: { dateOfBirth: dob }, adult: age.age >= ADULT_AGE };
}

/** The version a sign-up or step accepts must be the notice shown now. */
export function assertCurrentNotice(version: number | undefined): void {
  if (version === undefined) throw new DomainError("invalid_input", PRIVACY_MESSAGES.noticeRequired);
  if (version !== PRIVACY_NOTICE_VERSION) throw new DomainError("conflict", PRIVACY_MESSAGES.noticeChanged);
}

/** Records the acceptance of the current notice: every required purpose, the optional ones as chosen. */
async function recordAcceptance(
  tx: Tx,
  userId: string,
  optional: Partial<Record<OptionalPurpose, boolean>>,
  via: ConsentVia,
  ip: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(consentLog).values(
    PRIVACY_PURPOSES.map((purpose) => ({
      userId,
      purpose,
      granted: (REQUIRED_PURPOSES as readonly string[]).includes(purpose)
        ? true
        : optional[purpose as OptionalPurpose] === true,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      via,
      ip,
      createdAt: now,
    })),
  );
}

async function recordAge(tx: Tx, userId: string, answer: AgeAnswer, underAge: boolean, now: Date) {
  await tx
    .insert(memberAge)
    .values({
      userId,
      dateOfBirth: "dateOfBirth" in answer ? answer.dateOfBirth : null,
      declaredAdultAt: "declaredAdult" in answer ? now : null,
      underAge,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Sign-up: the consent rows and the age answer, in the transaction that creates the member. */
export async function recordSignUpPrivacy(tx: Tx, userId: string, answers: PrivacyAnswers, createdAt?: Date) {
  const now = answers.now ?? createdAt ?? new Date();
  await recordAcceptance(tx, userId, answers.optional, "signup", answers.ip ?? null, now);
  await recordAge(tx, userId, answers.age, false, now);
}

/** The member's latest row per purpose. */
async function latestRows(db: Db | Tx, userId: string) {
  const rows = await db
    .selectDistinctOn([consentLog.purpose])
    .from(consentLog)
    .where(eq(consentLog.userId, userId))
    .orderBy(consentLog.purpose, desc(consentLog.id));
  return new Map(rows.map((r) => [r.purpose, r]));
}

/**
 * Whether the member consents to a purpose now (their latest row). The one question every sender
 * of optional mail (announcements, marketing) asks before mailing a member.
 */
export async function hasConsent(db: Db | Tx, userId: string, purpose: PrivacyPurpose): Promise<boolean> {
  const [row] = await db
    .select({ granted: consentLog.granted })
    .from(consentLog)
    .where(and(eq(consentLog.userId, userId), eq(consentLog.purpose, purpose)))
    .orderBy(desc(consentLog.id))
    .limit(1);
  return row?.granted === true;
}

/** What the member is asked at their next visit: a notice to accept, an age answer, or nothing. */
export async function privacyDue(
  db: Db | Tx,
  userId: string,
): Promise<{ notice: boolean; age: boolean; underAge: boolean }> {
  const [[accepted], [age]] = await Promise.all([
    db
      .select({ version: max(consentLog.noticeVersion) })
      .from(consentLog)
      .where(
        and(eq(consentLog.userId, userId), eq(consentLog.purpose, "account"), eq(consentLog.granted, true)),
      ),
    db.select({ underAge: memberAge.underAge }).from(memberAge).where(eq(memberAge.userId, userId)),
  ]);
  const version = accepted?.version ?? null;
  return {
    notice: version === null || Number(version) < PRIVACY_NOTICE_VERSION,
    age: !age,
    underAge: age?.underAge === true,
  };
}

/** The member's privacy state for Settings and the step: each purpose, the notice, the age check. */
export async function privacyState(db: Db, userId: string): Promise<PrivacyState> {
  const [rows, due, check] = await Promise.all([
    latestRows(db, userId),
    privacyDue(db, userId),
    ageCheck(db),
  ]);
  return {
    notice_version: PRIVACY_NOTICE_VERSION,
    notice_due: due.notice,
    age_due: due.age,
    age_check: check,
    purposes: PRIVACY_PURPOSES.map((purpose) => {
      const row = rows.get(purpose);
      return {
        purpose,
        required: (REQUIRED_PURPOSES as readonly string[]).includes(purpose),
        granted: row?.granted === true,
        since: row ? row.createdAt.toISOString() : null,
        notice_version: row?.noticeVersion ?? null,
      };
    }),
  };
}

/**
 * Gives or withdraws an optional purpose from Settings: one row when it changes, none when it is
 * already so (answers false). Required purposes are refused: withdrawing them is closing the account.
 */
export async function setOptionalConsent(
  db: Db,
  input: { userId: string; purpose: string; granted: boolean; ip?: string | null; now?: Date },
): Promise<boolean> {
  if (!(PRIVACY_PURPOSES as readonly string[]).includes(input.purpose))
    throw new DomainError("invalid_input", PRIVACY_MESSAGES.unknownPurpose);
  if (!(OPTIONAL_PURPOSES as readonly string[]).includes(input.purpose))
    throw new DomainError("invalid_input", PRIVACY_MESSAGES.requiredPurpose);
  const purpose = input.purpose as OptionalPurpose;
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // One change at a time per member: two presses at once add one row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    if ((await hasConsent(tx, input.userId, purpose)) === input.granted) return false;
    await tx.insert(consentLog).values({
      userId: input.userId,
      purpose,
      granted: input.granted,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      via: "settings",
      ip: input.ip ?? null,
      createdAt: now,
    });
    return true;
  });
}

export const UNDER_AGE_REASON = "Under 18 (the member's own age answer)";

/**
 * The step at a member's next visit: accept the current notice (when due) and answer the age check
 * (when due). An adult's answers are recorded. An under-18 answer is recorded too, and the account
 * is stopped: earning suspended and withdrawals held (with UNDER_AGE_REASON, which operators see
 * on the member's page), every session ended, audited — answers `under_age`.
 */
export async function acceptPrivacyStep(
  db: Db,
  input: {
    userId: string;
    noticeVersion: number | undefined;
    optional: Partial<Record<OptionalPurpose, boolean>>;
    ageFields: { date_of_birth?: string; adult_declaration?: boolean };
    ip?: string | null;
    now?: Date;
  },
): Promise<"accepted" | "under_age"> {
  const now = input.now ?? new Date();
  const due = await privacyDue(db, input.userId);
  // The step always shows the notice: the version it showed must be the one in force.
  assertCurrentNotice(input.noticeVersion);
  const age = due.age ? readAgeAnswer(await ageCheck(db), input.ageFields, now) : null;
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
    if (!member) throw new DomainError("not_found", "Member not found.");
    // Read again under the lock: a second press of the same step adds nothing.
    const again = await privacyDue(tx, input.userId);
    if (again.notice && due.notice) {
      await recordAcceptance(tx, input.userId, input.optional, "reaccept", input.ip ?? null, now);
    }
    if (!age || !again.age) return "accepted";
    await recordAge(tx, input.userId, age.answer, !age.adult, now);
    if (age.adult) return "accepted";
    const set = {
      earningSuspendedAt: member.earningSuspendedAt ?? now,
      earningSuspendedReason: member.earningSuspendedAt ? member.earningSuspendedReason : UNDER_AGE_REASON,
      withdrawalsHeldAt: member.withdrawalsHeldAt ?? now,
      withdrawalsHeldReason: member.withdrawalsHeldAt ? member.withdrawalsHeldReason : UNDER_AGE_REASON,
    };
    await tx.update(users).set(set).where(eq(users.id, member.id));
    const ended = await endAllSessions(tx, member.id);
    await recordAudit(tx, {
      actorUserId: member.id,
      action: "member.under_age",
      target: `member:${member.id}`,
      before: {
        earningSuspended: member.earningSuspendedAt !== null,
        withdrawalsHeld: member.withdrawalsHeldAt !== null,
      },
      after: {
        earningSuspended: true,
        withdrawalsHeld: true,
        reason: UNDER_AGE_REASON,
        endedSessions: ended,
      },
    });
    return "under_age";
  });
}

/** The owner picks the age check: audited, before and after. */
export async function setAgeCheck(db: Db, actorUserId: string, value: AgeCheck): Promise<void> {
  await updateSettingAudited(db, { actorUserId, key: "age_check", value, action: "privacy.age_check" });
}

/** Whether a member's next page is the consent step (operators are never sent there). */
export async function memberPrivacyDue(db: Db, member: { id: string; role: string }): Promise<boolean> {
  if (member.role === "operator") return false;
  const due = await privacyDue(db, member.id);
  return due.notice || due.age;
}

/** The demo logins (api/seed): the current notice accepted, no marketing mails, declared adults. */
export const DEMO_PRIVACY: PrivacyAnswers = { optional: {}, age: { declaredAdult: true } };
