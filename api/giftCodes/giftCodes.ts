import { and, desc, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { giftCodeClaims, giftCodes, limitChanges } from "../db/schema";
import { DomainError } from "../lib/errors";
import { bigMilliToRupeeString, formatRupees, milliToRupeeString } from "../../shared/money";
import { recordAudit } from "../site/audit";
import { PLATFORM, memberAccount, post } from "../ledger/ledger";
import { PAGE_SIZE } from "../../shared/pagination";
import { moneyLimit, scheduleGiftCode } from "../site/limits";
import type { GiftCodeRecord, GiftCodeState } from "../../shared/contracts/giftCodes";

export const GIFT_CODE_MESSAGES = {
  blank: "Please enter a gift code.",
  unknown: "Invalid gift code.",
  expired: "This gift code has expired.",
  exhausted: "This gift code has reached its claim limit.",
  alreadyClaimed: "You have already claimed this gift code.",
  claimed: (amount: number) => `Gift code claimed! ${formatRupees(amount)} has been added to your balance.`,
  created: "Gift code created.",
  scheduled: (when: string) =>
    `Gift code created. Its total value is above the gift-code threshold: members can claim it from ${when}, unless an owner cancels it on the overview first.`,
  duplicate: "A gift code with this name already exists.",
  disabled: "Gift code disabled: no further claims. Claims already made stay.",
  alreadyDisabled: "This gift code is already disabled.",
  notFound: "Gift code not found.",
} as const;

export const GIFT_CODE_MAX_LENGTH = 40;

/** Codes are case-insensitive: kept and compared trimmed and upper-cased. */
export function normalizeGiftCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * A member claims a code, once. One transaction: the conditional increment (within the limit and
 * before expiry) takes a slot, the unique (code, member) claim row stops a second claim, and the
 * bonus is posted from promotions. Gift codes are not earnings, so no referral income follows.
 */
export async function claimGiftCode(db: Db, userId: string, raw: string): Promise<{ amount: number }> {
  const code = normalizeGiftCode(raw);
  if (!code) throw new DomainError("invalid_input", GIFT_CODE_MESSAGES.blank);
  if (code.length > GIFT_CODE_MAX_LENGTH) throw new DomainError("not_found", GIFT_CODE_MESSAGES.unknown);
  const [gift] = await db.select().from(giftCodes).where(eq(giftCodes.code, code));
  if (!gift) throw new DomainError("not_found", GIFT_CODE_MESSAGES.unknown);

  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: giftCodeClaims.id })
      .from(giftCodeClaims)
      .where(and(eq(giftCodeClaims.giftCodeId, gift.id), eq(giftCodeClaims.userId, userId)));
    if (before) throw new DomainError("already_claimed", GIFT_CODE_MESSAGES.alreadyClaimed);

    const [slot] = await tx
      .update(giftCodes)
      .set({ claimedCount: sql`${giftCodes.claimedCount} + 1` })
      .where(
        and(
          eq(giftCodes.id, gift.id),
          lt(giftCodes.claimedCount, giftCodes.claimLimit),
          gt(giftCodes.expiresAt, sql`now()`),
          // Disabled by an operator, or a large code still waiting out its delay: not claimable.
          isNull(giftCodes.disabledAt),
          lte(giftCodes.activeFrom, sql`now()`),
        ),
      )
      .returning({ amount: giftCodes.amount });
    if (!slot) {
      const [now] = await tx
        .select({
          expired: sql<boolean>`${giftCodes.expiresAt} <= now()`,
          closed: sql<boolean>`${giftCodes.disabledAt} is not null or ${giftCodes.activeFrom} > now()`,
        })
        .from(giftCodes)
        .where(eq(giftCodes.id, gift.id));
      if (now?.closed) throw new DomainError("not_found", GIFT_CODE_MESSAGES.unknown);
      throw now?.expired
        ? new DomainError("gift_code_expired", GIFT_CODE_MESSAGES.expired)
        : new DomainError("gift_code_exhausted", GIFT_CODE_MESSAGES.exhausted);
    }

    // A parallel claim by the same member that committed first: the unique index answers.
    const claim = await tx
      .insert(giftCodeClaims)
      .values({ giftCodeId: gift.id, userId, amount: slot.amount })
      .onConflictDoNothing()
      .returning({ id: giftCodeClaims.id });
    if (claim.length === 0) throw new DomainError("already_claimed", GIFT_CODE_MESSAGES.alreadyClaimed);

    await post(tx, {
      idempotencyKey: `giftcode:${gift.id}:${userId}`,
      kind: "gift_code",
      userId,
      memo: code,
      lines: [
        { account: PLATFORM.promotions, amount: -slot.amount },
        { account: memberAccount(userId, "withdrawable"), amount: slot.amount },
      ],
    });
    return { amount: slot.amount };
  });
}

