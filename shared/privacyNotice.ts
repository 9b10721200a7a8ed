import { IST_TIME_ZONE } from "./time";

/**
 * The privacy notice (issue 44 §1; DPDP Act 2023 s.5 and s.6, read 2026-11-29): what the site
 * collects, for which purpose, and what withdrawing consent stops. Its words are in the pages'
 * catalogue (app/i18n/en/privacy.ts and hi/privacy.ts, `privacy.notice.*`); what is versioned is
 * here. Publishing a new notice: change the words, then raise PRIVACY_NOTICE_VERSION — every
 * member is asked to accept it at their next visit; their earlier acceptances stay in the log.
 */
export const PRIVACY_NOTICE_VERSION = 1;

/**
 * The purposes a member consents to, in the notice's order. Required ones are needed to run the
 * account at all (withdrawing them means closing the account); optional ones can be given and
 * withdrawn at any time from Settings.
 */
export const PRIVACY_PURPOSES = ["account", "payouts", "risk", "service_mail", "marketing_mail"] as const;
export type PrivacyPurpose = (typeof PRIVACY_PURPOSES)[number];

export const REQUIRED_PURPOSES = [
  "account",
  "payouts",
  "risk",
  "service_mail",
] as const satisfies readonly PrivacyPurpose[];
export const OPTIONAL_PURPOSES = ["marketing_mail"] as const satisfies readonly PrivacyPurpose[];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

export function isPrivacyPurpose(v: unknown): v is PrivacyPurpose {
  return typeof v === "string" && (PRIVACY_PURPOSES as readonly string[]).includes(v);
}
export function isOptionalPurpose(v: unknown): v is OptionalPurpose {
  return typeof v === "string" && (OPTIONAL_PURPOSES as readonly string[]).includes(v);
}

/**
 * How sign-up checks that a member is an adult (the owner's `age_check` setting): their date of
 * birth, or a declaration of being 18 or older.
 */
export const AGE_CHECKS = ["date_of_birth", "declaration"] as const;
export type AgeCheck = (typeof AGE_CHECKS)[number];
export const DEFAULT_AGE_CHECK: AgeCheck = "date_of_birth";
export const isAgeCheck = (v: unknown): v is AgeCheck =>
  typeof v === "string" && (AGE_CHECKS as readonly string[]).includes(v);

/** DPDP Act 2023 s.2(j): a child is an individual under 18. */
export const ADULT_AGE = 18;
/** The oldest date of birth accepted: older is a typing mistake. */
export const OLDEST_BIRTH_YEAR = 1900;

/** Today's date in India, "YYYY-MM-DD". */
export function indiaDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: IST_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A real calendar date "YYYY-MM-DD" (not 2026-02-30), or null. */
export function parseDate(v: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return { y, m, d };
}

/**
 * The checks of a date of birth: a real date, not after today (India time), not before 1900; then
 * the age in whole years on today's date in India (a birthday of 29 February counts from 1 March
 * in other years).
 */
export function ageOn(dateOfBirth: string, now: Date): { ok: true; age: number } | { ok: false } {
  const birth = parseDate(dateOfBirth);
  const today = parseDate(indiaDate(now))!;
  if (!birth || birth.y < OLDEST_BIRTH_YEAR || dateOfBirth > indiaDate(now)) return { ok: false };
  const hadBirthday = today.m > birth.m || (today.m === birth.m && today.d >= birth.d);
  return { ok: true, age: today.y - birth.y - (hadBirthday ? 0 : 1) };
}

/** The API's words for consent and age (Hindi in shared/i18n/apiMessages.hi.privacy.ts). */
export const PRIVACY_MESSAGES = {
  noticeRequired: "Please read the privacy notice and accept it to create your account.",
  noticeChanged: "The privacy notice has changed. Please read the new version and accept it.",
  dateOfBirthRequired: "Please enter your date of birth.",
  dateOfBirthInvalid: "Please enter a real date of birth (not in the future).",
  declarationRequired: "Please confirm that you are 18 years of age or older.",
  underAge: "Sorry, you must be 18 years of age or older to use this site.",
  underAgeClosed:
    "You must be 18 years of age or older to use this site. Your account cannot earn or withdraw and you have been signed out. Contact support through the grievance page if this is a mistake.",
  requiredPurpose: "This consent is needed to run your account. To withdraw it, close your account instead.",
  unknownPurpose: "Unknown purpose.",
  consentSaved: "Your choice is saved.",
  accepted: "Thank you. Your answers are saved.",
  settingsSaved: "Privacy settings saved.",
} as const;
