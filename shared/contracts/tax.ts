import type { Endpoint } from "./endpoint";
import type { IncomeKind, TaxSettings } from "../tax";

/**
 * The payer's tax on the wire (issue 44 §6, docs/api/money.md#tax): the member's tax page and
 * certificate, the PAN form, and the owner's settings and quarterly statement. Amounts are rupee
 * strings (3 decimals) except in the settings, which are the stored value (milli-rupees, basis
 * points); times are ISO strings; a PAN is masked (ABCPE****F) everywhere but the statement.
 */

/** One income kind of the financial year: its gross income and the tax withheld on it so far. */
export interface TaxTotal {
  kind: IncomeKind;
  gross: string;
  tax: string;
}

/** The tax a withdrawal made now would withhold on one income kind. */
export interface TaxDueLine {
  kind: IncomeKind;
  gross: string;
  rate_percent: string;
  tax: string;
}

/** The member's tax page (GET /userAmount/tax), also read by the withdraw page's confirm step. */
export interface TaxPage {
  enabled: boolean;
  /** Masked; null when none given. */
  pan: string | null;
  /** "2026-27" and its quarter now (1: April–June … 4: January–March). */
  fy: string;
  quarter: number;
  totals: TaxTotal[];
  /** What the next withdrawal withholds (taken from its amount), and on what. */
  tax_due: string;
  due: TaxDueLine[];
  /** A PAN is needed before a withdrawal that takes this year's withdrawals above this ("0.000": never). */
  pan_required_above: string;
  withdrawn_this_year: string;
  /** The quarters with tax withheld from the member, newest first. */
  certificates: { fy: string; quarter: number; tax: string }[];
}

/** The PAN form (POST /userAmount/tax_pan). */
export interface PanBody {
  pan: string;
}

/** One withholding on a certificate. */
export interface TaxCertificateRow {
  kind: string;
  gross: string;
  rate_percent: string;
  tax: string;
  withdrawal_id: string;
  date: string;
}

/** A member's certificate for a quarter (GET /userAmount/tax_certificate?fy=2026-27&quarter=3). */
export interface TaxCertificate {
  fy: string;
  quarter: number;
  member_name: string;
  member_id: string;
  /** The PANs the tax was withheld under, masked (none: withheld at the rate without a PAN). */
  pan: string[];
  rows: TaxCertificateRow[];
  total_gross: string;
  total_tax: string;
}

export interface TaxEndpoints {
  "/userAmount/tax": Endpoint<TaxPage>;
  /** Answers the PAN saved, masked. */
  "/userAmount/tax_pan": Endpoint<string, PanBody>;
  "/userAmount/tax_certificate": Endpoint<TaxCertificate>;
  /** GET the owner's settings; PATCH saves them (owner, audited). */
  "/adminRoute/tax/settings": Endpoint<TaxSettings, TaxSettings, string>;
}