/** One page of the member's claims, newest first, with the page counts. */
export async function claimHistory(db: Db, userId: string, requestedPage = 1) {
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(giftCodeClaims)
      .where(eq(giftCodeClaims.userId, userId)),
    requestedPage,
    PAGE_SIZE.giftCodeClaims,
    db
      .select({ code: giftCodes.code, amount: giftCodeClaims.amount, createdAt: giftCodeClaims.createdAt })
      .from(giftCodeClaims)
      .innerJoin(giftCodes, eq(giftCodes.id, giftCodeClaims.giftCodeId))
      .where(eq(giftCodeClaims.userId, userId))
      .orderBy(desc(giftCodeClaims.createdAt), desc(giftCodeClaims.id)),
  );
  return {
    records: rows.map((r) => ({
      giftCode: r.code,
      bonusAmount: milliToRupeeString(r.amount),
      time: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** A code's total value (amount × claim limit), exact: it can exceed a double's integers. */
export const totalValueOf = (amount: number, claimLimit: number): bigint =>
  BigInt(amount) * BigInt(claimLimit);

/**
 * An owner's new code, audited with its total value. A code whose total value is above the
 * gift-code threshold (an owner setting; a raise of it waits too) opens for claims only after the
 * money-limit delay, during which any owner can cancel it (ADR 0030).
 */
export async function createGiftCode(
  db: Db,
  input: { actorUserId: string; code: string; amount: number; claimLimit: number; expiresAt: Date },
): Promise<{ id: number; message: string }> {
  const code = normalizeGiftCode(input.code);
  const total = totalValueOf(input.amount, input.claimLimit);
  return db.transaction(async (tx) => {
    const threshold = await moneyLimit(tx, "gift_code_four_eyes_above");
    const [row] = await tx
      .insert(giftCodes)
      .values({
        code,
        amount: input.amount,
        claimLimit: input.claimLimit,
        expiresAt: input.expiresAt,
        createdBy: input.actorUserId,
      })
      .onConflictDoNothing({ target: giftCodes.code })
      .returning();
    if (!row) throw new DomainError("duplicate", GIFT_CODE_MESSAGES.duplicate);
    let activeFrom: Date | null = null;
    if (total > BigInt(threshold)) {
      activeFrom = await scheduleGiftCode(tx, {
        actorUserId: input.actorUserId,
        giftCodeId: row.id,
        summary: {
          code,
          amount: milliToRupeeString(row.amount),
          claim_limit: row.claimLimit,
          total_value: bigMilliToRupeeString(total),
        },
      });
      await tx.update(giftCodes).set({ activeFrom }).where(eq(giftCodes.id, row.id));
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "gift_code.create",
      target: `gift_code:${row.id}`,
      before: null,
      after: {
        code,
        amount: milliToRupeeString(row.amount),
        claim_limit: row.claimLimit,
        total_value: bigMilliToRupeeString(total),
        expires_at: row.expiresAt.toISOString(),
        active_from: (activeFrom ?? row.activeFrom).toISOString(),
      },
    });
    return {
      id: row.id,
      message: activeFrom
        ? GIFT_CODE_MESSAGES.scheduled(activeFrom.toISOString())
        : GIFT_CODE_MESSAGES.created,
    };
  });
}

/**
 * An operator disables a code: no further claims (the claim's conditional update checks it, so a
 * claim racing the disable either committed before it or is refused); claims made stay. A code
 * still waiting out its delay is cancelled with it.
 */
export async function disableGiftCode(db: Db, input: { id: number; actorUserId: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(giftCodes).where(eq(giftCodes.id, input.id)).for("update");
    if (!before) throw new DomainError("not_found", GIFT_CODE_MESSAGES.notFound);
    if (before.disabledAt) throw new DomainError("already_settled", GIFT_CODE_MESSAGES.alreadyDisabled);
    const [after] = await tx
      .update(giftCodes)
      .set({ disabledAt: sql`now()`, disabledBy: input.actorUserId })
      .where(eq(giftCodes.id, input.id))
      .returning();
    await tx
      .update(limitChanges)
      .set({ status: "cancelled", decidedBy: input.actorUserId, decidedAt: sql`now()` })
      .where(and(eq(limitChanges.subject, `gift_code:${input.id}`), eq(limitChanges.status, "scheduled")));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "gift_code.disable",
      target: `gift_code:${input.id}`,
      before: { code: before.code, claimed_count: before.claimedCount, disabled_at: null },
      after: {
        code: after!.code,
        claimed_count: after!.claimedCount,
        disabled_at: after!.disabledAt?.toISOString(),
      },
    });
    return GIFT_CODE_MESSAGES.disabled;
  });
}

function stateOf(r: typeof giftCodes.$inferSelect, now: Date): GiftCodeState {
  if (r.disabledAt) return "disabled";
  if (r.expiresAt <= now) return "expired";
  if (r.activeFrom > now) return "scheduled";
  if (r.claimedCount >= r.claimLimit) return "exhausted";
  return "active";
}

export async function listGiftCodes(db: Db, limit = 200): Promise<GiftCodeRecord[]> {
  const rows = await db
    .select()
    .from(giftCodes)
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id))
    .limit(limit);
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    amount: milliToRupeeString(r.amount),
    claim_limit: r.claimLimit,
    claimed_count: r.claimedCount,
    total_value: bigMilliToRupeeString(totalValueOf(r.amount, r.claimLimit)),
    state: stateOf(r, now),
    active_from: r.activeFrom.toISOString(),
    disabled_at: r.disabledAt ? r.disabledAt.toISOString() : null,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  }));
}
