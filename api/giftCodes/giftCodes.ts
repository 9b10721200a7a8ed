import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { giftCodeClaims, giftCodes } from "../db/schema";
import { DomainError } from "../lib/errors";
import { formatRupees, milliToRupeeString } from "../../shared/money";
import { recordAudit } from "../site/audit";
import { PLATFORM, memberAccount, post } from "../ledger/ledger";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";

export const GIFT_CODE_MESSAGES = {
  blank: "Please enter a gift code.",
  unknown: "Invalid gift code.",
  expired: "This gift code has expired.",
  exhausted: "This gift code has reached its claim limit.",
  alreadyClaimed: "You have already claimed this gift code.",
  claimed: (amount: number) => `Gift code claimed! ${formatRupees(amount)} has been added to your balance.`,
  created: "Gift code created.",
  duplicate: "A gift code with this name already exists.",
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
        ),
      )
      .returning({ amount: giftCodes.amount });
    if (!slot) {
      const [now] = await tx
        .select({ expired: sql<boolean>`${giftCodes.expiresAt} <= now()` })
        .from(giftCodes)
        .where(eq(giftCodes.id, gift.id));
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
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(giftCodeClaims)
    .where(eq(giftCodeClaims.userId, userId));
  const pagination = pageOf(requestedPage, PAGE_SIZE.giftCodeClaims, Number(total?.n ?? 0));
  const rows = await db
    .select({ code: giftCodes.code, amount: giftCodeClaims.amount, createdAt: giftCodeClaims.createdAt })
    .from(giftCodeClaims)
    .innerJoin(giftCodes, eq(giftCodes.id, giftCodeClaims.giftCodeId))
    .where(eq(giftCodeClaims.userId, userId))
    .orderBy(desc(giftCodeClaims.createdAt), desc(giftCodeClaims.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    records: rows.map((r) => ({
      giftCode: r.code,
      bonusAmount: milliToRupeeString(r.amount),
      time: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

export async function createGiftCode(
  db: Db,
  input: { actorUserId: string; code: string; amount: number; claimLimit: number; expiresAt: Date },
): Promise<{ id: number }> {
  const code = normalizeGiftCode(input.code);
  return db.transaction(async (tx) => {
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
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "gift_code.create",
      target: `gift_code:${row.id}`,
      before: null,
      after: {
        code,
        amount: milliToRupeeString(row.amount),
        claim_limit: row.claimLimit,
        expires_at: row.expiresAt.toISOString(),
      },
    });
    return { id: row.id };
  });
}

export async function listGiftCodes(db: Db, limit = 200) {
  const rows = await db
    .select()
    .from(giftCodes)
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    amount: milliToRupeeString(r.amount),
    claim_limit: r.claimLimit,
    claimed_count: r.claimedCount,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  }));
}
