import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens, users } from "../db/schema";
import { hashToken, newToken } from "../lib/ids";
import { escapeHtml, type Mailer } from "../lib/mailer";
import { liveToken } from "./passwordReset";

/**
 * Proving the mailbox after sign-up. It does not block logging in; it is what lets a Google
 * account with the same address be linked to the password account (api/accounts/googleHttp.ts).
 */
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** Sends the sign-up verification link (single-use, stored hashed, valid for 24 hours). */
export async function sendVerificationMail(
  db: Db,
  mailer: Mailer,
  input: { userId: string; origin: string; siteName: string },
): Promise<void> {
  const [member] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member) return;
  const token = newToken();
  const now = Date.now();
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: "email_verify",
    tokenHash: hashToken(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + EMAIL_VERIFY_TTL_MS),
  });
  const link = `${input.origin}/verify-email/${token}`;
  await mailer.send({
    to: member.email,
    subject: `Confirm your e-mail address for ${input.siteName}`,
    secrets: [token],
    text: [
      `Hello ${member.name},`,
      `Welcome to ${input.siteName}. Open this link within 24 hours to confirm that this address is yours:`,
      link,
      "If you did not sign up, ignore this e-mail.",
    ].join("\n\n"),
    html:
      `<p>Hello ${escapeHtml(member.name)},</p>` +
      `<p>Welcome to ${escapeHtml(input.siteName)}. Open this link within 24 hours to confirm that this address is yours:</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>If you did not sign up, ignore this e-mail.</p>`,
  });
}

/** Spends a verification link and marks the address verified; false for a spent, expired or unknown link. */
export async function verifyEmailToken(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(liveToken(token, "email_verify"))
      .returning({ userId: accountTokens.userId });
    if (!spent) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, spent.userId));
    return true;
  });
}
