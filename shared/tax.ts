/**
 * The payer's tax duties (issue 44 §6; docs/decisions/0034-payer-tax.md): the PAN rule, the
 * income kinds, the financial year and its quarters, and the owner's withholding rules with their
 * defaults. Shared by the API (which applies them), the pages (native `pattern`, the console form)
 * and the tests. Not legal advice: every threshold and rate is the owner's setting.
 */

/**
 * A PAN: five letters, four digits, one letter (Income-tax Rules 1962, r.114; the card's layout).
 * The fourth letter is the holder's status; a person's is P.
 */
export const PAN_PATTERN = "[A-Z]{5}[0-9]{4}[A-Z]";
const PAN_RE = new RegExp(`^${PAN_PATTERN}$`);

export const PAN_MESSAGES = {
  format: "Please enter a valid PAN: five letters, four digits, one letter (like ABCPE1234F).",
  person: "Please enter your own PAN: the fourth letter of a person's PAN is P.",
} as const;

/** The PAN as typed, upper-cased and trimmed, checked: the PAN, or the message for what is wrong. */
export function checkPan(typed: string): { pan: string } | { error: string } {
  const pan = typed.trim().toUpperCase();
  if (!PAN_RE.test(pan)) return { error: PAN_MESSAGES.format };
  if (pan[3] !== "P") return { error: PAN_MESSAGES.person };
  return { pan };
}

/** A PAN as shown anywhere but the accountant's statement: ABCPE****F. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 5)}****${pan.slice(9)}`;
}

/** Income kinds the tax rules and the yearly totals speak of. */
export const INCOME_KINDS = ["task", "referral", "prize", "adjustment"] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** Which journal kinds each income kind counts (adjustments: an operator's credit). */
export const INCOME_ENTRY_KINDS: Record<IncomeKind, readonly string[]> = {
  task: ["ptc_ads", "click_short_link", "offerWall"],
  referral: ["referral_income"],
  prize: ["bettingGames"],
  adjustment: ["adjustment_credit"],
};

/**
 * One income kind's rule: tax is withheld on the kind's income once the year's total passes
 * `threshold` (basis `year`: then on the whole year's income, the first rupee included), or on
 * each single payment above `threshold` (basis `payment`), at `rate_pan_bp` when the member gave
 * a PAN and `rate_no_pan_bp` when not. Amounts in milli-rupees, rates in basis points (100 = 1 %);
 * a rate of 0 withholds nothing.
 */
export interface WithholdingRule {
  basis: "year" | "payment";
  threshold: number;
  rate_pan_bp: number;
  rate_no_pan_bp: number;
}

export interface TaxSettings {
  /** Off by default: nothing is withheld and no PAN is asked for until the owner turns it on. */
  enabled: boolean;
  /** A withdrawal that takes the member's gross withdrawals in the financial year above this needs a PAN (0: never). */
  pan_required_above: number;
  rules: Record<IncomeKind, WithholdingRule>;
}

/**
 * Defaults, read 2026-11-29 (README, "Privacy and the law"): s.194H commission 2 % once the year's
 * total passes ₹20,000 (Finance Act 2024 rate, Finance Act 2025 threshold); s.194B/194BA winnings
 * 30 % on a single prize over ₹10,000 (Finance Act 2025); s.206AA without PAN the higher of the
 * rate and 20 %; task earnings and adjustments withheld on nothing.
 */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  enabled: false,
  pan_required_above: 50_000_000,
  rules: {
    task: { basis: "year", threshold: 0, rate_pan_bp: 0, rate_no_pan_bp: 0 },
    referral: { basis: "year", threshold: 20_000_000, rate_pan_bp: 200, rate_no_pan_bp: 2000 },
    prize: { basis: "payment", threshold: 10_000_000, rate_pan_bp: 3000, rate_no_pan_bp: 3000 },
    adjustment: { basis: "year", threshold: 0, rate_pan_bp: 0, rate_no_pan_bp: 0 },
  },
};

/** The most a rate may be (basis points). */
export const MAX_RATE_BP = 5000;

/** Tax on `gross` at `rateBp`, rounded up to the whole milli-rupee (integers only). */
export function taxOn(gross: number, rateBp: number): number {
  if (gross <= 0 || rateBp <= 0) return 0;
  return Math.ceil((gross * rateBp) / 10_000);
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The financial year (1 April – 31 March, India time) of an instant, as "2026-27". */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const y = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, "0")}`;
}

/** The quarter (1: Apr–Jun … 4: Jan–Mar) of the financial year of an instant. */
export function quarterOf(at: Date): 1 | 2 | 3 | 4 {
  const m = new Date(at.getTime() + IST_OFFSET_MS).getUTCMonth();
  return (Math.floor(((m + 9) % 12) / 3) + 1) as 1 | 2 | 3 | 4;
}

export const FY_PATTERN = /^(\d{4})-(\d{2})$/;

/** A financial year named "2026-27" is valid when the second part follows the first. */
export function isFinancialYear(fy: string): boolean {
  const m = FY_PATTERN.exec(fy);
  return Boolean(m && (Number(m[1]) + 1) % 100 === Number(m[2]));
}

/** The IST calendar days a financial year, or one of its quarters, spans ("2026-04-01" … ). */
export function financialYearDays(fy: string, quarter?: number): { first: string; last: string } {
  const y = Number(fy.slice(0, 4));
  if (!quarter) return { first: `${y}-04-01`, last: `${y + 1}-03-31` };
  const bounds = [
    [`${y}-04-01`, `${y}-06-30`],
    [`${y}-07-01`, `${y}-09-30`],
    [`${y}-10-01`, `${y}-12-31`],
    [`${y + 1}-01-01`, `${y + 1}-03-31`],
  ] as const;
  const [first, last] = bounds[quarter - 1]!;
  return { first, last };
}

/** The instants a financial year (or quarter) begins and the next begins, India time. */
export function financialYearSpan(fy: string, quarter?: number): { from: Date; to: Date } {
  const { first, last } = financialYearDays(fy, quarter);
  const from = new Date(Date.parse(`${first}T00:00:00Z`) - IST_OFFSET_MS);
  const to = new Date(Date.parse(`${last}T00:00:00Z`) + 24 * 60 * 60 * 1000 - IST_OFFSET_MS);
  return { from, to };
}
