import { z } from "zod";
import { PAYOUT_ACCOUNT_MAX_LENGTH, labelledText } from "./fields";

/**
 * What a payout method asks the member for (issue 45 §2): a UPI id, a bank account in its own
 * fields (account number, IFSC, the account holder's name), or, for any other method (a Paytm
 * number…), the free text the spec calls withdrawal_account_information. The kind is read from
 * the method's name, the same words the payouts read it by (api/payouts/destination.ts).
 */
export type PayoutAccountKind = "upi" | "bank" | "text";

const BANK_METHOD = /bank|neft|imps|rtgs|a\/c|account/i;
const UPI_METHOD = /upi|vpa|gpay|google\s*pay|bhim/i;

export function payoutMethodKind(methodName: string): PayoutAccountKind {
  if (BANK_METHOD.test(methodName)) return "bank";
  if (UPI_METHOD.test(methodName)) return "upi";
  return "text";
}

/** A bank account as the member typed it, checked: digits only, IFSC upper-case, the name trimmed. */
export interface BankAccount {
  accountNumber: string;
  ifsc: string;
  holder: string;
}

export const PAYOUT_ACCOUNT_MESSAGES = {
  upiId: "Please enter a valid UPI ID, like name@okaxis.",
  upiIdMissing: "UPI ID is required.",
  accountNumber: "Please enter the account number: 9 to 18 digits.",
  accountNumberMissing: "Account number is required.",
  accountNumberMismatch: "The two account numbers do not match.",
  ifsc: "Please enter a valid IFSC: 11 characters, like SBIN0001234.",
  ifscMissing: "IFSC is required.",
  holderMissing: "Account holder's name is required.",
  holderTooLong: "Account holder's name must be at most 100 characters.",
  holderLetters:
    "Please enter the account holder's name as the bank has it: letters, spaces, dots and apostrophes.",
} as const;

/** A UPI id (VPA): the handle, @, the provider's letters; the first character a letter or digit. */
export const UPI_ID = /^[a-z0-9][a-z0-9.\-_]{1,255}@[a-z]{2,64}$/i;
export const UPI_ID_PATTERN = "[A-Za-z0-9][A-Za-z0-9.\\-_]{1,255}@[A-Za-z]{2,64}";
export const ACCOUNT_NUMBER = /^\d{9,18}$/;
export const ACCOUNT_NUMBER_PATTERN = "[0-9]{9,18}";
/** RBI's IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** The input's pattern: any case (it is upper-cased when stored). */
export const IFSC_PATTERN = "[A-Za-z]{4}0[A-Za-z0-9]{6}";
export const HOLDER_MAX_LENGTH = 100;
/** A holder's name as banks keep it (and as the payouts read it, api/payouts/destination.ts). */
export const HOLDER_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .']*$/u;

/** Native attributes of the fields, so the browser keeps the rules before (and without) scripts. */
export const UPI_ID_INPUT = {
  pattern: UPI_ID_PATTERN,
  maxLength: 320,
  title: PAYOUT_ACCOUNT_MESSAGES.upiId,
  autoCapitalize: "none",
  spellCheck: false,
} as const;
export const ACCOUNT_NUMBER_INPUT = {
  inputMode: "numeric",
  pattern: ACCOUNT_NUMBER_PATTERN,
  maxLength: 18,
  title: PAYOUT_ACCOUNT_MESSAGES.accountNumber,
  autoComplete: "off",
} as const;
export const IFSC_INPUT = {
  pattern: IFSC_PATTERN,
  maxLength: 11,
  title: PAYOUT_ACCOUNT_MESSAGES.ifsc,
  autoCapitalize: "characters",
  spellCheck: false,
} as const;

/** Spaces members group the digits with are dropped before the check. */
const digitsOnly = (v: string) => v.replace(/[\s-]/g, "");

const text = (missing: string) =>
  z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing);

export const upiIdField = () =>
  text(PAYOUT_ACCOUNT_MESSAGES.upiIdMissing)
    .transform((v) => v.replace(/\s+/g, "").toLowerCase())
    .refine((v) => UPI_ID.test(v), PAYOUT_ACCOUNT_MESSAGES.upiId);

export const accountNumberField = (missing: string = PAYOUT_ACCOUNT_MESSAGES.accountNumberMissing) =>
  text(missing)
    .max(40, PAYOUT_ACCOUNT_MESSAGES.accountNumber)
    .transform(digitsOnly)
    .refine((v) => ACCOUNT_NUMBER.test(v), PAYOUT_ACCOUNT_MESSAGES.accountNumber);

