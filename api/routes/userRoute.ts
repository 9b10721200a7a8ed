import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { clearSessionCookie, setSessionCookie } from "../lib/sessionCookie";
import { z } from "zod";
import type { ApiContext, ApiEnv } from "../http";
import { ApiError, clientIp, fail, ok, readObj, requireMember } from "../http";
import { DomainError } from "../domain/errors";
import { HumanCheckInput, verifyHumanCheck } from "../lib/humanCheck";
import {
  AlreadyRegisteredError,
  UnknownReferrerError,
  authenticate,
  normalizeIdentifier,
  registerMember,
} from "../domain/accounts";
import { createSession, revokeSession, SESSION_COOKIE } from "../domain/sessions";
import {
  MailDeliveryError,
  applyEmailChange,
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from "../domain/passwordReset";
import { publicStatistics } from "../domain/content";
import { memberDashboard } from "../domain/dashboard";

export const HUMAN_CHECK_FAILED = "Please verify that you are a human!";
export const PASSWORD_MIN_MSG = "Password must be at least 8 characters long.";
export const MOBILE_MSG = "Please enter a valid 10-digit Indian mobile number";
export const TOKEN_FAILED = "Token Verification Failed!";
export const RESET_WAIT_MSG = "A reset link was already sent. Please check your inbox.";
const MAIL_FAILED = "We could not send the e-mail right now. Please try again later.";
const EMAIL_MSG = "Please enter a valid email address.";

/** The site's address for e-mailed links: the configured public origin, else the one the request came to. */
export function requestOrigin(c: ApiContext): string {
  const configured = c.var.deps.config.PUBLIC_ORIGIN;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(c.req.url);
  const trustProxy = c.var.deps.config.TRUST_PROXY;
  const host =
    (trustProxy ? c.req.header("x-forwarded-host") : undefined) ?? c.req.header("host") ?? url.host;
  const proto =
    (trustProxy ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() : undefined) ??
    url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

const LoginInput = z
  .object({
    email_userName: z
      .string({
        required_error: "Please enter your email or username.",
        invalid_type_error: "Please enter your email or username.",
      })
      .trim()
      .min(1, "Please enter your email or username.")
      .max(254, "Invalid details"),
    password: z
      .string({
        required_error: "Please enter your password.",
        invalid_type_error: "Please enter your password.",
      })
      .min(1, "Please enter your password.")
      .max(200, "Invalid details"),
    loginRemember_state: z
      .boolean({ invalid_type_error: "loginRemember_state must be true or false." })
      .default(false),
    human_check: HumanCheckInput,
  })
  .strict();

const SignUpInput = z
  .object({
    name: z
      .string({ required_error: "Please enter your name.", invalid_type_error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(100, "Please keep your name under 100 characters."),
    mobile_number: z
      .number({ required_error: MOBILE_MSG, invalid_type_error: MOBILE_MSG })
      .int(MOBILE_MSG)
      .min(1_000_000_000, MOBILE_MSG)
      .max(9_999_999_999, MOBILE_MSG),
    email_address: z
      .string({ required_error: EMAIL_MSG, invalid_type_error: EMAIL_MSG })
      .trim()
      .max(254, EMAIL_MSG)
      .email(EMAIL_MSG),
    password: z
      .string({ required_error: PASSWORD_MIN_MSG, invalid_type_error: PASSWORD_MIN_MSG })
      .min(8, PASSWORD_MIN_MSG)
      .max(200, "Please choose a password under 200 characters."),
    refer_by: z
      .string({ invalid_type_error: "Invalid referral link." })
      .trim()
      .min(1, "Invalid referral link.")
      .max(64, "Invalid referral link.")
      .optional(),
    human_check: HumanCheckInput,
  })
  .strict();

const ForgotInput = z
  .object({
    email_address: z
      .string({ required_error: "Email is required!", invalid_type_error: "Email is required!" })
      .trim()
      .min(1, "Email is required!")
      .max(254, EMAIL_MSG)
      .email(EMAIL_MSG),
  })
  .strict();

const ResetInput = z
  .object({
    password: z
      .string({ required_error: PASSWORD_MIN_MSG, invalid_type_error: PASSWORD_MIN_MSG })
      .min(8, PASSWORD_MIN_MSG)
      .max(200, "Please choose a password under 200 characters."),
    token: z
      .string({ required_error: TOKEN_FAILED, invalid_type_error: TOKEN_FAILED })
      .min(1, TOKEN_FAILED)
      .max(200, TOKEN_FAILED),
  })
  .strict();

/** Sign-up reports every field problem at once, as the list the spec's client shows one by one. */
function signUpErrors(error: z.ZodError): { msg: string }[] {
  const messages = error.issues.map((i) =>
    i.code === "unrecognized_keys" ? `Unexpected field: ${i.keys.join(", ")}.` : i.message,
  );
  return [...new Set(messages)].map((msg) => ({ msg }));
}

/**
 * Reads an `{obj}` body and validates it, answering with the field's own message (the schemas
 * here carry the spec's wording for missing fields too).
 */
export async function readFields<T extends z.ZodTypeAny>(c: ApiContext, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readObj(c, z.unknown()));
  if (parsed.success) return parsed.data as z.output<T>;
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys")
    throw new ApiError(400, `Unexpected field: ${issue.keys.join(", ")}.`);
  throw new ApiError(400, issue?.message ?? "Invalid request body.");
}

const fieldErrors = (c: ApiContext, list: { msg: string }[]) => fail(c, 400, list);

const queryText = (c: ApiContext, name: string) => {
  const v = c.req.query(name);
  return typeof v === "string" && v.length <= 400 ? v : "";
};

export function userRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/userWebstatisticsGet", async (c) => ok(c, await publicStatistics(c.var.deps.db)));

  r.post("/login", async (c) => {
    const deps = c.var.deps;
    const input = await readFields(c, LoginInput);
    await deps.limiter.consume("login", `${clientIp(c)}|${normalizeIdentifier(input.email_userName)}`);
    if (!(await verifyHumanCheck(deps, input.human_check)))
      throw new DomainError("human_check_failed", HUMAN_CHECK_FAILED);
    const member = await authenticate(deps.db, input.email_userName, input.password);
    if (!member) throw new DomainError("invalid_credentials", "Invalid details");
    // A new login replaces the session this browser had, if any.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await revokeSession(deps.db, previous);
    const remember = input.loginRemember_state;
    const session = await createSession(deps.db, member.id, remember);
    setSessionCookie(c, session.token, remember);
    return ok(c, "Login Success!", { user: member.email });
  });

  r.post("/signUp", async (c) => {
    const deps = c.var.deps;
    await deps.limiter.consume("signUp", clientIp(c));
    const parsed = SignUpInput.safeParse(await readObj(c, z.unknown()));
    if (!parsed.success) return fieldErrors(c, signUpErrors(parsed.error));
    const input = parsed.data;
    if (!(await verifyHumanCheck(deps, input.human_check)))
      throw new DomainError("human_check_failed", HUMAN_CHECK_FAILED);
    try {
      const member = await registerMember(deps.db, {
        name: input.name,
        email: input.email_address,
        mobileNumber: input.mobile_number,
        password: input.password,
        referrerUserName: input.refer_by,
      });
      return ok(c, "user registered successfully!", { user: member.email });
    } catch (e) {
      if (e instanceof AlreadyRegisteredError)
        throw new DomainError("already_registered", "Already Registered");
      if (e instanceof UnknownReferrerError) return fieldErrors(c, [{ msg: "Invalid referral link." }]);
      throw e;
    }
  });

  r.post("/userLoginforgot_password_send_mail", async (c) => {
    const deps = c.var.deps;
    await deps.limiter.consume("forgotPassword", clientIp(c));
    const input = await readFields(c, ForgotInput);
    const result = await requestPasswordReset(deps.db, deps.mailer, {
      email: input.email_address,
      origin: requestOrigin(c),
      siteName: deps.config.SITE_NAME,
    }).catch((e: unknown) => {
      if (!(e instanceof MailDeliveryError)) throw e;
      console.error(e.cause ?? e);
      throw new DomainError("unavailable", MAIL_FAILED);
    });
    if (!result.sent)
      throw new DomainError("too_soon", RESET_WAIT_MSG, {
        msg: RESET_WAIT_MSG,
        time_left: result.timeLeftMs,
      });
    return ok(c, "Password reset link sent successfully.");
  });

  r.get("/verify_reset_token", async (c) => {
    if (!(await isResetTokenValid(c.var.deps.db, queryText(c, "token"))))
      throw new DomainError("invalid_token", TOKEN_FAILED);
    return ok(c, "Token verified");
  });

  r.post("/reset_password_form_post", async (c) => {
    const input = await readFields(c, ResetInput);
    if (!(await resetPassword(c.var.deps.db, input.token, input.password)))
      throw new DomainError("invalid_token", TOKEN_FAILED);
    return ok(c, "Password reset successfully.");
  });

  r.get("/verify_reset_email_token", async (c) => {
    const result = await applyEmailChange(c.var.deps.db, queryText(c, "token"), queryText(c, "email"));
    if (result === "invalid") throw new DomainError("invalid_token", TOKEN_FAILED);
    if (result === "taken")
      throw new DomainError(
        "email_in_use",
        "The new email is already in use. Please choose a different email.",
      );
    return ok(c, "Email updated successfully.");
  });

  r.post("/logout", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await revokeSession(c.var.deps.db, token);
    clearSessionCookie(c);
    return ok(c, "LogOut success!");
  });

  r.get("/userDataGet_dashboard", requireMember, async (c) =>
    ok(c, await memberDashboard(c.var.deps.db, c.var.member.id)),
  );

  return r;
}
