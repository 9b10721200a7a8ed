/**
 * Payout accounts (issue 21 §1, issue 45 §3): one normal form per account, whatever way the member
 * typed it, and one mask, the same wherever an account is shown without being paid to (risk
 * summaries and linked accounts, the member page, the bank details a member sees): the middle
 * hidden (`ra***@okaxis`, `98******10`, `********9012 (SBIN0001234)`). Only the screens that pay
 * (the withdrawal queue) show the account whole.
 */

/** The first `n` characters: whole characters, never half of a surrogate pair. */
const firstChars = (s: string, n: number) => Array.from(s).slice(0, Math.max(0, n)).join("");
/** The last `n` characters, whole. */
const lastChars = (s: string, n: number) => (n > 0 ? Array.from(s).slice(-n).join("") : "");

const IFSC = /\b([A-Za-z]{4}0[A-Za-z0-9]{6})\b/;
const UPI = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9.-]{1,64}$/;

/**
 * One payout account in one normal form, whatever way the member typed it:
 * - a UPI id, lower-case without spaces: `upi:name@okaxis`;
 * - an Indian mobile number (Paytm, PhonePe…), without +91, a leading 0, spaces or dashes:
 *   `mobile:9876543210`;
 * - a bank account, its digits, with the IFSC upper-case when given: `bank:12345678901:SBIN0001234`;
 * - anything else, lower-case and trimmed, under its method: `other:{method}:{text}`.
 */
export function normalizePayoutAccount(methodName: string, accountInfo: string): string {
  const text = accountInfo.trim();
  const compact = text.toLowerCase().replace(/\s+/g, "");
  if (UPI.test(compact)) return `upi:${compact}`;
  const ifsc = IFSC.exec(text)?.[1]?.toUpperCase() ?? null;
  const digits = (ifsc ? text.replace(IFSC, " ") : text).replace(/\D/g, "");
  const bankish = /bank|neft|imps|rtgs|a\/c|account/i.test(`${methodName} ${text}`);
  if (!ifsc && !bankish) {
    const mobile = /^(?:91|0)?([6-9]\d{9})$/.exec(digits)?.[1];
    // Only separators around the number: "+91 98765-43210", "098765 43210".
    if (mobile && /^[+\d\s().-]+$/.test(text)) return `mobile:${mobile}`;
  }
  if (digits.length >= 9 && digits.length <= 18 && (ifsc || bankish || /^[\d\s-]+$/.test(text)))
    return ifsc ? `bank:${digits}:${ifsc}` : `bank:${digits}`;
  return `other:${methodName.trim().toLowerCase()}:${text.toLowerCase()}`.slice(0, 300);
}

/** A payout account as operators' summaries show it: the middle hidden (`ra***@okaxis`, `98******10`). */
export function maskPayoutAccount(accountKey: string): string {
  const colon = accountKey.indexOf(":");
  const kind = accountKey.slice(0, colon);
  const value = accountKey.slice(colon + 1);
  // Counted in whole characters: a mask never keeps half of a surrogate pair (whole characters).
  const hide = (s: string, head: number, tail: number) => {
    const length = Array.from(s).length;
    return length <= head + tail
      ? "*".repeat(length)
      : firstChars(s, head) + "*".repeat(length - head - tail) + lastChars(s, tail);
  };
  if (kind === "upi") {
    const at = value.lastIndexOf("@");
    return `${hide(value.slice(0, at), 2, 0)}${value.slice(at)}`;
  }
  if (kind === "mobile") return hide(value, 2, 2);
  if (kind === "bank") {
    const [number = "", ifsc] = value.split(":");
    return `${hide(number, 0, 4)}${ifsc ? ` (${ifsc})` : ""}`;
  }
  const text = value.slice(value.indexOf(":") + 1);
  return hide(text, 2, 2);
}

/** An account as the member typed it, masked: the normal form's mask (shown the same everywhere). */
export function maskAccountInfo(methodName: string, accountInfo: string): string {
  return maskPayoutAccount(normalizePayoutAccount(methodName, accountInfo));
}
