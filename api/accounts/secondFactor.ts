import { and, eq, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../db/client";
import { accountTokens, users } from "../db/schema";
import { hashToken, newToken } from "../lib/ids";
import { liveToken } from "./passwordReset";

/**
 * Operators' second factor: TOTP (RFC 6238; 6 digits, 30-second steps, SHA-1, as authenticator
 * apps expect). A code is accepted one step either side of now for clock drift, and each step
 * works once per operator (users.totp_last_step only moves forward), so a code seen over a
 * shoulder or in a log cannot be replayed.
 *
 * Between the password and the code the member holds a ticket: single-use, stored hashed,
 * valid for SECOND_FACTOR_TTL_MS. No session exists until the code is right.
 */
export const SECOND_FACTOR_TTL_MS = 5 * 60 * 1000;
export const TOTP_PERIOD_S = 30;
const TOTP_TOLERANCE_S = TOTP_PERIOD_S;

export const SECOND_FACTOR_MESSAGES = {
  required: "Enter the 6-digit code from your authenticator app.",
  invalidCode: "Invalid code.",
  expiredTicket: "Your sign-in has expired. Please log in again.",
  notSetUp:
    "This operator account has no authenticator set up. Run `npm run operator:create -- --email <email> --password <password>` to set one up.",
} as const;

/** A new base32 secret (20 random bytes). */
export function newTotpSecret(): string {
  return generateSecret();
}

const BASE32 = /^[A-Z2-7]{32,}=*$/;

/** A secret given to the operator command: base32, at least 160 bits (as generated ones are). */
export function isUsableTotpSecret(secret: string): boolean {
  return BASE32.test(secret);
}

/** The otpauth:// URI an authenticator app scans (or reads) to set the account up. */
export function totpUri(input: { secret: string; account: string; issuer: string }): string {
  return generateURI({ issuer: input.issuer, label: input.account, secret: input.secret });
}

/** Issues the ticket that stands between a correct password and the code. */
export async function issueSecondFactorTicket(db: Db, userId: string): Promise<string> {
  const ticket = newToken();
  const now = Date.now();
  await db.insert(accountTokens).values({
    userId,
    purpose: "second_factor",
    tokenHash: hashToken(ticket),
    createdAt: new Date(now),
    expiresAt: new Date(now + SECOND_FACTOR_TTL_MS),
  });
  return ticket;
}

/** The identity (email_key) of a live ticket's holder, for the login throttle; null for a dead ticket. */
export async function ticketHolder(db: Db, ticket: string): Promise<string | null> {
  if (!ticket) return null;
  const [found] = await db
    .select({ emailKey: users.emailKey })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(liveToken(ticket, "second_factor"));
  return found?.emailKey ?? null;
}

export type SecondFactorResult =
  { ok: true; userId: string } | { ok: false; reason: "ticket" | "code"; userId?: string; identity?: string };

/**
 * Checks a ticket and a code. A right code spends the ticket and the code's time step in one
 * transaction; a wrong one leaves the ticket for another try (the login throttle counts it).
 */
export async function completeSecondFactor(
  db: Db,
  ticket: string,
  code: string,
): Promise<SecondFactorResult> {
  if (!ticket) return { ok: false, reason: "ticket" };
  const [found] = await db
    .select({
      userId: users.id,
      secret: users.totpSecret,
      lastStep: users.totpLastStep,
      emailKey: users.emailKey,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(liveToken(ticket, "second_factor"));
  if (!found) return { ok: false, reason: "ticket" };
  const miss = {
    ok: false as const,
    reason: "code" as const,
    userId: found.userId,
    identity: found.emailKey,
  };
  if (!found.secret || !/^\d{6}$/.test(code)) return miss;
  let step: number;
  try {
    const result = await verify({
      secret: found.secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_S,
      ...(found.lastStep === null ? {} : { afterTimeStep: found.lastStep }),
    });
    if (!result.valid || !("timeStep" in result)) return miss;
    step = result.timeStep;
  } catch {
    return miss;
  }
  try {
    return await db.transaction(async (tx) => {
      // Conditional on the step moving forward: two requests with one code, one wins.
      const [spentStep] = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, found.userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      if (!spentStep) throw new SecondFactorMiss(miss);
      const [spentTicket] = await tx
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(liveToken(ticket, "second_factor"))
        .returning({ id: accountTokens.id });
      if (!spentTicket) throw new SecondFactorMiss({ ok: false, reason: "ticket" });
      return { ok: true as const, userId: found.userId };
    });
  } catch (e) {
    if (e instanceof SecondFactorMiss) return e.result;
    throw e;
  }
}

/** Rolls the transaction back (nothing spent) and carries the answer out. */
class SecondFactorMiss extends Error {
  constructor(public result: SecondFactorResult) {
    super("second factor refused");
  }
}
