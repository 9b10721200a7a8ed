import { and, eq, gte, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { taxWithholdings, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { PLATFORM, memberAccount } from "../ledger/accounts";
import { post } from "../ledger/ledger";
import { formatRupees } from "../../shared/money";
import {
  INCOME_KINDS,
  financialYearOf,
  financialYearSpan,
  quarterOf,
  taxOn,
  type IncomeKind,
  type TaxSettings,
} from "../../shared/tax";
import { panOf } from "./pan";
import { taxSettings } from "./settings";
import { paymentsAbove, yearlyIncome, yearlyWithheld } from "./totals";

/**
 * Withholding at the withdrawal request (issue 44 §6, docs/decisions/0034): when a member asks to
 * be paid, the tax due on their income of the financial year not taxed yet is computed under the
 * owner's rules, and booked in the withdrawal's own entry — the withdrawable balance gives the
 * gross, pending payouts take the net, `platform:tds_payable` the tax — with one row per income
 * kind, unique per (withdrawal, kind). A rejected withdrawal returns its tax, once.
 */

export const TAX_MESSAGES = {
  panRequired: (above: number) =>
    `Please add your PAN on the Tax page before withdrawing: it is needed once your withdrawals this financial year pass ${formatRupees(above)}.`,
  taxExceedsAmount: (tax: number) =>
    `Tax of ${formatRupees(tax)} is due on your income this financial year and is taken from this withdrawal: please withdraw more than that.`,
  taxChanged: (tax: number) =>
    `The tax on this withdrawal has changed to ${formatRupees(tax)} since it was shown: check the amounts and confirm again.`,
  panSaved: "PAN saved.",
  settingsSaved: "Tax settings saved.",
} as const;

/** The tax due on one income kind: the untaxed income it is withheld on, the rate and the tax. */
export interface TaxLine {
  kind: IncomeKind;
  gross: number;
  rateBp: number;
  tax: number;
}

export interface TaxQuote {
  fy: string;
  quarter: 1 | 2 | 3 | 4;
  pan: string | null;
  lines: TaxLine[];
  /** The sum of the lines' tax (milli-rupees). */
  tax: number;
}

/**
 * The tax due now on the member's income of this financial year, under `settings`: per kind, the
 * income the rule taxes (the whole year's once its total passes the threshold, or each payment
 * above it) less what tax was already withheld on, at the rate with or without a PAN, rounded up
 * to the whole milli-rupee. Nothing when the rules are off.
 */
export async function quoteTax(
  db: Db | Tx,
  userId: string,
  now: Date,
  settings?: TaxSettings,
): Promise<TaxQuote> {
  const s = settings ?? (await taxSettings(db));
  const fy = financialYearOf(now);
  const quote: TaxQuote = { fy, quarter: quarterOf(now), pan: null, lines: [], tax: 0 };
  if (!s.enabled) return quote;
  const active = INCOME_KINDS.filter((k) => s.rules[k].rate_pan_bp > 0 || s.rules[k].rate_no_pan_bp > 0);
  quote.pan = await panOf(db, userId);
  if (active.length === 0) return quote;
  const income = await yearlyIncome(db, userId, fy);
  const withheld = await yearlyWithheld(db, userId, fy);
  for (const kind of active) {
    const rule = s.rules[kind];
    const base =
      rule.basis === "payment"
        ? await paymentsAbove(db, userId, fy, kind, rule.threshold)
        : income[kind] > rule.threshold
          ? income[kind]
          : 0;
    const gross = base - withheld.gross[kind];
    if (gross <= 0) continue;
    const rateBp = quote.pan ? rule.rate_pan_bp : rule.rate_no_pan_bp;
    const tax = taxOn(gross, rateBp);
    quote.lines.push({ kind, gross, rateBp, tax });
    quote.tax += tax;
  }
  return quote;
}

/** What the member's withdrawals of this financial year took from their balance (gross: net plus tax), rejected ones left out. */
export async function withdrawnThisYear(db: Db | Tx, userId: string, now: Date): Promise<number> {
  const fy = financialYearOf(now);
  const { from, to } = financialYearSpan(fy);
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, "Reject"),
        gte(withdrawals.createdAt, from),
        lt(withdrawals.createdAt, to),
      ),
    );
  // A withdrawal's withholding rows are of its own year, and refunded when it is rejected.
  const withheld = await yearlyWithheld(db, userId, fy);
  return Number(row?.net ?? 0) + INCOME_KINDS.reduce((sum, k) => sum + withheld.tax[k], 0);
}

/**
 * Refuses a withdrawal of `gross` that needs a PAN the member has not given: the owner's
 * `pan_required_above` (0: never) passed by this year's withdrawals with this one.
 */
export async function assertPanWhereRequired(
  db: Db | Tx,
  input: { userId: string; gross: number; pan: string | null; now: Date; settings: TaxSettings },
): Promise<void> {
  const above = input.settings.pan_required_above;
  if (!input.settings.enabled || input.pan || above <= 0) return;
  if ((await withdrawnThisYear(db, input.userId, input.now)) + input.gross > above)
    throw new DomainError("pan_required", TAX_MESSAGES.panRequired(above));
}

/** Records a withdrawal's withholding rows, inside the transaction that posts its entry. */
export async function recordWithholding(
  tx: Tx,
  input: { userId: string; withdrawalId: string; quote: TaxQuote; now: Date },
): Promise<void> {
  const { quote } = input;
  const rows = quote.lines
    .filter((l) => l.gross > 0)
    .map((l) => ({
      userId: input.userId,
      withdrawalId: input.withdrawalId,
      kind: l.kind,
      fy: quote.fy,
      quarter: quote.quarter,
      gross: l.gross,
      tax: l.tax,
      rateBp: l.rateBp,
      pan: quote.pan,
      createdAt: input.now,
    }));
  if (rows.length > 0) await tx.insert(taxWithholdings).values(rows);
}

/**
 * A rejected (or failed, or reversed) withdrawal's tax goes back to the member's withdrawable
 * balance, once: the rows are marked refunded by a conditional update, and the entry's key is the
 * withdrawal's. Inside the caller's transaction, beside the withdrawal's own refund.
 */
export async function refundWithheldTax(
  tx: Tx,
  input: { withdrawalId: string; userId: string },
): Promise<number> {
  const refunded = await tx
    .update(taxWithholdings)
    .set({ refundedAt: new Date() })
    .where(and(eq(taxWithholdings.withdrawalId, input.withdrawalId), isNull(taxWithholdings.refundedAt)))
    .returning({ tax: taxWithholdings.tax });
  const total = refunded.reduce((sum, r) => sum + r.tax, 0);
  if (total > 0)
    await post(tx, {
      idempotencyKey: `tax-refund:${input.withdrawalId}`,
      kind: "tax_refund",
      userId: input.userId,
      lines: [
        { account: PLATFORM.tdsPayable, amount: -total },
        { account: memberAccount(input.userId, "withdrawable"), amount: total },
      ],
    });
  return total;
}
