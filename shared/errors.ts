/**
 * The reasons the API refuses a request, sent as `error_code` next to `error_msg` (docs/api.md).
 * The domain throws them (api/lib/errors.ts), the HTTP layer maps them to statuses
 * (api/http.ts), and pages decide outcomes by them, never by message text.
 */
export const DOMAIN_ERROR_CODES = [
  /** The input breaks a rule of its field (missing, too long, wrong shape). */
  "invalid_input",
  /** Login or a password check with details that do not match an account. */
  "invalid_credentials",
  /** The current password given for a change is wrong. */
  "wrong_password",
  /** No payout method or account bound yet. */
  "bind_payment",
  /** The bound payout method is no longer offered: bind again. */
  "payment_method",
  /** Below the payout method's minimum, or not a valid amount. */
  "invalid_amount",
  "insufficient_balance",
  /** A conversion without its direction. */
  "invalid_direction",
  "already_claimed",
  "gift_code_expired",
  "gift_code_exhausted",
  "already_settled",
  /** A name or code that must be unique is taken. */
  "duplicate",
  "already_registered",
  "email_in_use",
  /** A link's token is unknown, used or expired. */
  "invalid_token",
  "human_check_failed",
  "not_found",
  /** The caller is not allowed this (e.g. not an operator, a cross-site post). */
  "forbidden",
  /** An operator's password was right: the authenticator code comes next (with `second_factor_ticket`). */
  "second_factor_required",
  /**
   * Google sign-in refused for an account that signs in with its password: a Google sign-up of a
   * registered e-mail, a password account whose address is not proved, or an operator (whose
   * session needs the password and the authenticator code).
   */
  "login_with_password",
  /** The caller is not logged in, or the session ended. */
  "unauthenticated",
  "conflict",
  /** Too soon after the last attempt (answers carry `time_left`). */
  "too_soon",
  "rate_limited",
  /** A service the request needs (mail, sign-in provider) did not answer. */
  "unavailable",
  "server_error",
  /** Ad views (issue 7): a claim before the ad's duration has passed since the view started. */
  "ad_too_early",
  /** A claim after the view's expiry. */
  "ad_view_expired",
  /** The view token is consumed already, unknown, or another member's. */
  "ad_view_used",
  /** The member viewed this campaign within its interval. */
  "ad_interval",
  /** The campaign's views for today (India time) are all delivered. */
  "ad_daily_limit",
  /** The campaign is paused, deleted, rejected, completed, has no views left, or is the member's own. */
  "ad_campaign_unavailable",
  /** The proxy check found the member's address to be a proxy or VPN. */
  "proxy_detected",
  /**
   * A reversed task-wall credit left the member owing: withdrawals, Withdraw → Deposit conversion,
   * paid game joins and campaign creation wait until earnings repay it.
   */
  "in_debt",
  /** Short links (issue 8): a claim sooner than the minimum time after the link was started (the shortener was skipped). */
  "short_link_too_fast",
  /** A claim after the short link's token expired. */
  "short_link_expired",
  /** The short link's token is consumed already, unknown, or another member's. */
  "short_link_used",
  /** The member's clicks of this link for today (India time) are used up. */
  "short_link_daily_limit",
  /** Games (issue 9): paid rooms are switched off by the operator; the Practice Room stays open. */
  "paid_rooms_off",
  /** A move refused: not the member's turn, the cell is taken, the game is over or not started, or a stale version. */
  "game_move_refused",
  /**
   * Risk (issue 21): approving a withdrawal of a flagged member, or a member's first payout, needs
   * the operator to confirm having read the reasons (answers carry `score`, `reasons`, `review_reasons`).
   */
  "risk_confirm",
  /** A new account's first withdrawal before the operator's waiting period has passed (answers carry `from`). */
  "withdrawal_waiting",
  /**
   * Payouts (issue 22): a payout is already on its way (approved twice, rejected or marked paid
   * while in flight); the amount is above the four-eyes threshold and the same operator approved
   * it already; today's outgoing limit would be passed; the destination cannot be paid
   * automatically (a Paytm number, a bank account without IFSC).
   */
  "payout_in_flight",
  "second_approval",
  "daily_limit",
  "not_payable",
  /**
   * The payer's tax (issue 44 §6): a withdrawal that needs the member's PAN first (the owner's
   * threshold passed); the tax due on the year's income is more than the amount asked for.
   */
  "pan_required",
  "tax_exceeds_amount",
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export function isDomainErrorCode(value: unknown): value is DomainErrorCode {
  return typeof value === "string" && (DOMAIN_ERROR_CODES as readonly string[]).includes(value);
}
