import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberTaxProfiles, taxWithholdings, users } from "../db/schema";
import { csvLine } from "../lib/csv";
import { istDay } from "../ledger/earningKinds";
import { basisPointsToFixedPercent, milliToRupeeString } from "../../shared/money";
import { maskPan } from "../../shared/tax";
import type { TaxCertificate } from "../../shared/contracts/tax";

/**
 * What the owner's accountant and the member read of the tax withheld (issue 44 §6): a CSV per
 * financial-year quarter (every withholding not refunded, the PAN whole: it is what the quarterly
 * return needs), and a member's certificate for a quarter (their own rows, the PAN masked).
 */

export const STATEMENT_COLUMNS = [
  "member_id",
  "member_name",
  "pan",
  "income_kind",
  "gross_rupees",
  "rate_percent",
  "tax_rupees",
  "withdrawal_id",
  "withheld_on",
] as const;

/** The quarter's statement as CSV text (header first; cells that a spreadsheet reads as formulas prefixed with '). */
export async function quarterStatementCsv(db: Db, fy: string, quarter: number): Promise<string> {
  const rows = await db
    .select({
      userId: taxWithholdings.userId,
      name: users.name,
      pan: taxWithholdings.pan,
      kind: taxWithholdings.kind,
      gross: taxWithholdings.gross,
      rateBp: taxWithholdings.rateBp,
      tax: taxWithholdings.tax,
      withdrawalId: taxWithholdings.withdrawalId,
      createdAt: taxWithholdings.createdAt,
    })
    .from(taxWithholdings)
    .innerJoin(users, eq(users.id, taxWithholdings.userId))
    .where(
      and(
        eq(taxWithholdings.fy, fy),
        eq(taxWithholdings.quarter, quarter),
        isNull(taxWithholdings.refundedAt),
      ),
    )
    .orderBy(asc(taxWithholdings.id));
  let text = csvLine(STATEMENT_COLUMNS);
  for (const r of rows)
    text += csvLine([
      r.userId,
      r.name,
      r.pan ?? "",
      r.kind,
      milliToRupeeString(r.gross),
      basisPointsToFixedPercent(r.rateBp),
      milliToRupeeString(r.tax),
      r.withdrawalId,
      istDay(r.createdAt),
    ]);
  return text;
}

/** A member's certificate for one quarter: what was withheld from them, and the totals. */
export async function taxCertificate(
  db: Db,
  userId: string,
  fy: string,
  quarter: number,
): Promise<TaxCertificate> {
  const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select()
    .from(taxWithholdings)
    .where(
      and(
        eq(taxWithholdings.userId, userId),
        eq(taxWithholdings.fy, fy),
        eq(taxWithholdings.quarter, quarter),
        isNull(taxWithholdings.refundedAt),
      ),
    )
    .orderBy(asc(taxWithholdings.id));
  const pans = [...new Set(rows.map((r) => r.pan).filter((p): p is string => p !== null))];
  return {
    fy,
    quarter,
    member_name: member?.name ?? "",
    member_id: userId,
    pan: pans.map(maskPan),
    rows: rows.map((r) => ({
      kind: r.kind,
      gross: milliToRupeeString(r.gross),
      rate_percent: basisPointsToFixedPercent(r.rateBp),
      tax: milliToRupeeString(r.tax),
      withdrawal_id: r.withdrawalId,
      date: r.createdAt.toISOString(),
    })),
    total_gross: milliToRupeeString(rows.reduce((s, r) => s + r.gross, 0)),
    total_tax: milliToRupeeString(rows.reduce((s, r) => s + r.tax, 0)),
  };
}

/** What a member's data export holds of their tax (issue 44 §2): their PAN masked, each withholding. */
export async function taxDataOf(db: Db, userId: string) {
  const [profile] = await db
    .select({ pan: memberTaxProfiles.pan, updatedAt: memberTaxProfiles.updatedAt })
    .from(memberTaxProfiles)
    .where(eq(memberTaxProfiles.userId, userId));
  const rows = await db
    .select()
    .from(taxWithholdings)
    .where(eq(taxWithholdings.userId, userId))
    .orderBy(asc(taxWithholdings.id));
  return {
    pan: profile ? maskPan(profile.pan) : null,
    withholdings: rows.map((r) => ({
      withdrawal_id: r.withdrawalId,
      kind: r.kind,
      fy: r.fy,
      quarter: r.quarter,
      gross: milliToRupeeString(r.gross),
      rate_percent: basisPointsToFixedPercent(r.rateBp),
      tax: milliToRupeeString(r.tax),
      pan: r.pan ? maskPan(r.pan) : null,
      date: r.createdAt.toISOString(),
      refunded_at: r.refundedAt?.toISOString() ?? null,
    })),
  };
}
