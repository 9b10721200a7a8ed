import { formatRupees, milliToRupeeString } from "../../shared/money";
import type { PayoutDestination } from "./destination";
import { csvLine } from "../lib/csv";

/**
 * The bank's bulk-transfer files (issue 22): the file we give the bank, one transfer a line, and
 * the result file the bank gives back, read into paid and failed lines. Both are CSV (RFC 4180),
 * read and written here by hand: a few dozen lines, no dependency.
 *
 * ## The transfer file (`bankFileCsv`)
 *
 * UTF-8 without a BOM, CRLF after every line (the last too), the header row first:
 *
 * | Column               | Content                                                                 |
 * | -------------------- | ----------------------------------------------------------------------- |
 * | Beneficiary Name     | The holder's name (a bank account's, else the member's)                 |
 * | Account Number / VPA | The account number's digits, or the UPI id (`name@okaxis`)              |
 * | IFSC                 | Upper-case (`SBIN0001234`); empty for a UPI id                          |
 * | Amount               | Rupees with exactly 2 decimals, no separators or symbol (`1234.50`)     |
 * | Mode                 | `UPI` (a UPI id), `IMPS` (a bank account, up to ₹5,00,000), `NEFT` above |
 * | Reference            | Our reference of the transfer; the bank echoes it in its result file    |
 * | Narration            | The text the member's statement shows                                   |
 *
 * A field is quoted ("…", a quote doubled) when it holds a comma, a quote or a line break. A
 * field starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'` in front, so a
 * spreadsheet opening the file shows text instead of running a formula. Amounts are computed from
 * milli-rupees with integers only and must be whole paise: an amount with a fraction of a paisa,
 * or of ₹0 or less, or a mode that does not fit the destination, is refused (BankFileError)
 * rather than rounded.
 *
 * ## The result file (`parseBankResult`)
 *
 * UTF-8 (a BOM is allowed), commas (or, when the header row has no comma, tabs or semicolons),
 * RFC 4180 quoting, CRLF or LF line ends; blank lines, and lines of empty fields, are skipped.
 * The first line is a header naming the columns, in any order and any case; other columns are
 * ignored:
 *
 * | Column    | Also accepted as                                                       | Required |
 * | --------- | ---------------------------------------------------------------------- | -------- |
 * | Reference | Ref, Ref No, Reference No, Reference Number, Customer Reference (No)   | yes      |
 * | Status    | Transaction Status, Payment Status                                     | yes      |
 * | UTR       | UTR No, UTR Number                                                     | for paid |
 * | Reason    | Remarks, Remark, Failure Reason, Rejection Reason, Return Reason       | no       |
 *
 * Status, in any case: `SUCCESS`, `PAID`, `PROCESSED`, `COMPLETED` → paid (a UTR of 6 to 35
 * letters and digits is required); `FAILED`, `REJECTED`, `RETURNED`, `CANCELLED` → failed (the
 * reason, or "Returned by the bank"). Every other line — another status, no reference, a bad UTR,
 * too few fields, a second paid or failed line for one reference, an unclosed quote — comes back
 * as an error line with its line number (the header is line 1; a quoted line break counts), and
 * the other lines still count. The whole file is refused (BankFileError) when it has no header
 * naming Reference and Status, names one of them twice, has more than 5,000 transfer lines or
 * more than 1,000,000 characters.
 */

/** A bank file that cannot be written or read at all; the message says why, in words. */
export class BankFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BankFileError";
  }
}

/* ---------- CSV, RFC 4180 ---------- */

interface CsvRecord {
  /** The line the record starts on, from 1. */
  line: number;
  fields: string[];
  /** A quote opened and never closed: the record ran to the end of the file. */
  unclosed: boolean;
}

/**
 * Records of CSV text. Lenient where RFC 4180 leaves no doubt what was meant: a quote inside an
 * unquoted field is kept as a character, text after a closing quote is kept, CR, LF or CRLF end
 * a line. Stops (throws) past `maxRecords` non-blank records.
 */
function readCsv(text: string, delimiter: string, maxRecords: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;

  const endRecord = (unclosed: boolean) => {
    fields.push(field);
    // A blank line, or a spreadsheet's row of empty cells (",,,"), is no record.
    if (unclosed || fields.some((f) => f !== "")) {
      records.push({ line: recordLine, fields, unclosed });
      if (records.length > maxRecords) throw new BankFileError(tooManyLines());
    }
    fields = [];
    field = "";
    fieldStarted = false;
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        field += ch;
      }
    } else if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) {
      fields.push(field);
      field = "";
      fieldStarted = false;
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord(false);
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted || fieldStarted || fields.length > 0) endRecord(quoted);
  return records;
}

