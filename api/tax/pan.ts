import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberTaxProfiles } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { checkPan, maskPan } from "../../shared/tax";

/** A member's PAN, or null when they gave none. */
export async function panOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ pan: memberTaxProfiles.pan })
    .from(memberTaxProfiles)
    .where(eq(memberTaxProfiles.userId, userId));
  return row?.pan ?? null;
}

/**
 * A member gives or changes their PAN: checked (format, a person's fourth letter P), stored upper
 * case, the change recorded in the audit log with both PANs masked (never whole in a log).
 */
export async function setPan(db: Db, userId: string, typed: string, now = new Date()): Promise<string> {
  const checked = checkPan(typed);
  if ("error" in checked) throw new DomainError("invalid_input", checked.error);
  const { pan } = checked;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ pan: memberTaxProfiles.pan })
      .from(memberTaxProfiles)
      .where(eq(memberTaxProfiles.userId, userId))
      .for("update");
    if (before?.pan === pan) return;
    await tx
      .insert(memberTaxProfiles)
      .values({ userId, pan, updatedAt: now })
      .onConflictDoUpdate({ target: memberTaxProfiles.userId, set: { pan, updatedAt: now } });
    await recordAudit(tx, {
      actorUserId: userId,
      action: "member.pan",
      target: `member:${userId}`,
      before: { pan: before ? maskPan(before.pan) : null },
      after: { pan: maskPan(pan) },
    });
  });
  return maskPan(pan);
}

/**
 * A member's erasure (issue 44 §2): their PAN leaves their profile. The withholdings keep the PAN
 * they were made under — tax records the law requires to be kept (ADR 0034) — and go with the
 * statement's rows until the owner's retention of tax records ends.
 */
export async function erasePan(tx: Tx, userId: string): Promise<void> {
  await tx.delete(memberTaxProfiles).where(eq(memberTaxProfiles.userId, userId));
}
