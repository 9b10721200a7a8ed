/**
 * A ledger account in words (issue 45 §3): `platform:earnings_funding` reads "Earnings funding
 * (platform)", `member:{id}:withdrawable` "Withdrawable balance of Ravi" with a link to the member.
 * The raw id stays with the label for the operators who need it. Every account the ledger opens
 * (api/ledger/accounts.ts PLATFORM, member, campaign and game escrow accounts) has words here
 * (tests/unit/console-words.test.ts).
 */

/** The platform's own accounts by id, as the console names them. */
export const PLATFORM_ACCOUNT_LABELS: Readonly<Record<string, string>> = {
  "platform:revenue": "Revenue (platform)",
  "platform:promotions": "Promotions (platform)",
  "platform:campaign_escrow": "Campaign escrow (platform)",
  "platform:game_escrow": "Game escrow (platform)",
  "platform:pending_payouts": "Withdrawals waiting for payout (platform)",
  "platform:paid_out": "Paid out (platform)",
  "platform:earnings_funding": "Earnings funding (platform)",
  "platform:offer_walls": "Task-wall credits (platform)",
  "platform:adjustments": "Manual adjustments (platform)",
  "platform:tds_payable": "Tax withheld, to pay to the government (platform)",
  "platform:forfeited": "Forfeited balances (platform)",
};

/** A member's accounts by kind (the id's last part). */
export const MEMBER_ACCOUNT_WORDS: Readonly<Record<string, string>> = {
  withdrawable: "Withdrawable balance",
  deposit: "Deposit balance",
  debt: "Debt",
  pending: "Credits on hold",
};

export interface LedgerAccountLabel {
  /** The words the console shows. */
  text: string;
  /** The console page of what the account belongs to (a member, a campaign), if any. */
  href: string | null;
  /** The account's id as the ledger stores it. */
  id: string;
}

/**
 * The words for a ledger account. `names` maps member ids to usernames (the page's own member,
 * the counterparts the API named); a member without a name reads "a member". Unknown ids read as
 * themselves.
 */
export function ledgerAccountLabel(
  id: string,
  names: Readonly<Record<string, string>> = {},
): LedgerAccountLabel {
  const platform = PLATFORM_ACCOUNT_LABELS[id];
  if (platform) return { text: platform, href: null, id };
  const m = /^(member|campaign|game):(.+):([a-z_]+)$/.exec(id);
  if (m) {
    const [, owner, ownerId = "", kind = ""] = m;
    if (owner === "member" && MEMBER_ACCOUNT_WORDS[kind])
      return {
        text: `${MEMBER_ACCOUNT_WORDS[kind]} of ${names[ownerId] ?? "a member"}`,
        href: `/admin/members/${encodeURIComponent(ownerId)}`,
        id,
      };
    if (owner === "campaign" && kind === "escrow")
      return {
        text: `Escrow of campaign ${ownerId.slice(0, 8)}`,
        href: `/admin/campaigns/${encodeURIComponent(ownerId)}`,
        id,
      };
    if (owner === "game" && kind === "escrow")
      return { text: `Escrow of game room ${ownerId.slice(0, 8)}`, href: null, id };
  }
  return { text: id, href: null, id };
}

/** The member ids a list of ledger account ids names (to look their usernames up). */
export function memberIdsOfAccounts(ids: readonly string[]): string[] {
  return [...new Set(ids.flatMap((id) => /^member:(.+):[a-z_]+$/.exec(id)?.[1] ?? []))];
}
