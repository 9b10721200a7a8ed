import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, clientIp, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { DomainError } from "../lib/errors";
import { deleteCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../sessions/sessions";
import { acceptPrivacyStep, ageCheck, privacyState, setAgeCheck, setOptionalConsent } from "./consent";
import { AGE_CHECKS, PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION } from "../../shared/privacyNotice";

const ConsentChangeSchema = z
  .object({
    purpose: z
      .string({ required_error: PRIVACY_MESSAGES.unknownPurpose })
      .max(40, PRIVACY_MESSAGES.unknownPurpose),
    granted: z.boolean({
      required_error: "granted must be true or false.",
      invalid_type_error: "granted must be true or false.",
    }),
  })
  .strict();

/** The age and notice fields, as sign-up reads them too (api/accounts/memberHttp.ts). */
export const PrivacyFields = {
  privacy_notice_version: z
    .number({ invalid_type_error: PRIVACY_MESSAGES.noticeRequired })
    .int(PRIVACY_MESSAGES.noticeRequired)
    .min(0, PRIVACY_MESSAGES.noticeRequired)
    .max(1_000_000, PRIVACY_MESSAGES.noticeRequired),
  marketing_mails: z.boolean({ invalid_type_error: "marketing_mails must be true or false." }).optional(),
  date_of_birth: z
    .string({ invalid_type_error: PRIVACY_MESSAGES.dateOfBirthInvalid })
    .max(20, PRIVACY_MESSAGES.dateOfBirthInvalid)
    .optional(),
  adult_declaration: z.boolean({ invalid_type_error: PRIVACY_MESSAGES.declarationRequired }).optional(),
};

const AcceptSchema = z
  .object({
    ...PrivacyFields,
    privacy_notice_version: z.number({
      required_error: PRIVACY_MESSAGES.noticeRequired,
      invalid_type_error: PRIVACY_MESSAGES.noticeRequired,
    }),
  })
  .strict();

const SettingsSchema = z
  .object({
    age_check: z.enum(AGE_CHECKS, {
      errorMap: () => ({ message: "age_check must be date_of_birth or declaration." }),
    }),
  })
  .strict();

/** The member's consent and age routes under /userRoute (docs/api/privacy.md). */
export function privacyRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // Anyone: the notice's version and the age check sign-up asks (the sign-up page reads it).
  r.get("/privacy_notice", async (c) =>
    okRead(c, "/userRoute/privacy_notice", {
      notice_version: PRIVACY_NOTICE_VERSION,
      age_check: await ageCheck(c.var.deps.db),
    }),
  );

  r.get("/privacy_get", requireMember, async (c) =>
    okRead(c, "/userRoute/privacy_get", await privacyState(c.var.deps.db, c.var.member.id)),
  );

  // Give or withdraw an optional purpose (marketing mails): as easy as giving it at sign-up.
  r.patch("/privacy_consent_patch", requireMember, async (c) => {
    const body = await readBodyAt(c, "/userRoute/privacy_consent_patch", ConsentChangeSchema);
    await setOptionalConsent(c.var.deps.db, {
      userId: c.var.member.id,
      purpose: body.purpose,
      granted: body.granted,
      ip: clientIp(c),
      now: c.var.deps.clock(),
    });
    return okWrite(c, "/userRoute/privacy_consent_patch", PRIVACY_MESSAGES.consentSaved);
  });

  // The step at the next visit: a new notice to accept, an age answer not given yet.
  r.post("/privacy_accept", requireMember, async (c) => {
    const body = await readBodyAt(c, "/userRoute/privacy_accept", AcceptSchema);
    const outcome = await acceptPrivacyStep(c.var.deps.db, {
      userId: c.var.member.id,
      noticeVersion: body.privacy_notice_version,
      optional: { marketing_mail: body.marketing_mails === true },
      ageFields: { date_of_birth: body.date_of_birth, adult_declaration: body.adult_declaration },
      ip: clientIp(c),
      now: c.var.deps.clock(),
    });
    if (outcome === "under_age") {
      // The session is ended already (acceptPrivacyStep); the browser forgets its cookie too.
      deleteCookie(c, SESSION_COOKIE, {
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        secure: c.var.deps.config.NODE_ENV === "production",
      });
      throw new DomainError("forbidden", PRIVACY_MESSAGES.underAgeClosed);
    }
    return okWrite(c, "/userRoute/privacy_accept", PRIVACY_MESSAGES.accepted);
  });

  return r;
}

/** The owner's privacy settings under /adminRoute: the age check (audited). */
export function adminPrivacyRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/privacy/settings", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/privacy/settings", { age_check: await ageCheck(c.var.deps.db) }),
  );

  r.patch("/privacy/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/privacy/settings", SettingsSchema);
    await setAgeCheck(c.var.deps.db, c.var.member.id, body.age_check);
    return okWrite(c, "/adminRoute/privacy/settings", PRIVACY_MESSAGES.settingsSaved);
  });

  return r;
}
