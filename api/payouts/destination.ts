import { readBankAccount } from "../../shared/payoutAccount";

/**
 * Where a withdrawal can be sent without an operator typing it in (issue 22): a UPI id (VPA), or
 * a bank account with its IFSC, read strictly from the payout method a member bound and the
 * details they typed. Anything less certain — a Paytm mobile number, a bank account without an
 * IFSC, two account numbers, a mistyped UPI id — is no destination at all: it is paid by hand,
 * because money sent to a guessed account does not come back.
 *
 * Reading follows `normalizePayoutAccount` (api/risk/payoutAccounts.ts) — the details decide, not the
 * method's name, so a UPI id bound under "PhonePe" is a VPA — but it refuses where that one
 * forgives, and `destinationKey` gives the same `upi:` and `bank:` keys it does.
 */

export type PayoutDestination =
  /** A UPI id, lower-case, spaces removed. */
  | { kind: "vpa"; address: string }
  /** Account number digits only; IFSC upper-case; the holder's name trimmed. */
  | { kind: "bank"; accountNumber: string; ifsc: string; name: string };

/** A UPI id: handle, then the provider's letters. The first character is a letter or digit, so no
 * address starts like a spreadsheet formula (= + - @) and is mangled by a bank file's escaping. */
const VPA = /^[a-z0-9.\-_]{2,256}@[a-z]{2,64}$/;
const VPA_FIRST = /^[a-z0-9]/;
/** A label before a UPI id ("UPI: name@okaxis", "VPA-name@ybl" would be a handle, so only a colon). */
const VPA_LABEL = /^(?:upi|vpa)(?:id)?:/;

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An IFSC inside free text, any case, also typed with a space or dash after the bank's letters. */
const IFSC_IN_TEXT = /(?<![A-Za-z0-9])([A-Za-z]{4})[\s-]?(0[A-Za-z0-9]{6})(?![A-Za-z0-9])/g;
/** Words members put around the details ("A/c No: …, IFSC Code: …, Name: …"). */
const LABELS =
  /(?<![\p{L}\p{M}])(?:a\/c(?:\s*no\.?)?|acc(?:ount)?(?:\s*(?:no\.?|number|num))?|ifsc(?:\s*code)?|(?:account\s*)?holder(?:'s)?(?:\s*name)?|beneficiary(?:\s*name)?|name)(?![\p{L}\p{M}])/giu;
/** An account number, with the spaces or dashes members group its digits with. */
const DIGIT_RUN = /\d(?:[\d\s-]*\d)?/g;
const ACCOUNT_NUMBER = /^\d{9,18}$/;
/** What may part the details: commas, semicolons, pipes, slashes, colons, dashes, line breaks. */
const SEPARATORS = /[,;|/:\-–—\r\n\t]+/;
const HOLDER_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .']*$/u;
const NAME_MAX = 100;

/** Bank transfers up to this amount go by IMPS (its per-transfer limit, ₹5,00,000), above by NEFT. */
export const IMPS_LIMIT_MILLI = 500_000 * 1000;

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

function vpaOf(text: string): string | null {
  const compact = text.toLowerCase().replace(/\s+/g, "").replace(VPA_LABEL, "");
  return VPA.test(compact) && VPA_FIRST.test(compact) ? compact : null;
}

/** The account number, IFSC and holder's name in free text, in any order; null unless exactly one of each number. */
function bankOf(text: string, memberName: string): PayoutDestination | null {
  const ifscs = new Set<string>();
  const withoutIfsc = text.replace(IFSC_IN_TEXT, (_m, bank: string, branch: string) => {
    ifscs.add(`${bank}${branch}`.toUpperCase());
    return ",";
  });
  const [ifsc, ...otherIfscs] = [...ifscs];
  if (!ifsc || otherIfscs.length > 0 || !IFSC.test(ifsc)) return null;

  const unlabelled = withoutIfsc.replace(LABELS, ",");
  const numbers = unlabelled.match(DIGIT_RUN) ?? [];
  if (numbers.length !== 1) return null;
  const accountNumber = numbers[0]!.replace(/\D/g, "");
  if (!ACCOUNT_NUMBER.test(accountNumber)) return null;

  // What is left between the separators: one piece is the holder's name; none, or several (a
  // bank's name beside the holder's), and the member's own name stands in.
  const pieces = unlabelled
    .replace(DIGIT_RUN, ",")
    .split(SEPARATORS)
    .map(squash)
    .filter((p) => p !== "" && p !== "." && p !== "'");
  const [piece, ...more] = pieces;
  const typed =
    piece && more.length === 0 && HOLDER_NAME.test(piece) && piece.length <= NAME_MAX ? piece : null;
  const name = typed ?? squash(memberName).slice(0, NAME_MAX);
  if (!name) return null;
  return { kind: "bank", accountNumber, ifsc, name };
}

/**
 * Where a withdrawal can be paid by a provider or a bank file, from the bound method and
 * details; null when it cannot be sent automatically (a Paytm mobile number, a bank account
 * without an IFSC, anything unreadable) — then it is paid by hand. A bank account the member
 * entered in its own fields (issue 45; the withdrawal's payout_bank) is paid to those fields as
 * they are; only older free text is read.
 */
export function payoutDestination(
  _methodName: string,
  accountInfo: string,
  memberName: string,
  fields?: unknown,
): PayoutDestination | null {
  const bank = readBankAccount(fields);
  if (bank) return { kind: "bank", accountNumber: bank.accountNumber, ifsc: bank.ifsc, name: bank.holder };
  const text = accountInfo.trim();
  if (!text || text.length > 1000) return null;
  const address = vpaOf(text);
  if (address) return { kind: "vpa", address };
  if (text.includes("@")) return null;
  return bankOf(text, memberName);
}

/** The transfer mode: UPI for a VPA; IMPS for a bank account up to ₹5,00,000; NEFT above. Amount in milli-rupees. */
export function payoutModeOf(dest: PayoutDestination, amountMilli: number): "UPI" | "IMPS" | "NEFT" {
  if (dest.kind === "vpa") return "UPI";
  return amountMilli <= IMPS_LIMIT_MILLI ? "IMPS" : "NEFT";
}

/**
 * A stable key of the destination, the same however it was typed (`upi:name@okaxis`,
 * `bank:123456789012:SBIN0001234`) and the same as normalizePayoutAccount's: fund accounts are
 * made once per key. The holder's name is not part of it.
 */
export function destinationKey(dest: PayoutDestination): string {
  return dest.kind === "vpa" ? `upi:${dest.address}` : `bank:${dest.accountNumber}:${dest.ifsc}`;
}

const MOBILE_METHODS = /paytm|phone\s*pe|mobikwik|freecharge|airtel|jio|wallet|mobile/i;
const BANK_METHODS = /bank|neft|imps|rtgs|a\/c|account/i;
const UPI_METHODS = /upi|vpa|gpay|google\s*pay|bhim/i;

/** Why a request cannot go automatically, in words for the operator, given the method name. */
export const NOT_PAYABLE = (methodName: string): string => {
  const method = squash(methodName) || "These payout";
  if (BANK_METHODS.test(method))
    return `${method} details are paid by hand: no account number of 9 to 18 digits with one IFSC could be read.`;
  if (UPI_METHODS.test(method))
    return `${method} details are paid by hand: no valid UPI id (like name@okaxis) could be read.`;
  if (MOBILE_METHODS.test(method))
    return `${method} numbers are paid by hand: no UPI id or bank account with IFSC.`;
  return `${method} details are paid by hand: no UPI id or bank account with IFSC.`;
};
