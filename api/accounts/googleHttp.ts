import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import * as client from "openid-client";
import { z } from "zod";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Deps } from "../deps";
import type { ApiEnv } from "../http";
import { ApiError, clientIp, fail, fromWebTier, okRead, parseWith } from "../http";
import { DomainError } from "../lib/errors";
import { users } from "../db/schema";
import { EMAIL_MAX_LENGTH } from "../../shared/fields";
import { createMember, emailKey, normalizeIdentifier } from "./accounts";
import { isUniqueViolation } from "../db/errors";
import { accountClosed, createSession, revokeSession, SESSION_COOKIE } from "../sessions/sessions";
import { recordSignInOrigin, signInOrigin } from "./signInHttp";
import { enforceOneAccountRule } from "../risk/policy";
import { setSessionCookie } from "./sessionCookieHttp";
import { log } from "../../shared/log.server";

/**
 * Google sign-in and sign-up through the OAuth authorization-code flow with PKCE (docs/api/humanCheck.md,
 * "Google sign-in"). The web tier owns the browser side (state, PKCE verifier, redirects); this
 * endpoint builds the provider's authorization URL and, after the member comes back, exchanges the
 * code for a verified ID token and signs them in.
 */
export const GOOGLE_SCOPES = "openid profile email";
export const MISSING_CREDENTIALS = "Missing credentials";
export const LOGIN_WITH_PASSWORD = "Please Login With Password";
export const OPERATOR_PASSWORD_ONLY = "Operators sign in with their password and authenticator code.";
export const WEB_TIER_ONLY = "Google sign-in completes through the site's own sign-in page.";
const SIGN_IN_FAILED = "Google sign-in failed. Please try again.";
const UNAVAILABLE = "Google sign-in is unavailable right now. Please try again later.";

const AuthorizeQuery = z
  .object({
    redirect_uri: z.string().url("Invalid redirect_uri.").max(500),
    // The web tier's random state is base64url: nothing else is a state of ours.
    state: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, "Invalid state."),
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Invalid code_challenge."),
  })
  .strict();

const CallbackQuery = z
  .object({
    google_code: z.string().max(2_000),
    redirect_uri: z.string().url("Invalid redirect_uri.").max(500),
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, "Invalid code_verifier."),
    /** The authorization response's `iss` (RFC 9207), when the provider sends one. */
    iss: z.string().max(500).optional(),
    userAlreadyHaveAccount_state: z.literal("true").optional(),
    referral_id_signup: z.string().max(64).optional(),
    /** Sent by the spec's client; the ID token's verified e-mail is what counts. */
    userEmail: z.string().max(EMAIL_MAX_LENGTH).optional(),
  })
  .strict();

/** Discovery is fetched once per issuer and client; a failure is not remembered, so the next request retries. */
const configurations = new Map<string, Promise<client.Configuration>>();

function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
}

