import { formatRupeeLimit, formatRupees } from "../../shared/money";

/** What the member and the operators are told about a withdrawal request (api/withdrawals, api/payouts). */
export const WITHDRAW_MESSAGES = {
  success: "Withdrawal Successful",
  notBound: "Please bind your payment information to proceed with withdrawals.",
  bindAgain: "Please bind Your payment information again",
  invalidAmount: "Invalid Amount: withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.",
  minimum: (method: string, min: number) =>
    `Invalid Amount: the minimum withdrawal for ${method} is ${formatRupeeLimit(min)}.`,
  insufficient: (balance: number) =>
    `Insufficient Balance: your withdrawable balance is ${formatRupees(balance)}.`,
  alreadySettled: "This withdrawal has already been settled.",
  notFound: "Withdrawal not found.",
  remarkRequired: "A remark is required to reject.",
  ownWithdrawal: "You cannot settle your own withdrawal: another operator must.",
  inFlight:
    "A payout is on its way for this withdrawal: it is settled by the payout's final status (or send again once that failed).",
  inDebt: (owed: number) =>
    `A reversed task-wall credit left ${formatRupees(owed)} owing. Withdrawals resume once later earnings have repaid it.`,
  keyReused:
    "This withdrawal form was already sent with a different amount or method. Reload the page to start a new withdrawal.",
} as const;
