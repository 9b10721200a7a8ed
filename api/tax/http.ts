import { Hono } from "hono";
import { z } from "zod";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type ApiEnv, ApiError, okRead, okWrite, readObjAt, requireMember } from "../http";
import { taxWithholdings } from "../db/schema";
import { basisPointsToFixedPercent, milliToRupeeString } from "../../shared/money";
import { INCOME_KINDS, financialYearOf, isFinancialYear, maskPan, PAN_MESSAGES } from "../../shared/tax";
import type { TaxPage } from "../../shared/contracts/tax";
import { panOf, setPan } from "./pan";
import { taxSettings } from "./settings";
import { yearlyIncome, yearlyWithheld } from "./totals";
import { quoteTax, withdrawnThisYear } from "./withholding";
import { taxCertificate } from "./statements";
import type { Db } from "../db/client";

const PanSchema = z
  .object({
    pan: z
      .string({ required_error: PAN_MESSAGES.format, invalid_type_error: PAN_MESSAGES.format })
      .max(20, PAN_MESSAGES.format),
  })
  .strict();

export const CERTIFICATE_MESSAGES = {
  quarter: "Choose a financial year like 2026-27 and a quarter from 1 to 4.",
} as const;

/** A financial year and quarter from a query (?fy=2026-27&quarter=3), or a 400. */
export function quarterQuery(
  fy: string | undefined,
  quarter: string | undefined,
): { fy: string; quarter: number } {
  const q = Number(quarter);
  if (!fy || !isFinancialYear(fy) || !Number.isInteger(q) || q < 1 || q > 4)
    throw new ApiError(400, CERTIFICATE_MESSAGES.quarter);
  return { fy, quarter: q };
}

/** The member's tax page: the year's totals, the tax the next withdrawal withholds, the certificates. */
export async function taxPage(db: Db, userId: string, now: Date): Promise<TaxPage> {
  const settings = await taxSettings(db);
  const fy = financialYearOf(now);
  const quote = await quoteTax(db, userId, now, settings);
  const [income, withheld, withdrawn, quarters] = [
    await yearlyIncome(db, userId, fy),
    await yearlyWithheld(db, userId, fy),
    await withdrawnThisYear(db, userId, now),
    await db
      .select({
        fy: taxWithholdings.fy,
        quarter: taxWithholdings.quarter,
        tax: sql<string>`sum(${taxWithholdings.tax})`,
      })
      .from(taxWithholdings)
      .where(and(eq(taxWithholdings.userId, userId), isNull(taxWithholdings.refundedAt)))
      .groupBy(taxWithholdings.fy, taxWithholdings.quarter)
      .orderBy(desc(taxWithholdings.fy), desc(taxWithholdings.quarter))
      .limit(40),
  ];
  // quoteTax reads the PAN only while the rules are on; the page shows it either way.
  const pan = quote.pan ?? (await panOf(db, userId));
  return {
    enabled: settings.enabled,
    pan: pan ? maskPan(pan) : null,
    fy,
    quarter: quote.quarter,
    totals: INCOME_KINDS.map((kind) => ({
      kind,
      gross: milliToRupeeString(income[kind]),
      tax: milliToRupeeString(withheld.tax[kind]),
    })),
    tax_due: milliToRupeeString(quote.tax),
    due: quote.lines.map((l) => ({
      kind: l.kind,
      gross: milliToRupeeString(l.gross),
      rate_percent: basisPointsToFixedPercent(l.rateBp),
      tax: milliToRupeeString(l.tax),
    })),
    pan_required_above: milliToRupeeString(settings.enabled ? settings.pan_required_above : 0),
    withdrawn_this_year: milliToRupeeString(withdrawn),
    certificates: quarters.map((r) => ({
      fy: r.fy,
      quarter: r.quarter,
      tax: milliToRupeeString(Number(r.tax)),
    })),
  };
}

/** The member's tax routes under /userAmount (docs/api/money.md#tax). */
export function taxRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/tax", requireMember, async (c) =>
    okRead(c, "/userAmount/tax", await taxPage(c.var.deps.db, c.var.member.id, c.var.deps.clock())),
  );

  r.post("/tax_pan", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readObjAt(c, "/userAmount/tax_pan", PanSchema);
    return okWrite(c, "/userAmount/tax_pan", await setPan(deps.db, member.id, body.pan, deps.clock()));
  });

  r.get("/tax_certificate", requireMember, async (c) => {
    const { fy, quarter } = quarterQuery(c.req.query("fy"), c.req.query("quarter"));
    return okRead(
      c,
      "/userAmount/tax_certificate",
      await taxCertificate(c.var.deps.db, c.var.member.id, fy, quarter),
    );
  });

  return r;
}
