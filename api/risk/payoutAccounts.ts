import type { Db } from "../db/client";
import { memberPayoutAccounts } from "../db/schema";
import { recordSignals, type SignalInput } from "./score";
import { LINK_LIST_CAP, plural, seenPairStatement, sharedSignals, writeLink } from "./pairs";

/**
 * Payout accounts as links between members (issue 21 §1): one normal form per account, the
 * masked form operators see, and the shared_payout signal.
 */

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
  const hide = (s: string, head: number, tail: number) =>
    s.length <= head + tail
      ? "*".repeat(s.length)
      : s.slice(0, head) + "*".repeat(s.length - head - tail) + s.slice(s.length - tail);
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

/** A payout account a member bound or asked to be paid to. */
export interface PayoutAccountUse {
  userId: string;
  methodName: string;
  accountInfo: string;
  now?: Date;
}

/**
 * Records a payout account a member bound (profile) or asked to be paid to (withdrawal), and
 * the shared_payout signals it gives: when N ≥ 2 members bound the same account (normalised),
 * each gets strength 100 × (N − 1) — the strongest single sign of one person behind many
 * accounts. Outside any transaction of the caller's; answers the normal form.
 */
export async function recordPayoutAccount(db: Db, input: PayoutAccountUse): Promise<string | null> {
  const link = await payoutAccountLink(db, input);
  if (link && link.signals.length > 0) await recordSignals(db, link.signals, input.now ?? new Date());
  return link?.accountKey ?? null;
}

/** A (payout account, member) pair written, and who else is on the account (writeLink). */
const payoutAccountPair = seenPairStatement(memberPayoutAccounts, "accountKey");

/** recordPayoutAccount's pair written: the normal form and the signals it gives (not yet recorded). */
export async function payoutAccountLink(
  db: Db,
  input: PayoutAccountUse,
): Promise<{ accountKey: string; signals: SignalInput[] } | null> {
  if (!input.accountInfo.trim()) return null;
  const now = input.now ?? new Date();
  const accountKey = normalizePayoutAccount(input.methodName, input.accountInfo);
  const { joined, total, others } = await writeLink(db, payoutAccountPair, {
    value: accountKey,
    userId: input.userId,
    limit: LINK_LIST_CAP,
    now,
  });
  const everyone = [input.userId, ...others];
  const members = joined ? everyone.slice(0, LINK_LIST_CAP) : [input.userId];
  const masked = maskPayoutAccount(accountKey);
  const signals = sharedSignals(members, everyone, total, (m, accounts, count) => ({
    userId: m,
    kind: "shared_payout",
    key: `payout:${accountKey}`.slice(0, 300),
    strength: 100 * count,
    summary: `Payout account ${masked} shared with ${count} other ${plural(count)}`,
    evidence: { payoutAccount: accountKey, accounts },
  }));
  return { accountKey, signals };
}
