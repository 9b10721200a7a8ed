import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { clearSessionCookie, setLanguageCookie, setSessionCookie } from "./sessionCookieHttp";
import { cookieLocale, requestLocale, type Locale } from "../../shared/i18n/locale";
import { z } from "zod";
import {
  FIELD_MESSAGES,
  emailField,
  identifierField,
  mobileNumberJson,
  newPasswordField,
  personName,
  typedPasswordField,
} from "../../shared/fields";
import type { ApiContext, ApiEnv } from "../http";
import {
  ApiError,
  clientIp,
  fail,
  matchesTag,
  okRead,
  okWrite,
  readObj,
  readObjAt,
  requireMember,
} from "../http";
import { releaseDueCredits } from "../ledger/holds";
import { publicOrigin } from "../config";
import { DomainError } from "../lib/errors";
import { HumanCheckInput, verifyHumanCheck } from "./humanCheck";
import {
  AlreadyRegisteredError,
  UnknownReferrerError,
  authenticate,
  normalizeIdentifier,
  registerMember,
} from "./accounts";
import { accountClosed, createSession, revokeSession, SESSION_COOKIE } from "../sessions/sessions";
import { recordSignInOrigin, signInOrigin } from "./signInHttp";
import { enforceOneAccountRule } from "../risk/policy";
import {
  MailDeliveryError,
  applyEmailChange,
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from "./passwordReset";
import { sendVerificationMail, verifyEmailToken } from "./emailVerification";
import { clearLoginFailures, loginWaitMs, recordLoginFailure, THROTTLED_MSG } from "./loginThrottle";
import {
  completeSecondFactor,
  issueSecondFactorTicket,
  SECOND_FACTOR_MESSAGES,
  ticketHolder,
} from "./secondFactor";
import { users } from "../db/schema";
import type { Db } from "../db/client";
import { eq } from "drizzle-orm";
import { publicStatistics } from "../content/content";
import { dashboardTag, memberDashboard } from "./dashboard";
import { memberRestrictions } from "../members/restrictions";
import { contentLocale } from "../content/localized";
import { log } from "../../shared/log.server";
import { PrivacyFields } from "../privacy/privacyHttp";
import { ageCheck, assertCurrentNotice, readAgeAnswer, type PrivacyAnswers } from "../privacy/consent";
import { PRIVACY_MESSAGES } from "../../shared/privacyNotice";

export const HUMAN_CHECK_FAILED = "Please verify that you are a human!";
export const TOKEN_FAILED = "Token Verification Failed!";
export const RESET_WAIT_MSG = "A reset link was already sent. Please check your inbox.";
export const EMAIL_VERIFIED = "E-mail verified.";
const MAIL_FAILED = "We could not send the e-mail right now. Please try again later.";

const LoginInput = z
  .object({
    email_userName: identifierField({
      missing: "Please enter your email or username.",
      tooLong: "Invalid details",
    }),
    password: typedPasswordField({ missing: "Please enter your password.", tooLong: "Invalid details" }),
    loginRemember_state: z
      .boolean({ invalid_type_error: "loginRemember_state must be true or false." })
      .default(false),
    human_check: HumanCheckInput,
  })
  .strict();

const SecondFactorInput = z
  .object({
    ticket: z
      .string({
        required_error: SECOND_FACTOR_MESSAGES.expiredTicket,
        invalid_type_error: SECOND_FACTOR_MESSAGES.expiredTicket,
      })
      .min(1, SECOND_FACTOR_MESSAGES.expiredTicket)
      .max(200, SECOND_FACTOR_MESSAGES.expiredTicket),
    code: z
      .string({
        required_error: SECOND_FACTOR_MESSAGES.required,
        invalid_type_error: SECOND_FACTOR_MESSAGES.invalidCode,
      })
      .trim()
      .min(1, SECOND_FACTOR_MESSAGES.required)
      .max(20, SECOND_FACTOR_MESSAGES.invalidCode)
      // Apps show the code as "123 456".
      .transform((v) => v.replace(/\s+/g, "")),
    loginRemember_state: z
      .boolean({ invalid_type_error: "loginRemember_state must be true or false." })
      .default(false),
  })
  .strict();

export const SignUpInput = z
  .object({
    name: personName(),
    mobile_number: mobileNumberJson(),
    email_address: emailField(),
    password: newPasswordField(),
    refer_by: z
      .string({ invalid_type_error: "Invalid referral link." })
      .trim()
      .min(1, "Invalid referral link.")
      .max(64, "Invalid referral link.")
      .optional(),
    human_check: HumanCheckInput,
    // Issue 44: the privacy notice accepted (its version), the optional purposes, the age answer.
    privacy_notice_version: PrivacyFields.privacy_notice_version.optional(),
    marketing_mails: PrivacyFields.marketing_mails,
    date_of_birth: PrivacyFields.date_of_birth,
    adult_declaration: PrivacyFields.adult_declaration,
  })
  .strict();

const ForgotInput = z.object({ email_address: emailField(FIELD_MESSAGES.emailRequired) }).strict();

const ResetInput = z
  .object({
    password: newPasswordField(),
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

/** 429 with the time left while the account's login throttle makes it wait. */
async function refuseWhileThrottled(db: Db, identity: string): Promise<void> {
  const wait = await loginWaitMs(db, identity);
  if (wait > 0) throw new ApiError(429, THROTTLED_MSG, { time_left: wait });
}

/** Opens a session and records the sign-in; a new login replaces the session this browser had, if any. */
async function signIn(
  c: ApiContext,
  route: "/userRoute/login" | "/userRoute/login_second_factor",
  member: { id: string; email: string; language?: Locale | null },
  remember: boolean,
  secondFactor = false,
) {
  const db = c.var.deps.db;
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await revokeSession(db, previous);
  const origin = signInOrigin(c);
  const session = await createSession(db, member.id, remember, new Date(), {
    secondFactor,
    origin,
    signIn: "login",
  });
  await recordSignInOrigin(c, member.id, "login", origin);
  setSessionCookie(c, session.token, remember);
  if (member.language) setLanguageCookie(c, member.language);
  return okWrite(c, route, "Login Success!", { user: member.email });
}

/**
 * The language a sign-up stores (issue 23): the switch's choice, else what the browser asked for;
 * none when the request said neither (a client without Accept-Language), so the member's browser
 * keeps choosing for them until they pick.
 */
function signUpLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Locale | null {
  return cookieLocale(cookie) ?? (acceptLanguage ? requestLocale({ acceptLanguage }) : null);
}

/**
 * Sign-up's privacy answers (issue 44): the current notice's version accepted, the age answer the
 * owner's check asks; `refused` with the field's message, or whether the person is an adult.
 */
async function signUpPrivacy(
  db: Db,
  input: z.output<typeof SignUpInput>,
  now: Date,
  ip: string,
): Promise<{ refused: string } | { adult: boolean; answers: PrivacyAnswers }> {
  try {
    assertCurrentNotice(input.privacy_notice_version);
    const age = readAgeAnswer(await ageCheck(db), input, now);
    return {
      adult: age.adult,
      answers: { optional: { marketing_mail: input.marketing_mails === true }, age: age.answer, ip, now },
    };
  } catch (e) {
    if (e instanceof DomainError) return { refused: e.message };
    throw e;
  }
}

export function userRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/userWebstatisticsGet", async (c) =>
    okRead(c, "/userRoute/userWebstatisticsGet", await publicStatistics(c.var.deps.db)),
  );

  r.post("/login", async (c) => {
    const deps = c.var.deps;
    const input = await readFields(c, LoginInput);
    const identity = normalizeIdentifier(input.email_userName);
    const ip = clientIp(c);
    await deps.limiter.consume("login", `${ip}|${identity}`);
    await deps.limiter.check("loginFailures", ip);
    if (!(await verifyHumanCheck(deps, input.human_check)))
      throw new DomainError("human_check_failed", HUMAN_CHECK_FAILED);
    await refuseWhileThrottled(deps.db, identity);
    const member = await authenticate(deps.db, input.email_userName, input.password);
    if (!member) {
      await deps.limiter.record("loginFailures", ip);
      await recordLoginFailure(deps.db, identity);
      throw new DomainError("invalid_credentials", "Invalid details");
    }
    // Told only to whoever knows the password: the account is closed, and how to appeal.
    if (member.bannedAt) throw accountClosed();
    if (member.role === "operator") {
      // The password alone never opens an operator session.
      if (!member.totpSecret) throw new DomainError("forbidden", SECOND_FACTOR_MESSAGES.notSetUp);
      const ticket = await issueSecondFactorTicket(deps.db, member.id);
      throw new DomainError("second_factor_required", SECOND_FACTOR_MESSAGES.required, {
        second_factor_ticket: ticket,
      });
    }
    await clearLoginFailures(deps.db, identity);
    return signIn(c, "/userRoute/login", member, input.loginRemember_state);
  });

  r.post("/login_second_factor", async (c) => {
    const deps = c.var.deps;
    const input = await readFields(c, SecondFactorInput);
    const ip = clientIp(c);
    await deps.limiter.consume("login", `${ip}|second-factor`);
    await deps.limiter.check("loginFailures", ip);
    const holder = await ticketHolder(deps.db, input.ticket);
    if (!holder) throw new ApiError(401, SECOND_FACTOR_MESSAGES.expiredTicket, {}, "invalid_token");
    await refuseWhileThrottled(deps.db, holder);
    const result = await completeSecondFactor(deps.db, input.ticket, input.code);
    if (!result.ok) {
      if (result.reason === "ticket")
        throw new ApiError(401, SECOND_FACTOR_MESSAGES.expiredTicket, {}, "invalid_token");
      await deps.limiter.record("loginFailures", ip);
      await recordLoginFailure(deps.db, holder);
      throw new DomainError("invalid_credentials", SECOND_FACTOR_MESSAGES.invalidCode);
    }
    const [member] = await deps.db.select().from(users).where(eq(users.id, result.userId));
    if (!member) throw new ApiError(401, SECOND_FACTOR_MESSAGES.expiredTicket, {}, "invalid_token");
    await clearLoginFailures(deps.db, member.emailKey);
    await clearLoginFailures(deps.db, member.userName);
    return signIn(c, "/userRoute/login_second_factor", member, input.loginRemember_state, true);
  });

  r.post("/signUp", async (c) => {
    const deps = c.var.deps;
    await deps.limiter.consume("signUp", clientIp(c));
    const parsed = SignUpInput.safeParse(await readObjAt(c, "/userRoute/signUp", z.unknown()));
    if (!parsed.success) return fieldErrors(c, signUpErrors(parsed.error));
    const input = parsed.data;
    // Issue 44: the notice accepted and an adult's age answer, before the human check spends a token.
    const privacy = await signUpPrivacy(deps.db, input, deps.clock(), clientIp(c));
    if ("refused" in privacy) return fieldErrors(c, [{ msg: privacy.refused }]);
    if (!(await verifyHumanCheck(deps, input.human_check)))
      throw new DomainError("human_check_failed", HUMAN_CHECK_FAILED);
    if (!privacy.adult) throw new DomainError("forbidden", PRIVACY_MESSAGES.underAge);
    const origin = signInOrigin(c);
    try {
      const member = await registerMember(deps.db, {
        name: input.name,
        email: input.email_address,
        mobileNumber: input.mobile_number,
        password: input.password,
        referrerUserName: input.refer_by,
        signIn: origin,
        language: signUpLanguage(c.req.header("cookie"), c.req.header("accept-language")),
        privacy: privacy.answers,
        // The one-account rule (the operator's risk policy): refused before anything is written.
        admit: () => enforceOneAccountRule(deps.db, origin.deviceId ?? null),
      });
      await recordSignInOrigin(c, member.id, "signup", origin);
      // The account exists either way: a verification mail that fails is logged, not reported.
      await sendVerificationMail(deps.db, deps.mailer, {
        userId: member.id,
        origin: publicOrigin(deps.config),
        siteName: deps.config.SITE_NAME,
      }).catch((e: unknown) => log.error({ err: e }, "Sign-up verification mail not sent"));
      return okWrite(c, "/userRoute/signUp", "user registered successfully!", { user: member.email });
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
      origin: publicOrigin(deps.config),
      siteName: deps.config.SITE_NAME,
    }).catch((e: unknown) => {
      if (!(e instanceof MailDeliveryError)) throw e;
      log.error({ err: e.cause ?? e }, "sign-up: the verification mail could not be sent");
      throw new DomainError("unavailable", MAIL_FAILED);
    });
    if (!result.sent)
      throw new DomainError("too_soon", RESET_WAIT_MSG, {
        msg: RESET_WAIT_MSG,
        time_left: result.timeLeftMs,
      });
    return okWrite(
      c,
      "/userRoute/userLoginforgot_password_send_mail",
      "Password reset link sent successfully.",
    );
  });

  r.get("/verify_reset_token", async (c) => {
    if (!(await isResetTokenValid(c.var.deps.db, queryText(c, "token"))))
      throw new DomainError("invalid_token", TOKEN_FAILED);
    return okRead(c, "/userRoute/verify_reset_token", "Token verified");
  });

  r.post("/reset_password_form_post", async (c) => {
    const input = await readFields(c, ResetInput);
    if (!(await resetPassword(c.var.deps.db, input.token, input.password)))
      throw new DomainError("invalid_token", TOKEN_FAILED);
    return okWrite(c, "/userRoute/reset_password_form_post", "Password reset successfully.");
  });

  r.get("/verify_email_token", async (c) => {
    if (!(await verifyEmailToken(c.var.deps.db, queryText(c, "token"))))
      throw new ApiError(400, TOKEN_FAILED);
    return okRead(c, "/userRoute/verify_email_token", EMAIL_VERIFIED);
  });

  r.get("/verify_reset_email_token", async (c) => {
    const deps = c.var.deps;
    const result = await applyEmailChange(deps.db, deps.mailer, {
      token: queryText(c, "token"),
      email: queryText(c, "email"),
      siteName: deps.config.SITE_NAME,
    });
    if (result === "invalid") throw new DomainError("invalid_token", TOKEN_FAILED);
    if (result === "taken")
      throw new DomainError(
        "email_in_use",
        "The new email is already in use. Please choose a different email.",
      );
    return okRead(c, "/userRoute/verify_reset_email_token", "Email updated successfully.");
  });

  r.post("/logout", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await revokeSession(c.var.deps.db, token);
    clearSessionCookie(c);
    return okWrite(c, "/userRoute/logout", "LogOut success!");
  });

  // Conditional: answers 304 to If-None-Match with the current tag, and HEAD with the tag alone.
  r.get("/userDataGet_dashboard", requireMember, async (c) => {
    const now = new Date();
    // A held task-wall credit whose hold ended changes the balances the kept page shows.
    const released = await releaseDueCredits(c.var.deps.db, { userId: c.var.member.id, now });
    const tag = dashboardTag(c.var.member, now);
    if (released === 0) {
      c.header("ETag", tag);
      if (matchesTag(c.req.header("if-none-match"), tag)) return c.body(null, 304);
    }
    if (c.req.method === "HEAD") return c.body(null, 200);
    return okRead(
      c,
      "/userRoute/userDataGet_dashboard",
      await memberDashboard(c.var.deps.db, c.var.member, now, contentLocale(c)),
    );
  });

  // What the operators' restrictions mean for the member, for the pages' notices (withdraw, earning pages).
  r.get("/userRestrictions_get", requireMember, async (c) =>
    okRead(c, "/userRoute/userRestrictions_get", await memberRestrictions(c.var.deps.db, c.var.member.id)),
  );

  return r;
}