/* ---------- the transfer file ---------- */

export const BANK_FILE_COLUMNS = [
  "Beneficiary Name",
  "Account Number / VPA",
  "IFSC",
  "Amount",
  "Mode",
  "Reference",
  "Narration",
] as const;

export interface BankFileRow {
  beneficiaryName: string;
  destination: PayoutDestination;
  amountMilli: number;
  mode: "UPI" | "IMPS" | "NEFT";
  reference: string;
  narration: string;
}

/** Rupees with 2 decimals, exactly: whole paise only. */
function amountText(row: BankFileRow): string {
  const milli = row.amountMilli;
  if (!Number.isSafeInteger(milli) || milli <= 0)
    throw new BankFileError(`The amount of ${row.reference} must be more than ₹0 in whole milli-rupees.`);
  if (milli % 10 !== 0)
    throw new BankFileError(
      `The amount of ${row.reference} is ₹${milliToRupeeString(milli)}: a bank pays whole paise only.`,
    );
  // Whole paise: the 2-decimal format has nothing to round.
  return formatRupees(milli, 2, false);
}

/**
 * The CSV (RFC 4180, CRLF line ends, header row first): amounts as rupees with 2 decimals from
 * milli-rupees exactly (whole paise only: throws on a fraction of a paisa), IFSC empty for a VPA;
 * every field quoted when it holds a comma, quote or line break; a field starting with = + - @ or
 * a tab is prefixed with ' (spreadsheet formula injection).
 */
export function bankFileCsv(rows: BankFileRow[]): string {
  let out = csvLine(BANK_FILE_COLUMNS);
  for (const row of rows) {
    const dest = row.destination;
    if ((dest.kind === "vpa") !== (row.mode === "UPI"))
      throw new BankFileError(
        `${row.reference} goes by ${row.mode} to ${dest.kind === "vpa" ? "a UPI id" : "a bank account"}: UPI is for UPI ids only.`,
      );
    out += csvLine([
      row.beneficiaryName,
      dest.kind === "vpa" ? dest.address : dest.accountNumber,
      dest.kind === "vpa" ? "" : dest.ifsc,
      amountText(row),
      row.mode,
      row.reference,
      row.narration,
    ]);
  }
  return out;
}

/* ---------- the result file ---------- */

export const RESULT_COLUMNS = ["Reference", "Status", "UTR", "Reason"] as const;
type ResultColumn = (typeof RESULT_COLUMNS)[number];

export type BankResultLine =
  | { line: number; reference: string; outcome: "paid"; utr: string }
  | { line: number; reference: string; outcome: "failed"; reason: string }
  /** A line that cannot be read, in words. */
  | { line: number; error: string };

export const RESULT_MAX_LINES = 5000;
export const RESULT_MAX_CHARS = 1_000_000;

const tooManyLines = () =>
  `The result file has more than ${RESULT_MAX_LINES.toLocaleString("en-IN")} transfer lines: split it and import each part.`;

/** Header names, lower-case with punctuation as spaces ("Reference No." → "reference no"). */
const ALIASES: Record<ResultColumn, readonly string[]> = {
  Reference: [
    "reference",
    "ref",
    "ref no",
    "reference no",
    "reference number",
    "customer reference",
    "customer reference no",
    "customer reference number",
  ],
  Status: ["status", "transaction status", "payment status"],
  UTR: ["utr", "utr no", "utr number"],
  Reason: ["reason", "remarks", "remark", "failure reason", "rejection reason", "return reason"],
};

const PAID = new Set(["SUCCESS", "PAID", "PROCESSED", "COMPLETED"]);
const FAILED = new Set(["FAILED", "REJECTED", "RETURNED", "CANCELLED"]);
const UTR = /^[A-Za-z0-9]{6,35}$/;
const DEFAULT_REASON = "Returned by the bank";
const REASON_MAX = 500;

