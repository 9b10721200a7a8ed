import { randomBytes } from "node:crypto";
import type { Locale } from "../../shared/i18n/locale";
import { hash, verify } from "@node-rs/argon2";
import { eq, like } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { newId } from "../lib/ids";
import { openMemberAccounts } from "../ledger/ledger";
import { normalizeIdentifier } from "../../shared/fields";
import { isUniqueViolation } from "../db/errors";
import type { OperatorRole } from "../../shared/operatorRoles";
import { recordSignIn, type SignInOrigin } from "../sessions/sessions";
import { recordSignUpPrivacy, type PrivacyAnswers } from "../privacy/consent";

/**
 * The identity: identifiers are compared in one normal form: trimmed, lower-case, and with the
 * dots of an e-mail's local part (or of a username) removed — the spec's client strips them before
 * sending. It decides who logs in and what counts as already registered (users.email_key), never
 * where mail goes: most providers treat `a.lice@` and `alice@` as different mailboxes.
 */
export { normalizeIdentifier };

/** The mailbox: the address as typed, trimmed, with its domain lower-cased (the local part may be case-sensitive). */
export function normalizeEmail(raw: string): string {
  const v = raw.trim();
  const at = v.lastIndexOf("@");
  return at < 0 ? v : v.slice(0, at) + v.slice(at).toLowerCase();
}

/** The identity of an e-mail address (users.email_key). */
export const emailKey = normalizeIdentifier;

export async function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id.
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A free username from the e-mail's local part: `ravi`, then `ravi1`, `ravi2`… */
async function freeUserName(db: Db | Tx, email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "member").replace(/[^a-z0-9_]/g, "").slice(0, 24) || "member";
  const taken = new Set(
    (
      await db
        .select({ u: users.userName })
        .from(users)
        .where(like(users.userName, `${base}%`))
    ).map((r) => r.u),
  );
  if (!taken.has(base)) return base;
  for (let i = 1; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

export interface NewMember {
  name: string;
  email: string;
  mobileNumber?: number | null;
  password?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  referredBy?: string | null;
  role?: "member" | "operator";
  /** An operator's roles; an operator created without them is an owner. */
  operatorRoles?: OperatorRole[];
  emailVerified?: boolean;
  createdAt?: Date;
  /** A sign-up from a browser: recorded in the member's sign-ins, in the same transaction. */
  signIn?: SignInOrigin;
  /** The language the member signed up in (pages and mails, issue 23). */
  language?: Locale | null;
  /** Issue 44: the privacy notice accepted and the age answer, recorded in the same transaction. */
  privacy?: PrivacyAnswers;
}

/** Creates a member with their two ledger accounts, in one transaction. */
export async function createMember(
  db: Db,
  input: NewMember,
): Promise<{ id: string; userName: string; email: string }> {
  const email = normalizeEmail(input.email);
  const key = emailKey(input.email);
  const passwordHash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
  return db.transaction(async (tx) => {
    const id = newId();
    const userName = await freeUserName(tx, key);
    await tx.insert(users).values({
      id,
      name: input.name.trim(),
      userName,
      email,
      emailKey: key,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      mobileNumber: input.mobileNumber ?? null,
      passwordHash,
      googleSub: input.googleSub ?? null,
      referredBy: input.referredBy ?? null,
      language: input.language ?? null,
      role: input.role ?? "member",
      operatorRoles: input.role === "operator" ? (input.operatorRoles ?? ["owner"]) : [],
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    });
    await openMemberAccounts(tx, id);
    if (input.signIn) await recordSignIn(tx, id, "signup", input.signIn, input.createdAt);
    if (input.privacy) await recordSignUpPrivacy(tx, id, input.privacy, input.createdAt);
    return { id, userName, email };
  });
}

export async function findMemberByIdentifier(db: Db, identifier: string) {
  const n = normalizeIdentifier(identifier);
  const column = n.includes("@") ? users.emailKey : users.userName;
  const rows = await db.select().from(users).where(eq(column, n));
  return rows[0] ?? null;
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks an identifier (e-mail or username) and password. An unknown identifier or an account
 * without a password still costs one argon2 verification, so the answer's timing does not tell
 * which identifiers exist.
 */
export async function authenticate(db: Db, identifier: string, password: string) {
  const member = await findMemberByIdentifier(db, identifier);
  if (!member?.passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(member.passwordHash, password)) ? member : null;
}

export class AlreadyRegisteredError extends Error {}
export class UnknownReferrerError extends Error {}

/**
 * Sign-up with a password. The referrer is named by userName; the new member records the
 * referrer's id. A concurrent second sign-up with the same e-mail meets the unique index and is
 * reported as already registered.
 */
export async function registerMember(
  db: Db,
  input: {
    name: string;
    email: string;
    mobileNumber: number;
    password: string;
    referrerUserName?: string;
    signIn?: SignInOrigin;
    language?: Locale | null;
    privacy?: PrivacyAnswers;
    /**
     * Last check before the account is made (after the referrer and already-registered checks,
     * before any write): throws to refuse the sign-up (the one-account rule, api/risk/links.ts).
     */
    admit?: () => Promise<void>;
  },
): Promise<{ id: string; userName: string; email: string }> {
  const key = emailKey(input.email);
  let referredBy: string | null = null;
  if (input.referrerUserName !== undefined) {
    const ref = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, normalizeIdentifier(input.referrerUserName)));
    if (!ref[0]) throw new UnknownReferrerError();
    referredBy = ref[0].id;
  }
  if ((await db.select({ id: users.id }).from(users).where(eq(users.emailKey, key))).length > 0)
    throw new AlreadyRegisteredError();
  await input.admit?.();
  const passwordHash = await hashPassword(input.password);
  // A username picked at the same moment by another sign-up collides on its unique index: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await createMember(db, {
        name: input.name,
        email: input.email,
        mobileNumber: input.mobileNumber,
        passwordHash,
        referredBy,
        signIn: input.signIn,
        language: input.language,
        privacy: input.privacy,
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      if ((await db.select({ id: users.id }).from(users).where(eq(users.emailKey, key))).length > 0)
        throw new AlreadyRegisteredError();
      if (attempt >= 3) throw e;
    }
  }
}
