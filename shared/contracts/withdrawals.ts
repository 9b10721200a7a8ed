import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { ReviewReason, RiskLevel } from "../risk";
import type { PayoutAttempt, PayoutStage } from "./payouts";

/**
 * Withdrawals and balance conversions on the wire (spec 2 §8–§9, docs/api: /userAmount): the
 * member's withdrawal and converter pages, the operator's withdrawal queue and payout methods.
 * Amounts are rupee strings (3 decimals), times ISO strings.
 */

/** A withdrawal's state. */
export type WithdrawalStatus = "Pending" | "Success" | "Reject";

/** One withdrawal in the member's history. */
export interface WithdrawalRecord {
  _id: string;
  /** What is paid out: the amount asked for less the tax deducted from it (issue 44 §6). */
  balance: string;
  /** The amount asked for (`balance` + `tax_withheld`). */
  gross: string;
  /** The tax deducted from it ("0.000" when none; returned with the amount when it was rejected). */
  tax_withheld: string;
  /** The payout method's name. */
  type: string;
  time: string;
  withdrawal_status: WithdrawalStatus;
  remark: string;
}

/** The withdrawal page (userBalanceData_get): balances, the bound method and one page of history. */
export interface BalanceData {
  withdrawable_amount: string;
  pending_withdrawal_amount: string;
  total_withdrawal_amount: string;
  deposit_amount: string;
  withdrawal_method: string | null;
  /** The bound method's name in the reader's language (issue 45): what the page shows; a request sends the name. */
  withdrawal_method_label?: string | null;
  withdrawal_account_information: string | null;
  /** The bound account masked as everywhere on the site (`ra***@okaxis`), or null (issue 45 §2). */
  withdrawal_account_masked: string | null;
  withdrawalMethod_minimumAmount: string | null;
  withdrawal_Records: WithdrawalRecord[];
  pagination: Pagination;
  /** HTML, sanitised. */
  other_data_withdrawal_instructions: string[];
  /** While a request of the member's waits for a review (a first payout, a flagged account): why, in plain words. */
  review_message: string | null;
  /** How long a payout usually takes, in the member's language ("within 3 working days"): the owner's payout time. */
  payout_time: string;
}

/** A withdrawal request (`{obj}`): whole rupees, the bound method's name, an idempotency key. */
export interface WithdrawBody {
  balance: number;
  /** The bound payout method; null when none is bound (the API refuses it: bind again). */
  type?: string | null;
  request_id?: string;
  /**
   * The tax the member was shown on the confirm step (rupee string, issue 44 §6): when given and
   * the tax due is now different, the request is refused (409 `conflict`) rather than deduct an
   * amount the member did not see.
   */
  tax?: string;
}

/** Which way a conversion moves money. */
export type ConversionDirection = "withdrawToDeposit" | "depositToWithdraw";

/** One conversion in the member's history. */
export interface ConvertRecord {
  _id: string;
  converted_amount: string;
  charges: string;
  converted_amount_type: ConversionDirection;
  time: string;
}

/** The balance converter page (userConvertBalance_get). */
export interface ConvertData {
  withdrawable_amount: string;
  deposit_amount: string;
  available_amount: string;
  convertAmount_Records: ConvertRecord[];
  pagination: Pagination;
  /** HTML, sanitised. */
  other_data_convertBalance_instructions: string[];
}

/** A conversion (`{obj}`): whole rupees, the direction, an idempotency key. */
export interface ConvertBody {
  balanceToConvert: number;
  conversionType_state: ConversionDirection;
  /** The spec's client sends its own charge figure: accepted, never used (the API computes the charge). */
  charge?: number | string | null;
  request_id?: string;
}

