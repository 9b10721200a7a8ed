import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens, users } from "../db/schema";
import { hashToken, newToken } from "../lib/ids";
import { escapeHtml, type Mailer } from "../site/mailer";
import { mailWords } from "../lib/mailWords";
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
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member) return;
  const words = mailWords(member.language);
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
    subject: words.verify.subject(input.siteName),
    secrets: [token],
    text: [words.hello(member.name), words.verify.welcome(input.siteName), link, words.verify.ignore].join(
      "\n\n",
    ),
    html:
      `<p>${words.hello(escapeHtml(member.name))}</p>` +
      `<p>${words.verify.welcome(escapeHtml(input.siteName))}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${words.verify.ignore}</p>`,
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