function providerConfiguration(deps: Deps): Promise<client.Configuration> {
  const {
    GOOGLE_ISSUER: issuer,
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
  } = deps.config;
  const key = `${issuer}|${clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const url = new URL(issuer);
    // Plain http only for a provider on this machine (tests, local development).
    const execute = isLocalHttp(url) ? [client.allowInsecureRequests] : [];
    found = client.discovery(url, clientId!, clientSecret!, client.ClientSecretPost(clientSecret), {
      execute,
      timeout: 10,
    });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

async function configurationOrFail(deps: Deps): Promise<client.Configuration> {
  try {
    return await providerConfiguration(deps);
  } catch (e) {
    log.error({ err: e }, "Google sign-in: discovery failed");
    throw new ApiError(502, UNAVAILABLE);
  }
}

interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
}

/** The member's verified identity: from the ID token, or from the userinfo endpoint when the token carries only `sub`. */
async function exchangeCode(deps: Deps, q: z.infer<typeof CallbackQuery>): Promise<GoogleProfile> {
  const config = await configurationOrFail(deps);
  const currentUrl = new URL(q.redirect_uri);
  currentUrl.search = "";
  currentUrl.searchParams.set("code", q.google_code);
  if (q.iss) currentUrl.searchParams.set("iss", q.iss);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: q.code_verifier,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (typeof claims.email !== "string" && typeof claims.sub === "string") {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    }
  } catch (e) {
    // A wrong, reused or expired code, or a bad verifier: the provider's answer, not our fault.
    log.warn({ err: e instanceof Error ? e.message : e }, "Google sign-in: code exchange refused");
    throw new ApiError(400, SIGN_IN_FAILED);
  }
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!sub || !email) throw new ApiError(400, SIGN_IN_FAILED);
  if (claims.email_verified !== true && claims.email_verified !== "true") {
    throw new ApiError(400, "Your Google account's e-mail address is not verified.");
  }
  const name = (typeof claims.name === "string" && claims.name.trim()) || email.split("@")[0] || "Member";
  return { sub, email, name: name.slice(0, 100) };
}

type Member = typeof users.$inferSelect;

async function findBy(deps: Deps, column: PgColumn, value: string): Promise<Member | null> {
  return (await deps.db.select().from(users).where(eq(column, value)))[0] ?? null;
}

/**
 * An operator's session needs the password and the authenticator code (POST /userRoute/login, then
 * /login_second_factor): Google alone would skip the second factor, so it never opens one — also
 * for a member promoted to operator after linking Google.
 */
function refuseOperator(member: Member): Member {
  if (member.role === "operator") throw new DomainError("login_with_password", OPERATOR_PASSWORD_ONLY);
  return member;
}

/**
 * Which member this Google identity is. Login and sign-up both end signed in, except a sign-up
 * for an e-mail already registered with a password (the spec's 'Please Login With Password').
 * A login with an unknown e-mail creates the member, as a sign-up without a referrer would:
 * the one endpoint serves both buttons, and the member has proved the address through Google.
 */
async function resolveMember(
  deps: Deps,
  profile: GoogleProfile,
  signUp: { referrer: string } | null,
  deviceId: string | null,
): Promise<Member> {
  const bySub = await findBy(deps, users.googleSub, profile.sub);
  if (bySub) return refuseOperator(bySub);
  const key = emailKey(profile.email);
  const byEmail = await findBy(deps, users.emailKey, key);
  if (byEmail) {
    // Before anything is linked: an operator's account never takes a Google identity.
    refuseOperator(byEmail);
    if (signUp && byEmail.passwordHash) throw new DomainError("login_with_password", LOGIN_WITH_PASSWORD);
    if (byEmail.googleSub && byEmail.googleSub !== profile.sub) {
      throw new ApiError(409, "This e-mail is linked to another Google account.");
    }
    // A password account whose address was never proved may have been registered by someone
    // else with this address, waiting for its owner to link Google into their hands.
    if (byEmail.passwordHash && !byEmail.emailVerifiedAt)
      throw new DomainError("login_with_password", LOGIN_WITH_PASSWORD);
    // The address is the member's (Google verified it); remember the Google account for next time.
    if (!byEmail.googleSub)
      await deps.db.update(users).set({ googleSub: profile.sub }).where(eq(users.id, byEmail.id));
    return byEmail;
  }
  let referredBy: string | null = null;
  if (signUp?.referrer) {
    // An unknown referrer does not block joining: the member simply has none.
    referredBy = (await findBy(deps, users.userName, normalizeIdentifier(signUp.referrer)))?.id ?? null;
  }
  // A new account: the one-account rule (the operator's risk policy) decides first.
  await enforceOneAccountRule(deps.db, deviceId);
  try {
    const created = await createMember(deps.db, {
      name: profile.name,
      email: profile.email,
      emailVerified: true,
      mobileNumber: null,
      passwordHash: null,
      googleSub: profile.sub,
      referredBy,
    });
    return (await findBy(deps, users.id, created.id))!;
  } catch (e) {
    // The same person signing in twice at once: the other request created the member.
    if (!isUniqueViolation(e)) throw e;
    const again =
      (await findBy(deps, users.googleSub, profile.sub)) ?? (await findBy(deps, users.emailKey, key));
    if (!again) throw e;
    return again;
  }
}

/** GET /userRoute/user_signUp_login_google — Google sign-in and sign-up through the OAuth code flow. */
export async function googleSignIn(c: Context<ApiEnv>) {
  const deps = c.var.deps;
  if (!deps.config.googleEnabled) return fail(c, 404, "Google sign-in is not configured.");
  const query = c.req.query();

  // Step 1 (no code yet): where to send the browser.
  if (query.google_code === undefined && query.code_challenge !== undefined) {
    const q = parseWith(AuthorizeQuery, query);
    const config = await configurationOrFail(deps);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: q.redirect_uri,
      scope: GOOGLE_SCOPES,
      response_type: "code",
      state: q.state,
      code_challenge: q.code_challenge,
      code_challenge_method: "S256",
    });
    return okRead(c, "/userRoute/user_signUp_login_google", { authorization_url: url.href });
  }

  // Step 2: the member is back with a code. Only the web tier's callback, which has checked the
  // flow's state against its cookie, may exchange it: called directly, anyone could sign a
  // victim's browser into the caller's account (login CSRF) with a code of their own.
  if (!fromWebTier(c)) return fail(c, 403, WEB_TIER_ONLY);
  if (!query.google_code) return fail(c, 400, MISSING_CREDENTIALS);
  const q = parseWith(CallbackQuery, query);
  await deps.limiter.consume("login", `${clientIp(c)}|google`);
  const profile = await exchangeCode(deps, q);
  const signUp =
    q.userAlreadyHaveAccount_state === "true" ? null : { referrer: q.referral_id_signup?.trim() ?? "" };
  const origin = signInOrigin(c);
  const member = await resolveMember(deps, profile, signUp, origin.deviceId ?? null);
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await revokeSession(deps.db, previous);
  // A closed account is refused before the session (createSession checks again under the row's lock).
  if (member.bannedAt) throw accountClosed();
  const session = await createSession(deps.db, member.id, false, new Date(), {
    origin,
    signIn: "google",
  });
  await recordSignInOrigin(c, member.id, "google", origin);
  setSessionCookie(c, session.token, false);
  return okRead(c, "/userRoute/user_signUp_login_google", "Login Success!", { user: member.email });
}
