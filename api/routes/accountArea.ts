import { Hono } from "hono";
import { z } from "zod";
import { isMobileNumber } from "../../shared/fields";
import { ApiError, ok, pageQuery, readObj, requireMember, type ApiEnv } from "../http";
import { MailDeliveryError } from "../domain/passwordReset";
import { publicOrigin } from "../config";
import { referralPage } from "../domain/referrals";
import {
  PROFILE_MESSAGES,
  accountData,
  changePassword,
  profileData,
  requestEmailChange,
  updateProfile,
} from "../domain/profile";

/**
 * The account areas under /userRoute: refer and earn, profile (with the payout method binding)
 * and settings (password and e-mail). Mounted beside the accounts router at the same prefix.
 */

const text = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const MOBILE_MESSAGE = "Please enter a valid 10-digit Indian mobile number";

/** 10 digits, sent as a number by the spec's client (or as text by a form). */
const mobileNumber = z.unknown().transform((v, ctx) => {
  const digits =
    typeof v === "number"
      ? Number.isSafeInteger(v)
        ? String(v)
        : ""
      : typeof v === "string"
        ? v.trim()
        : "";
  if (!isMobileNumber(digits)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: MOBILE_MESSAGE });
    return z.NEVER;
  }
  return Number(digits);
});

const currentPassword = z
  .string({ invalid_type_error: "Current password must be text." })
  .max(256, PROFILE_MESSAGES.wrongPassword)
  .optional();

const ProfileSchema = z
  .object({
    name: text("Name", 100),
    address: text("Address", 300),
    city: text("City", 100),
    state: text("State", 100),
    zip_code: text("Zip code", 12).regex(/^[A-Za-z0-9 -]{3,12}$/, "Please enter a valid zip code."),
    mobile_number: mobileNumber,
    withdrawal_method: text("Withdrawal method", 100),
    withdrawal_account_information: text("Withdrawal account information", 300),
    /** Needed only when the payout details change (the server decides). */
    current_password: currentPassword,
  })
  .strict();

const PasswordChangeSchema = z
  .object({
    currentPassword_state: z
      .string({ invalid_type_error: "Current password must be text." })
      .min(1, "Current password is required.")
      .max(256, PROFILE_MESSAGES.wrongPassword),
    newPassword_state: z
      .string({ invalid_type_error: "New password must be text." })
      .max(128, "Password must be at most 128 characters long."),
  })
  .strict();

const EmailChangeSchema = z
  .object({
    email_address: z
      .string({ invalid_type_error: "Please enter a valid email address." })
      .trim()
      .max(254, "Please enter a valid email address.")
      .email("Please enter a valid email address."),
    currentPassword_state: currentPassword,
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
    ok(c, await referralPage(c.var.deps.db, c.var.member.id, pageQuery(c))),
  );

  r.get("/userProfileData_get", requireMember, async (c) =>
    ok(c, await profileData(c.var.deps.db, c.var.member.id)),
  );

  r.patch("/userProfileData_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObj(c, ProfileSchema);
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
    return ok(c, PROFILE_MESSAGES.saved);
  });

  r.get("/userpassword_and_email_get", requireMember, async (c) =>
    ok(c, accountData(c.var.member)),
  );

  r.patch("/userpassword_and_email_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObj(c, SettingsSchema);
    if ("email_address" in body) {
      await requestEmailChange(deps.db, deps.mailer, {
        member,
        email: body.email_address,
        currentPassword: body.currentPassword_state,
        origin: publicOrigin(deps.config),
        siteName: deps.config.SITE_NAME,
      }).catch((e: unknown) => {
        if (!(e instanceof MailDeliveryError)) throw e;
        console.error(e.cause ?? e);
        throw new ApiError(503, PROFILE_MESSAGES.mailFailed);
      });
      return ok(c, PROFILE_MESSAGES.emailSent);
    }
    await changePassword(deps.db, member, {
      current: body.currentPassword_state,
      next: body.newPassword_state,
    });
    return ok(c, PROFILE_MESSAGES.passwordChanged);
  });

  return r;
}
