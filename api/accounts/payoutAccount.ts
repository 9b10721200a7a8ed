import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { payoutMethods, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import type { Mailer } from "../site/mailer";
import { logCorrections } from "../members/corrections";
import { readBankAccount, type PayoutChange } from "../../shared/payoutAccount";
import { PROFILE_MESSAGES, afterPayoutChange, requireCurrentPassword } from "./profile";

/**
 * The profile's payout details on their own (issue 45 §2): changing a UPI id asks for nothing but
 * the UPI id (and the current password), and a bank account is kept in its own fields.
 */

/**
 * Binds the payout method and its details, checked by the method's kind: the current password is
 * needed when anything changes; the change and its correction log are one transaction; then the
 * same notices as a whole-profile change (afterPayoutChange).
 */
export async function updatePayout(
  db: Db,
  mailer: Mailer,
  member: { id: string; sessionId: number },
  input: { change: PayoutChange; currentPassword?: string; siteName: string },
): Promise<void> {
  const { change } = input;
  const [method] = await db
    .select({ id: payoutMethods.id })
    .from(payoutMethods)
    .where(and(eq(payoutMethods.name, change.methodName), eq(payoutMethods.active, true)));
  if (!method) throw new DomainError("payment_method", PROFILE_MESSAGES.unknownMethod);
  const payoutBank = change.kind === "bank" ? change.bank : null;
  const [stored] = await db
    .select({ methodId: users.payoutMethodId, accountInfo: users.payoutAccountInfo, bank: users.payoutBank })
    .from(users)
    .where(eq(users.id, member.id));
  const changed =
    stored?.methodId !== method.id ||
    stored?.accountInfo !== change.accountInfo ||
    JSON.stringify(readBankAccount(stored?.bank)) !== JSON.stringify(payoutBank);
  if (!changed) return;
  const account = await requireCurrentPassword(
    db,
    member.id,
    input.currentPassword,
    PROFILE_MESSAGES.payoutNeedsPassword,
  );
  // The text is written from the fields, so the logged (masked) text covers them.
  const after = { payoutMethodId: method.id, payoutAccountInfo: change.accountInfo };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ payoutMethodId: users.payoutMethodId, payoutAccountInfo: users.payoutAccountInfo })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    await tx
      .update(users)
      .set({ ...after, payoutBank })
      .where(eq(users.id, member.id));
    if (before) await logCorrections(tx, { userId: member.id, actorUserId: member.id, before, after });
  });
  await afterPayoutChange(db, mailer, member, {
    account,
    methodName: change.methodName,
    accountInfo: change.accountInfo,
    siteName: input.siteName,
  });
}
