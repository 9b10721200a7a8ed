import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactMessages, payoutMethods, sessions, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { milliToRupeeString } from "../../shared/money";
import { recordAudit } from "../operators/audit";
import { createMember, emailKey, hashPassword, normalizeEmail } from "./accounts";
import { getSetting, updateSettingAudited } from "../operators/settings";
import { isUniqueViolation } from "../db/errors";

/** "0.1" from 1000 basis points: the rate as the spec's client multiplies it by 100 to show a percentage. */
export function referralRateText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 10000);
  const frac = String(basisPoints % 10000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

export const REFERRAL_RATE_MAX_BP = 5000;

/**
 * Creates an operator account, or promotes an existing member (matched by e-mail) and sets the
 * password. Used by the command line; the change is audited with the actor `cli`.
 */
export async function createOrPromoteOperator(
  db: Db,
  input: { email: string; password: string; name?: string; totpSecret: string },
): Promise<{ id: string; userName: string; email: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(users.emailKey, emailKey(email)));
  if (existing) {
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: "operator",
          passwordHash,
          totpSecret: input.totpSecret,
          totpLastStep: null,
          ...(input.name ? { name: input.name.trim() } : {}),
        })
        .where(eq(users.id, existing.id));
      // Sessions opened before (with the password alone, or under the old password or second
      // factor) end here: an operator session starts at a sign-in with the authenticator code.
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, existing.id))
        .returning({ id: sessions.id });
      await recordAudit(tx, {
        actorUserId: "cli",
        action: "operator.promote",
        target: `user:${existing.id}`,
        before: { role: existing.role, name: existing.name },
        after: {
          role: "operator",
          name: input.name?.trim() || existing.name,
          password: "changed",
          secondFactor: "set up",
          sessionsEnded: ended.length,
        },
      });
    });
    return { id: existing.id, userName: existing.userName, email: existing.email, created: false };
  }
  const created = await createMember(db, {
    name: input.name?.trim() || (email.split("@")[0] ?? "Operator"),
    email,
    password: input.password,
    role: "operator",
  });
  await db
    .update(users)
    .set({ totpSecret: input.totpSecret, totpLastStep: null })
    .where(eq(users.id, created.id));
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: "cli",
      action: "operator.create",
      target: `user:${created.id}`,
      before: null,
      after: { role: "operator", email, userName: created.userName },
    }),
  );
  return { ...created, created: true };
}

export const PAYOUT_MESSAGES = {
  saved: "Payout method saved.",
  duplicate: "A payout method with this name already exists.",
  notFound: "Payout method not found.",
} as const;

const methodRecord = (m: typeof payoutMethods.$inferSelect) => ({
  id: m.id,
  name: m.name,
  details: m.details,
  minimum_amount: milliToRupeeString(m.minimumAmount),
  active: m.active,
});

export async function listPayoutMethods(db: Db) {
  const rows = await db
    .select()
    .from(payoutMethods)
    .orderBy(asc(payoutMethods.sortOrder), asc(payoutMethods.id));
  return rows.map(methodRecord);
}

/** The members' choice list: active methods only. */
export async function activePayoutMethods(db: Db) {
  return db
    .select()
    .from(payoutMethods)
    .where(eq(payoutMethods.active, true))
    .orderBy(asc(payoutMethods.sortOrder), asc(payoutMethods.id));
}

export interface PayoutMethodInput {
  name: string;
  details: string;
  minimumAmount: number;
  active: boolean;
}

export async function createPayoutMethod(
  db: Db,
  actorUserId: string,
  input: PayoutMethodInput,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payoutMethods)
      .values({
        name: input.name,
        details: input.details,
        minimumAmount: input.minimumAmount,
        active: input.active,
      })
      .onConflictDoNothing({ target: payoutMethods.name })
      .returning();
    if (!row) throw new DomainError("duplicate", PAYOUT_MESSAGES.duplicate);
    await recordAudit(tx, {
      actorUserId,
      action: "payout_method.create",
      target: `payout_method:${row.id}`,
      before: null,
      after: methodRecord(row),
    });
    return { id: row.id };
  });
}

export async function updatePayoutMethod(
  db: Db,
  actorUserId: string,
  id: number,
  input: PayoutMethodInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(payoutMethods).where(eq(payoutMethods.id, id)).for("update");
    if (!before) throw new DomainError("not_found", PAYOUT_MESSAGES.notFound);
    if (input.name !== before.name) {
      const [clash] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(eq(payoutMethods.name, input.name));
      if (clash) throw new DomainError("duplicate", PAYOUT_MESSAGES.duplicate);
    }
    const [after] = await tx
      .update(payoutMethods)
      .set({
        name: input.name,
        details: input.details,
        minimumAmount: input.minimumAmount,
        active: input.active,
      })
      .where(eq(payoutMethods.id, id))
      .returning()
      .catch((e: unknown) => {
        // Another operator took the name between the check and the update.
        if (isUniqueViolation(e)) throw new DomainError("duplicate", PAYOUT_MESSAGES.duplicate);
        throw e;
      });
    await recordAudit(tx, {
      actorUserId,
      action: "payout_method.update",
      target: `payout_method:${id}`,
      before: methodRecord(before),
      after: after ? methodRecord(after) : null,
    });
  });
}

export async function referralSettings(db: Db) {
  const bp = await getSetting(db, "referral_rate_bp");
  return { referral_rate_bp: bp, referralRate: referralRateText(bp) };
}

export async function updateReferralRate(db: Db, actorUserId: string, basisPoints: number): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "referral_rate_bp",
    value: basisPoints,
    action: "settings.update",
  });
}

export async function listContactMessages(db: Db, limit = 200) {
  const rows = await db
    .select({ m: contactMessages, userName: users.userName })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map(({ m, userName }) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    mobile_number: m.mobileNumber,
    subject: m.subject,
    message: m.message,
    userName: userName ?? null,
    time: m.createdAt.toISOString(),
  }));
}
