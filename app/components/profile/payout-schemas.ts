import { z } from "zod";
import { PAYOUT_ACCOUNT_MAX_LENGTH, TYPED_PASSWORD_MAX_LENGTH, labelledText } from "../../../shared/fields";
import {
  PAYOUT_ACCOUNT_MESSAGES,
  accountNumberField,
  holderField,
  ifscField,
  upiIdField,
  type PayoutAccountKind,
} from "../../../shared/payoutAccount";

/**
 * The profile's payout forms, one schema per kind of method (issue 45 §2): each asks only for what
 * its method needs, so the browser's own checks (before and without scripts) and the action's
 * agree with the API (shared/payoutAccount.ts).
 */
const common = {
  withdrawal_method: z
    .string({ required_error: "Please choose a payout method." })
    .min(1, "Please choose a payout method."),
  /** Needed when the payout method or account changes; the server decides. */
  current_password: z.string().max(TYPED_PASSWORD_MAX_LENGTH).optional(),
};

export const UpiPayoutSchema = z.object({ ...common, upi_id: upiIdField() });

export const TextPayoutSchema = z.object({
  ...common,
  withdrawal_account_information: labelledText("Withdrawal account information", PAYOUT_ACCOUNT_MAX_LENGTH),
});

export const BankPayoutSchema = z
  .object({
    ...common,
    bank_account_number: accountNumberField(),
    bank_account_number_confirm: accountNumberField(),
    bank_ifsc: ifscField(),
    bank_account_holder: holderField(),
  })
  .superRefine((v, ctx) => {
    if (v.bank_account_number !== v.bank_account_number_confirm)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["bank_account_number_confirm"],
        message: PAYOUT_ACCOUNT_MESSAGES.accountNumberMismatch,
      });
  });

export const payoutSchemaOf = (kind: PayoutAccountKind) =>
  kind === "upi" ? UpiPayoutSchema : kind === "bank" ? BankPayoutSchema : TextPayoutSchema;

/** The IFSC check (no scripts: a button of the bank form); the other fields are kept as typed. */
export const IfscCheckSchema = z.object({
  withdrawal_method: z.string().optional(),
  bank_account_number: z.string().optional(),
  bank_account_number_confirm: z.string().optional(),
  bank_ifsc: z.string().optional(),
  bank_account_holder: z.string().optional(),
});
