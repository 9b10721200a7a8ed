import type { ScheduledRaise } from "./limits";
import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * Gift codes on the wire (spec 2 §10): the member's page and claim, the operator's list and new
 * code. Amounts are rupee strings (3 decimals), times ISO strings.
 */

/** One claim in the member's gift code history. */
export interface GiftCodeClaim {
  giftCode: string;
  bonusAmount: string;
  time: string;
}

/** The member's gift code page (user_giftCode_get). */
export interface GiftCodeData {
  giftCode_page_Message: string;
  userGiftCode_claim_history: GiftCodeClaim[];
  userAvailableBalance: string;
  pagination: Pagination;
}

/** A claim: the code as typed (plain JSON body). */
export interface GiftCodeClaimBody {
  giftCode_state: string;
}

/**
 * Where a code stands: claimable, waiting out the money-limit delay (a large code, issue 42),
 * disabled by an operator, past its expiry, or at its claim limit.
 */
export type GiftCodeState = "active" | "scheduled" | "disabled" | "expired" | "exhausted";

/** One code on the operator's list. */
export interface GiftCodeRecord {
  id: number;
  code: string;
  amount: string;
  claim_limit: number;
  claimed_count: number;
  /** amount × claim limit: what the code can cost at most (rupees). */
  total_value: string;
  state: GiftCodeState;
  /** Claims open at this time. */
  active_from: string;
  disabled_at: string | null;
  expires_at: string;
  created_at: string;
}

/** The operator's list of codes, and the gift-code threshold (rupees) above which a new code waits. */
export interface GiftCodeList {
  records: GiftCodeRecord[];
  threshold: string;
  /** A raise of the threshold waiting out its delay. */
  scheduled: ScheduledRaise | null;
  delay_hours: number;
}

/** The owner's gift-code threshold (rupees; a raise waits out the money-limit delay). */
export interface GiftCodeSettingsBody {
  threshold: string | number;
}

/** A new code (plain JSON body); `amount` in rupees, `expires_at` an ISO instant. */
export interface NewGiftCodeBody {
  code: string;
  amount: string | number;
  claim_limit: number;
  expires_at: string;
}

export interface GiftCodeEndpoints {
  "/userIncomeRoute/user_giftCode_get": Endpoint<GiftCodeData>;
  "/userIncomeRoute/user_giftCode_verify_and_patch": Endpoint<string, GiftCodeClaimBody>;
  /** GET lists the codes; POST creates one and answers its message. */
  "/adminRoute/giftCodes": Endpoint<GiftCodeList, NewGiftCodeBody, string>;
  "/adminRoute/giftCodes/settings": Endpoint<string, GiftCodeSettingsBody>;
  /** POST: no further claims (claims made stay); audited. */
  [path: `/adminRoute/giftCodes/${string}/disable`]: Endpoint<string, Record<string, never>>;
}