const headerName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Where each column is, from the header row; throws when Reference or Status is missing or named twice. */
function columnsOf(header: string[]): Partial<Record<ResultColumn, number>> {
  const at: Partial<Record<ResultColumn, number>> = {};
  header.forEach((raw, index) => {
    const name = headerName(raw);
    for (const column of RESULT_COLUMNS) {
      if (!ALIASES[column].includes(name)) continue;
      const before = at[column];
      if (before !== undefined)
        throw new BankFileError(
          `The result file's header names the ${column} column twice ("${header[before]!.trim()}" and "${raw.trim()}"): keep one.`,
        );
      at[column] = index;
    }
  });
  if (at.Reference === undefined || at.Status === undefined) {
    const found = header.map((h) => h.trim()).filter(Boolean);
    throw new BankFileError(
      `The result file has no header row naming the Reference and Status columns${
        found.length > 0 ? ` (its first line names ${found.slice(0, 10).join(", ")})` : ""
      }.`,
    );
  }
  return at;
}

/** Our own references never start like a formula, so a ' in front is a spreadsheet's escape: undone. */
const unescapeFormula = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** One transfer line of the result file, read on its own. */
function resultLine(
  record: CsvRecord,
  headerLength: number,
  at: Partial<Record<ResultColumn, number>>,
): BankResultLine {
  const { line, fields } = record;
  if (record.unclosed)
    return {
      line,
      error: "A quote opened on this line is never closed: the rest of the file was read as one field.",
    };
  if (fields.length <= Math.max(at.Reference!, at.Status!))
    return {
      line,
      error: `The line has ${fields.length} ${fields.length === 1 ? "field" : "fields"}; the header names ${headerLength}.`,
    };
  const cell = (column: ResultColumn) => {
    const index = at[column];
    return index === undefined ? "" : (fields[index] ?? "").trim();
  };
  const reference = unescapeFormula(cell("Reference"));
  if (!reference) return { line, error: "The line has no reference." };
  const status = cell("Status").toUpperCase();
  if (PAID.has(status)) {
    const utr = cell("UTR");
    if (!utr) return { line, error: `${reference} is ${status} but has no UTR.` };
    if (!UTR.test(utr))
      return {
        line,
        error: `${reference} has the UTR "${utr.slice(0, 40)}": a UTR is 6 to 35 letters and digits.`,
      };
    return { line, reference, outcome: "paid", utr };
  }
  if (FAILED.has(status))
    return {
      line,
      reference,
      outcome: "failed",
      reason: cell("Reason").slice(0, REASON_MAX) || DEFAULT_REASON,
    };
  return {
    line,
    error: status
      ? `${reference} has the status "${status.slice(0, 40)}": neither paid (SUCCESS, PAID, PROCESSED, COMPLETED) nor failed (FAILED, REJECTED, RETURNED, CANCELLED).`
      : `${reference} has no status.`,
  };
}

/**
 * Reads the bank's result file: a header row naming the columns (case-insensitive, any order,
 * extra columns ignored; aliases accepted), then one line per transfer, each paid, failed or an
 * error in words. Throws BankFileError when there is no usable header, more than 5,000 lines, or
 * more than 1,000,000 characters.
 */
export function parseBankResult(csv: string): BankResultLine[] {
  if (csv.length > RESULT_MAX_CHARS)
    throw new BankFileError(
      `The result file has more than ${RESULT_MAX_CHARS.toLocaleString("en-IN")} characters: split it and import each part.`,
    );
  const text = csv.replace(/^\uFEFF/, "");
  const firstLine = /^[^\r\n]*/.exec(text)?.[0] ?? "";
  const delimiter = firstLine.includes(",")
    ? ","
    : firstLine.includes("\t")
      ? "\t"
      : firstLine.includes(";")
        ? ";"
        : ",";
  const [header, ...records] = readCsv(text, delimiter, RESULT_MAX_LINES + 1);
  if (!header || header.unclosed) throw new BankFileError("The result file has no header row.");
  const at = columnsOf(header.fields);
  const seen = new Map<string, number>();

  return records.map((record): BankResultLine => {
    const read = resultLine(record, header.fields.length, at);
    if (!("outcome" in read)) return read;
    // A transfer is settled once: a second paid or failed line for it is not applied.
    const firstSeen = seen.get(read.reference);
    if (firstSeen !== undefined)
      return {
        line: read.line,
        error: `${read.reference} was already settled on line ${firstSeen}: only that line counts.`,
      };
    seen.set(read.reference, read.line);
    return read;
  });
}