/** One withdrawal in the operator's queue. */
export interface OperatorWithdrawal {
  _id: string;
  userName: string;
  email: string;
  withdrawal_method: string;
  withdrawal_account_information: string;
  balance: string;
  withdrawal_status: WithdrawalStatus;
  remark: string;
  time: string;
  settled_at: string | null;
  /** The member's id (their page: /admin/members/{id}, their risk: /admin/members/{id}/risk). */
  member_id: string;
  /** The member's risk score and step now (member_risk; 0 and none when never scored). */
  risk_score: number;
  risk_level: RiskLevel;
  /** The top reasons in words, strongest first. */
  risk_reasons: string[];
  /** How many accounts are linked to the member (shared device, payout account, address, referral). */
  linked_accounts: number;
  /** Why the request went to review when it was made: first payout, risk. */
  review_reasons: ReviewReason[];
  /** The member's withdrawals are held: approving is refused until the hold is released. */
  withdrawals_held: boolean;
  /** Approving needs `confirmRisk: true` (the member is flagged or above now, or the request is marked "risk"). */
  needs_confirm: boolean;
  /** Where it stands on its way out (contracts/payouts.ts). */
  payout_stage: PayoutStage;
  /** The latest payout attempt (provider or bank file), if any. */
  payout: PayoutAttempt | null;
  /** Who approved it first (the operator's user name), when an approval was recorded. */
  approved_by: string | null;
  /** Above the four-eyes threshold: a second, different operator must approve before it is sent. */
  needs_second_approval: boolean;
  /**
   * What the member owes now from a reversed task-wall credit (rupees), or null: no payout of
   * theirs is approved, sent or marked paid while they owe (409 `in_debt`); rejecting still works.
   */
  owed: string | null;
}

/** The operator's withdrawal queue (`?status=Pending|Success|Reject|all&page=`), 50 a page. */
export interface OperatorWithdrawalList {
  records: OperatorWithdrawal[];
  pagination: Pagination;
}

/**
 * Settling a withdrawal (plain JSON body): approve, mark paid, or reject with a remark (the amount
 * is refunded). Approving a flagged member's request, or one marked "risk", answers 409
 * `risk_confirm` (with `score`, `reasons`, `review_reasons`) unless `confirmRisk` is true; a member
 * who owes is answered 409 `in_debt`.
 */
export interface SettleBody {
  /**
   * approve sends the payout (provider configured) or, without one, marks it paid; mark_paid: the
   * operator paid it by hand. Both go through holds, risk, four eyes and the daily limit.
   */
  action: "approve" | "mark_paid" | "reject";
  remark?: string;
  confirmRisk?: boolean;
  /**
   * The bank's reference of a payment by hand (UTR, 6–30 letters and digits, kept upper-case):
   * required to mark paid; without a provider, approving needs it too unless that approval is the
   * first of two above the four-eyes threshold (which pays nothing).
   */
  utr?: string;
}

/**
 * A settle refused for risk (409 `risk_confirm`): the member's score and step, the reasons in
 * words and why the request went to review, for the confirm step; approving again with
 * `confirmRisk: true` goes ahead. (A request marked "risk" refused on its way out carries the
 * message alone.)
 */
export interface RiskConfirmRefusal {
  error_code: "risk_confirm";
  score?: number;
  level?: RiskLevel;
  reasons?: string[];
  review_reasons?: ReviewReason[];
}

/** One payout method on the operator's list. */
export interface PayoutMethodRecord {
  id: number;
  name: string;
  details: string;
  /** The Hindi name and hint members reading Hindi see (issue 45), "" when none. */
  name_hi: string;
  details_hi: string;
  minimum_amount: string;
  active: boolean;
}

/** The operator's payout methods. */
export interface PayoutMethodList {
  records: PayoutMethodRecord[];
}

/** A new payout method (plain JSON body); the minimum in whole rupees. */
export interface NewPayoutMethodBody {
  name: string;
  details: string;
  /** The Hindi name and hint; "": none; left out: a new one has none, an edit keeps the stored one. */
  name_hi?: string;
  details_hi?: string;
  minimum_amount: number;
}

/** A payout method's edit (plain JSON body). */
export interface PayoutMethodEditBody extends NewPayoutMethodBody {
  active: boolean;
}

export interface WithdrawalEndpoints {
  "/userAmount/userBalanceData_get": Endpoint<BalanceData>;
  "/userAmount/userWithdrawal_record_post": Endpoint<string, WithdrawBody>;
  "/userAmount/userConvertBalance_get": Endpoint<ConvertData>;
  "/userAmount/userBalanceConvertPatch": Endpoint<string, ConvertBody>;
  "/adminRoute/withdrawals": Endpoint<OperatorWithdrawalList>;
  [path: `/adminRoute/withdrawals/${string}/settle`]: Endpoint<
    string,
    SettleBody,
    string,
    RiskConfirmRefusal
  >;
  /** GET lists the methods; POST adds one and answers its message. */
  "/adminRoute/payoutMethods": Endpoint<PayoutMethodList, NewPayoutMethodBody, string>;
  [path: `/adminRoute/payoutMethods/${string}`]: Endpoint<string, PayoutMethodEditBody>;
}