export const ifscField = () =>
  text(PAYOUT_ACCOUNT_MESSAGES.ifscMissing)
    .max(20, PAYOUT_ACCOUNT_MESSAGES.ifsc)
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => IFSC.test(v), PAYOUT_ACCOUNT_MESSAGES.ifsc);

export const holderField = () =>
  text(PAYOUT_ACCOUNT_MESSAGES.holderMissing)
    .max(HOLDER_MAX_LENGTH, PAYOUT_ACCOUNT_MESSAGES.holderTooLong)
    .transform((v) => v.replace(/\s+/g, " "))
    .refine((v) => HOLDER_NAME.test(v), PAYOUT_ACCOUNT_MESSAGES.holderLetters);

/**
 * The payout change's fields (the page's forms and PATCH /userRoute/userPayoutData_patch): only
 * what the chosen method's kind needs is required; the rest is ignored. `kindOf` tells the kind
 * of the named method (the page knows it from the list, the API from the same name rule).
 */
export const PAYOUT_CHANGE_FIELDS = {
  withdrawal_method: labelledText("Withdrawal method", 100),
  upi_id: z.string().max(400).optional(),
  withdrawal_account_information: z
    .string()
    .max(PAYOUT_ACCOUNT_MAX_LENGTH + 100)
    .optional(),
  bank_account_number: z.string().max(100).optional(),
  bank_account_number_confirm: z.string().max(100).optional(),
  bank_ifsc: z.string().max(100).optional(),
  bank_account_holder: z.string().max(400).optional(),
};

export type PayoutChange =
  | { kind: "upi"; methodName: string; accountInfo: string }
  | { kind: "text"; methodName: string; accountInfo: string }
  | { kind: "bank"; methodName: string; accountInfo: string; bank: BankAccount };

type PayoutChangeInput = z.infer<z.ZodObject<typeof PAYOUT_CHANGE_FIELDS>>;

/** Checks the fields the method's kind needs, each error on its own field; gives the change. */
export function checkPayoutChange(body: PayoutChangeInput, ctx: z.RefinementCtx): PayoutChange {
  const kind = payoutMethodKind(body.withdrawal_method);
  const field = <T>(path: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown) => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: r.error.issues[0]!.message });
    return null;
  };
  if (kind === "upi") {
    const upi = field("upi_id", upiIdField(), body.upi_id ?? body.withdrawal_account_information);
    return { kind, methodName: body.withdrawal_method, accountInfo: upi ?? "" };
  }
  if (kind === "text") {
    const info = field(
      "withdrawal_account_information",
      labelledText("Withdrawal account information", PAYOUT_ACCOUNT_MAX_LENGTH),
      body.withdrawal_account_information,
    );
    return { kind, methodName: body.withdrawal_method, accountInfo: info ?? "" };
  }
  const accountNumber = field("bank_account_number", accountNumberField(), body.bank_account_number);
  if (body.bank_account_number_confirm !== undefined && accountNumber !== null) {
    const confirm = digitsOnly(body.bank_account_number_confirm.trim());
    if (confirm !== accountNumber)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["bank_account_number_confirm"],
        message: PAYOUT_ACCOUNT_MESSAGES.accountNumberMismatch,
      });
  }
  const ifsc = field("bank_ifsc", ifscField(), body.bank_ifsc);
  const holder = field("bank_account_holder", holderField(), body.bank_account_holder);
  const bank = { accountNumber: accountNumber ?? "", ifsc: ifsc ?? "", holder: holder ?? "" };
  return { kind, methodName: body.withdrawal_method, accountInfo: bankAccountText(bank), bank };
}

/**
 * The payout text written from a bank account's fields: what lists, mails, searches and risk keys
 * read (`A/c 123456789012, IFSC SBIN0001234, Asha Verma`); the payouts read the fields themselves.
 */
export const bankAccountText = (b: BankAccount): string =>
  `A/c ${b.accountNumber}, IFSC ${b.ifsc}, ${b.holder}`;

/** A stored bank account, checked again (a JSON column read back): null unless every field holds. */
export function readBankAccount(value: unknown): BankAccount | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const { accountNumber, ifsc, holder } = v;
  if (typeof accountNumber !== "string" || !ACCOUNT_NUMBER.test(accountNumber)) return null;
  if (typeof ifsc !== "string" || !IFSC.test(ifsc)) return null;
  if (typeof holder !== "string" || !HOLDER_NAME.test(holder) || holder.length > HOLDER_MAX_LENGTH)
    return null;
  return { accountNumber, ifsc, holder };
}
