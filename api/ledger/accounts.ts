import type { Db, Tx } from "../db/client";
import { ledgerAccounts } from "../db/schema";

/**
 * The ledger's accounts (ARCHITECTURE §4): the platform's own, each member's withdrawable, deposit
 * and debt accounts, and each campaign's escrow; which may run below zero and which keep no stored
 * balance; opening them. Posting to them is ledger.ts, reading their balances balances.ts.
 */

export const PLATFORM = {
  /** Fees kept by the platform (conversion charges…). */
  revenue: "platform:revenue",
  /** Funds bonuses and referral income; runs negative as the platform spends on promotion. */
  promotions: "platform:promotions",
  /** Advertiser money held for running campaigns. */
  campaignEscrow: "platform:campaign_escrow",
  /** Entry fees held until a game settles. */
  gameEscrow: "platform:game_escrow",
  /** Withdrawals requested, waiting for an operator. */
  pendingPayouts: "platform:pending_payouts",
  /** Money sent out to members' payout accounts. */
  paidOut: "platform:paid_out",
  /** What ad networks and advertisers owe for views members delivered; funds ad, short-link and game earnings. */
  earningsFunding: "platform:earnings_funding",
  /** Offer-wall networks' credits (postbacks). */
  offerWalls: "platform:offer_walls",
  /** Operators' manual adjustments: the counterpart of every credit or debit an operator makes by hand. */
  adjustments: "platform:adjustments",
  /** Tax withheld from members' withdrawals (issue 44 §6), until the owner pays it to the government. */
  tdsPayable: "platform:tds_payable",
  /** Balances left by erased accounts (issue 44 §2, §4; ADR 0033): only collects. */
  forfeited: "platform:forfeited",
} as const;

const NEGATIVE_ALLOWED = new Set<string>([
  PLATFORM.promotions,
  PLATFORM.earningsFunding,
  PLATFORM.offerWalls,
  PLATFORM.adjustments,
]);

/**
 * Platform accounts that only collect (revenue) or only fund (promotions, earnings funding, offer
 * walls) keep no stored balance: post() never updates their row, so claims, earnings and referral
 * credits from any number of members never queue on one row. Their balance is the sum of their
 * journal lines (docs/decisions/0007-ledger-hot-rows.md). The column `tracked` records the same
 * fact in the database for readers.
 */
export const UNTRACKED_ACCOUNTS: ReadonlySet<string> = new Set<string>([
  PLATFORM.revenue,
  PLATFORM.promotions,
  PLATFORM.earningsFunding,
  PLATFORM.offerWalls,
  PLATFORM.adjustments,
  // Only collects (refunds of a rejected withdrawal's tax never take back more than it collected).
  PLATFORM.tdsPayable,
]);

export const memberAccount = (userId: string, kind: "withdrawable" | "deposit") => `member:${userId}:${kind}`;

/**
 * What a member owes (ADR 0008): opened the first time a reversal leaves a debt, allowed below
 * zero, and its negative balance is the amount owed. Later earnings repay it first.
 */
export const debtAccount = (userId: string) => `member:${userId}:debt`;

/** A campaign's own escrow: its advertiser's paid, undelivered views (never below zero). */
export const campaignEscrowAccount = (campaignId: string) => `campaign:${campaignId}:escrow`;

export async function ensurePlatformAccounts(db: Db | Tx): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(
      Object.values(PLATFORM).map((id) => ({
        id,
        kind: "platform" as const,
        allowNegative: NEGATIVE_ALLOWED.has(id),
        tracked: !UNTRACKED_ACCOUNTS.has(id),
      })),
    )
    .onConflictDoNothing();
}

export async function openMemberAccounts(db: Db | Tx, userId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: memberAccount(userId, "withdrawable"), userId, kind: "withdrawable" as const },
      { id: memberAccount(userId, "deposit"), userId, kind: "deposit" as const },
    ])
    .onConflictDoNothing();
}

/** Opens the member's debt account (if it is not open yet) inside the caller's transaction. */
export async function openDebtAccount(tx: Tx, userId: string): Promise<string> {
  const id = debtAccount(userId);
  await tx
    .insert(ledgerAccounts)
    .values({ id, userId, kind: "debt" as const, allowNegative: true })
    .onConflictDoNothing();
  return id;
}

/** Opens a campaign's escrow account (tracked, never negative) inside the caller's transaction. */
export async function openCampaignEscrow(tx: Tx, campaignId: string): Promise<string> {
  const id = campaignEscrowAccount(campaignId);
  await tx
    .insert(ledgerAccounts)
    .values({ id, kind: "escrow" as const })
    .onConflictDoNothing();
  return id;
}
