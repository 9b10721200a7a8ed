import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens, sessions, users } from "../db/schema";
import { hashToken, newToken } from "../lib/ids";
import { escapeHtml, type Mailer } from "../site/mailer";
import { mailWords, type MailWords } from "../lib/mailWords";
import { emailKey, hashPassword, normalizeEmail } from "./accounts";
import { isUniqueViolation } from "../db/errors";
import { getSetting } from "../site/settings";
import { log } from "../../shared/log.server";
import { logCorrections } from "../members/corrections";

/**
 * Password reset and e-mail change links. Tokens are random, stored only as a hash, expire after
 * an hour and are spent by one conditional update (`where used_at is null`), so a link opened
 * twice at the same moment has one effect.
 */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The mail server refused or could not be reached; nothing was recorded. */
export class MailDeliveryError extends Error {}

export type ResetRequestResult = { sent: true } | { sent: false; timeLeftMs: number };

/**
 * Sends a reset link to a registered address. An unknown address records nothing and reports
 * success, so the answer does not reveal who is registered. A repeat for a registered address
 * inside the wait (setting password_reset_wait_ms) reports the time left instead of sending;
 * the wait is measured from that member's latest reset token.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  input: { email: string; origin: string; siteName: string },
): Promise<ResetRequestResult> {
  const key = emailKey(input.email);
  const waitMs = await getSetting(db, "password_reset_wait_ms");
  const token = newToken();
  const issued = await db.transaction(async (tx) => {
    // Locking the member's row makes two simultaneous requests take turns, so only one sends.
    const [member] = await tx
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.emailKey, key))
      .for("update");
    if (!member) return { kind: "unknown" as const };
    const [latest] = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, member.id), eq(accountTokens.purpose, "password_reset")))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    const now = Date.now();
    if (latest && now - latest.createdAt.getTime() < waitMs) {
      return { kind: "wait" as const, timeLeftMs: latest.createdAt.getTime() + waitMs - now };
    }
    // Only the newest link works: earlier unused ones are spent.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(accountTokens.userId, member.id),
          eq(accountTokens.purpose, "password_reset"),
          isNull(accountTokens.usedAt),
        ),
      );
    const [row] = await tx
      .insert(accountTokens)
      .values({
        userId: member.id,
        purpose: "password_reset",
        tokenHash: hashToken(token),
        expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
        createdAt: new Date(now),
      })
      .returning({ id: accountTokens.id });
    return {
      kind: "issued" as const,
      tokenId: row!.id,
      name: member.name,
      email: member.email,
      language: member.language,
    };
  });
  if (issued.kind === "unknown") return { sent: true };
  if (issued.kind === "wait") return { sent: false, timeLeftMs: issued.timeLeftMs };

  const link = `${input.origin}/password-reset-form/${token}`;
  const words = mailWords(issued.language);
  try {
    await mailer.send({
      to: issued.email,
      subject: words.reset.subject,
      secrets: [token],
      text: [
        words.hello(issued.name),
        "",
        words.reset.request(input.siteName),
        words.reset.openWithin,
        "",
        link,
        "",
        words.reset.ignore,
      ].join("\n"),
      html:
        `<p>${words.hello(escapeHtml(issued.name))}</p>` +
        `<p>${words.reset.request(escapeHtml(input.siteName))} ` +
        `${words.reset.openWithin}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
        `<p>${words.reset.ignore}</p>`,
    });
  } catch (e) {
    // No mail went out: drop the token so the member is not made to wait for a link they never got.
    await db.delete(accountTokens).where(eq(accountTokens.id, issued.tokenId));
    throw new MailDeliveryError("Password reset mail not sent", { cause: e });
  }
  return { sent: true };
}

type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

export function liveToken(token: string, purpose: TokenPurpose) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );
}

export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const rows = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(liveToken(token, "password_reset"));
  return rows.length > 0;
}

class TokenSpent extends Error {}

/**
 * Sets the new password and spends the token in one transaction, then ends every session of the
 * member (a reset is what someone does when they fear another has their password).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  if (!token) return false;
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(liveToken(token, "password_reset"))
        .returning({ userId: accountTokens.userId });
      if (!spent) throw new TokenSpent();
      await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
      await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    });
    return true;
  } catch (e) {
    if (e instanceof TokenSpent) return false;
    throw e;
  }
}

export type EmailChangeResult = "updated" | "invalid" | "taken";

/**
 * Applies a verified e-mail change: the link's token must be live and name this new address.
 * Opening the link proves the new mailbox, so it is marked verified; the old address is told.
 */
export async function applyEmailChange(
  db: Db,
  mailer: Mailer,
  input: { token: string; email: string; siteName: string },
): Promise<EmailChangeResult> {
  if (!input.token || !input.email) return "invalid";
  let email = normalizeEmail(input.email);
  class Outcome extends Error {
    constructor(public result: EmailChangeResult) {
      super(result);
    }
  }
  let previous: { email: string; name: string; language: string | null };
  try {
    previous = await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(liveToken(input.token, "email_change"))
        .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
      // The link names the address it was sent to; the address stored is the one requested.
      if (!spent?.newEmail || emailKey(spent.newEmail) !== emailKey(input.email))
        throw new Outcome("invalid");
      email = spent.newEmail;
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.emailKey, emailKey(email)), ne(users.id, spent.userId)));
      // Throwing rolls the token back too: the link stays usable if the address frees up.
      if (taken.length > 0) throw new Outcome("taken");
      const [before] = await tx
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.id, spent.userId))
        .for("update");
      await tx
        .update(users)
        .set({ email, emailKey: emailKey(email), emailVerifiedAt: new Date() })
        .where(eq(users.id, spent.userId));
      // The correction is logged, masked (issue 44 §2).
      await logCorrections(tx, {
        userId: spent.userId,
        actorUserId: spent.userId,
        before: { email: before!.email },
        after: { email },
      });
      return before!;
    });
  } catch (e) {
    if (e instanceof Outcome) return e.result;
    if (isUniqueViolation(e)) return "taken";
    throw e;
  }
  if (previous.email !== email) {
    const words = mailWords(previous.language);
    await sendNotice(mailer, {
      to: previous.email,
      name: previous.name,
      words,
      subject: words.emailChanged.subject(input.siteName),
      lines: [words.emailChanged.changedTo(input.siteName, email), words.emailChanged.ifNotYou],
    });
  }
  return "updated";
}

/**
 * A security notice (no link, nothing secret). It is sent after the change is made: a mail
 * server that is down must not undo or block the member's own action, so a failure is logged.
 */
export async function sendNotice(
  mailer: Mailer,
  notice: { to: string; name: string; words: MailWords; subject: string; lines: string[] },
): Promise<void> {
  try {
    await mailer.send({
      to: notice.to,
      subject: notice.subject,
      text: [notice.words.hello(notice.name), ...notice.lines].join("\n\n"),
      html:
        `<p>${notice.words.hello(escapeHtml(notice.name))}</p>` +
        notice.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
    });
  } catch (e) {
    log.error({ err: e }, `Notice "${notice.subject}" not sent`);
  }
}
