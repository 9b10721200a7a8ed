import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { payoutMethods } from "../db/schema";
import { isUniqueViolation } from "../db/errors";
import { DomainError } from "../lib/errors";
import { milliToRupeeString } from "../../shared/money";
import { recordAudit } from "../site/audit";
import type { PayoutMethodRecord } from "../../shared/contracts/withdrawals";

/**
 * The payout methods members bind on their profile and withdraw to: the operator's list and
 * changes (audited in the same transaction), and the members' choice list.
 */

export const PAYOUT_MESSAGES = {
  saved: "Payout method saved.",
  duplicate: "A payout method with this name already exists.",
  notFound: "Payout method not found.",
} as const;

const methodRecord = (m: typeof payoutMethods.$inferSelect): PayoutMethodRecord => ({
  id: m.id,
  name: m.name,
  details: m.details,
  name_hi: m.nameHi ?? "",
  details_hi: m.detailsHi ?? "",
  minimum_amount: milliToRupeeString(m.minimumAmount),
  active: m.active,
});

export async function listPayoutMethods(db: Db): Promise<PayoutMethodRecord[]> {
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
  /** The Hindi name and hint (issue 45); null: none, undefined: left as stored. */
  nameHi?: string | null;
  detailsHi?: string | null;
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
        nameHi: input.nameHi ?? null,
        detailsHi: input.detailsHi ?? null,
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
        nameHi: input.nameHi,
        detailsHi: input.detailsHi,
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
