/**
 * CSV lines as spreadsheets read them safely (RFC 4180 quoting, CRLF after each line): a cell that
 * starts like a formula (= + - @, a tab or CR) is prefixed with ' (CSV injection). The bank file
 * (api/payouts/bankFile.ts) and the tax statement (api/tax/statements.ts) write theirs with it.
 */

/** Starts that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of fields, CRLF-ended. */
export const csvLine = (fields: readonly string[]) => fields.map(csvField).join(",") + "\r\n";
