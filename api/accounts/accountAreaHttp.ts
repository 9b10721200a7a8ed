import { Hono } from "hono";
import { z } from "zod";
import {
  BILLING_FIELDS,
  PROFILE_FIELDS,
  TYPED_PASSWORD_MAX_LENGTH,
  emailField,
  labelledText,
  mobileNumberAny,
  newPasswordField,
  typedPasswordField,
} from "../../shared/fields";
import {
  type ApiEnv,
  ApiError,
  firstIssue,
  okRead,
  okWrite,
  pageQuery,
  readObjAt,
  requireMember,
} from "../http";
import { MailDeliveryError } from "./passwordReset";
import { publicOrigin } from "../config";
import { referralPage } from "./referrals";
import {
  PROFILE_MESSAGES,
  accountData,
  changePassword,
  profileData,
  requestEmailChange,
  setMemberLanguage,
  updateProfile,
} from "./profile";
import { LOCALES } from "../../shared/i18n/locale";
import { contentLocale } from "../content/localized";
import { log } from "../../shared/log.server";
import { memberPrivacyDue } from "../privacy/consent";
import {
  IFSC,
  PAYOUT_ACCOUNT_MESSAGES,
  PAYOUT_CHANGE_FIELDS,
  checkPayoutChange,
} from "../../shared/payoutAccount";
import { updatePayout } from "./payoutAccount";
import { bankOfIfsc } from "./ifsc/lookup";

/**
 * The account areas under /userRoute: refer and earn, profile (with the payout method binding)
 * and settings (password and e-mail). Mounted beside the accounts router at the same prefix.
 */

const LanguageSchema = z.object({ language: z.enum(LOCALES) }).strict();

const currentPassword = typedPasswordField({
  missing: "Current password is required.",
  tooLong: PROFILE_MESSAGES.wrongPassword,
  notText: "Current password must be text.",
});

/** Asked for only by some changes: whether it is needed (or missing) is the domain's decision. */
const currentPasswordIfNeeded = z
  .string({ invalid_type_error: "Current password must be text." })
  .max(TYPED_PASSWORD_MAX_LENGTH, PROFILE_MESSAGES.wrongPassword)
  .optional();

export const ProfileSchema = z
  .object({
    ...BILLING_FIELDS,
    mobile_number: mobileNumberAny(),
    // The spec's client sends both; the page's billing form neither (issue 45: no payout change).
    withdrawal_method: labelledText("Withdrawal method", 100).optional(),
    withdrawal_account_information: PROFILE_FIELDS.withdrawal_account_information.optional(),
    /** Needed only when the payout details change (the server decides). */
    current_password: currentPasswordIfNeeded,
  })
  .strict()
  .superRefine((body, ctx) => {
    const method = body.withdrawal_method === undefined;
    if (method === (body.withdrawal_account_information === undefined)) return;
    const missing = method ? "withdrawal_method" : "withdrawal_account_information";
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: `${missing} is required.` });
  });

/** The payout details alone: only what the method's kind needs (shared/payoutAccount.ts). */
const PayoutSchema = z
  .object({ ...PAYOUT_CHANGE_FIELDS, current_password: currentPasswordIfNeeded })
  .strict()
  .transform((body, ctx) => ({
    change: checkPayoutChange(body, ctx),
    currentPassword: body.current_password,
  }));

const IfscQuery = z
  .object({
    ifsc: z
      .string({ required_error: PAYOUT_ACCOUNT_MESSAGES.ifscMissing })
      .trim()
      .min(1, PAYOUT_ACCOUNT_MESSAGES.ifscMissing)
      .max(20, PAYOUT_ACCOUNT_MESSAGES.ifsc)
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .refine((v) => IFSC.test(v), PAYOUT_ACCOUNT_MESSAGES.ifsc),
  })
  .strict();

const PasswordChangeSchema = z
  .object({
    currentPassword_state: currentPassword,
    newPassword_state: newPasswordField({ notText: "New password must be text." }),
  })
  .strict();

const EmailChangeSchema = z
  .object({
    email_address: emailField(),
    currentPassword_state: currentPasswordIfNeeded,
  })
  .strict();

/** Either form of the settings body: the e-mail form carries email_address, the password form the two passwords. */
const SettingsSchema = z
  .record(z.unknown(), { invalid_type_error: "Invalid request body." })
  .transform((body, ctx) => {
    const schema = "email_address" in body ? EmailChangeSchema : PasswordChangeSchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue);
      return z.NEVER;
    }
    return parsed.data;
  });

export function accountAreaRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/userReferral_record_get", requireMember, async (c) =>
    okRead(
      c,
      "/userRoute/userReferral_record_get",
      await referralPage(c.var.deps.db, c.var.member.id, pageQuery(c), contentLocale(c)),
    ),
  );

  r.get("/userProfileData_get", requireMember, async (c) =>
    okRead(
      c,
      "/userRoute/userProfileData_get",
      await profileData(c.var.deps.db, c.var.member.id, contentLocale(c)),
    ),
  );

  r.patch("/userProfileData_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userRoute/userProfileData_patch", ProfileSchema);
    await updateProfile(deps.db, deps.mailer, member, {
      name: body.name,
      address: body.address,
      city: body.city,
      state: body.state,
      zipCode: body.zip_code,
      mobileNumber: body.mobile_number,
      methodName: body.withdrawal_method,
      accountInfo: body.withdrawal_account_information,
      currentPassword: body.current_password,
      siteName: deps.config.SITE_NAME,
    });
    return okWrite(c, "/userRoute/userProfileData_patch", PROFILE_MESSAGES.saved);
  });

  r.patch("/userPayoutData_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userRoute/userPayoutData_patch", PayoutSchema);
    await updatePayout(deps.db, deps.mailer, member, { ...body, siteName: deps.config.SITE_NAME });
    return okWrite(c, "/userRoute/userPayoutData_patch", PROFILE_MESSAGES.saved);
  });

  // The bank's name from the packaged IFSC list, offline (the profile's bank form shows it).
  r.get("/userIfsc_get", requireMember, (c) => {
    const query = IfscQuery.safeParse(c.req.query());
    if (!query.success) throw new ApiError(400, firstIssue(query.error));
    const { ifsc } = query.data;
    return okRead(c, "/userRoute/userIfsc_get", { ifsc, bank_name: bankOfIfsc(ifsc) });
  });

  // The member's language for pages and mails (issue 23): the language switch stores it.
  r.patch("/userLanguage_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    const body = await readObjAt(c, "/userRoute/userLanguage_patch", LanguageSchema);
    await setMemberLanguage(deps.db, member.id, body.language);
    return okWrite(c, "/userRoute/userLanguage_patch", "Saved");
  });

  // Every member page's frame reads this: privacy_due sends the member to the consent step (issue 44).
  r.get("/userpassword_and_email_get", requireMember, async (c) =>
    okRead(c, "/userRoute/userpassword_and_email_get", {
      ...accountData(c.var.member),
      privacy_due: await memberPrivacyDue(c.var.deps.db, c.var.member),
      // Issue 45: only for an operator's session past the authenticator code (the console link).
      ...(c.var.member.role === "operator" && c.var.member.secondFactor ? { operator: true } : {}),
    }),
  );

  r.patch("/userpassword_and_email_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userRoute/userpassword_and_email_patch", SettingsSchema);
    if ("email_address" in body) {
      await requestEmailChange(deps.db, deps.mailer, {
        member,
        email: body.email_address,
        currentPassword: body.currentPassword_state,
        origin: publicOrigin(deps.config),
        siteName: deps.config.SITE_NAME,
      }).catch((e: unknown) => {
        if (!(e instanceof MailDeliveryError)) throw e;
        log.error({ err: e.cause ?? e }, "profile: the verification mail could not be sent");
        throw new ApiError(503, PROFILE_MESSAGES.mailFailed);
      });
      return okWrite(c, "/userRoute/userpassword_and_email_patch", PROFILE_MESSAGES.emailSent);
    }
    await changePassword(deps.db, member, {
      current: body.currentPassword_state,
      next: body.newPassword_state,
    });
    return okWrite(c, "/userRoute/userpassword_and_email_patch", PROFILE_MESSAGES.passwordChanged);
  });

  return r;
}
