import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  BANK_FILE_COLUMNS,
  BankFileError,
  RESULT_COLUMNS,
  bankFileCsv,
  parseBankResult,
  type BankFileRow,
} from "../../api/payouts/bankFile";
import type { PayoutDestination } from "../../api/payouts/destination";
import { rupeesToMilli } from "../../shared/money";

/** A plain RFC 4180 reader, written apart from the module's so each checks the other. */
function readRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  while (i < csv.length) {
    if (csv[i] === '"') {
      i++;
      for (;;) {
        const close = csv.indexOf('"', i);
        if (close < 0) throw new Error("unclosed quote");
        field += csv.slice(i, close);
        i = close + 1;
        if (csv[i] !== '"') break;
        field += '"';
        i++;
      }
    } else if (csv[i] === ",") {
      row.push(field);
      field = "";
      i++;
    } else if (csv.startsWith("\r\n", i)) {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 2;
    } else {
      if (csv[i] === "\r" || csv[i] === "\n") throw new Error(`a bare line break at ${i}`);
      field += csv[i];
      i++;
    }
  }
  if (field !== "" || row.length > 0) throw new Error("no CRLF after the last line");
  return rows;
}

const bank: PayoutDestination = {
  kind: "bank",
  accountNumber: "123456789012",
  ifsc: "SBIN0001234",
  name: "Ravi",
};
const vpa: PayoutDestination = { kind: "vpa", address: "ravi@okaxis" };

const row = (over: Partial<BankFileRow> = {}): BankFileRow => ({
  beneficiaryName: "Ravi Kumar",
  destination: bank,
  amountMilli: rupeesToMilli(50),
  mode: "IMPS",
  reference: "WD0001-1",
  narration: "RupeeRewards withdrawal",
  ...over,
});

describe("bankFileCsv", () => {
  it("writes the header first and one CRLF-ended line per transfer", () => {
    const csv = bankFileCsv([row(), row({ destination: vpa, mode: "UPI", reference: "WD0002-1" })]);
    expect(csv).toBe(
      "Beneficiary Name,Account Number / VPA,IFSC,Amount,Mode,Reference,Narration\r\n" +
        "Ravi Kumar,123456789012,SBIN0001234,50.00,IMPS,WD0001-1,RupeeRewards withdrawal\r\n" +
        "Ravi Kumar,ravi@okaxis,,50.00,UPI,WD0002-1,RupeeRewards withdrawal\r\n",
    );
    expect(readRows(bankFileCsv([]))).toEqual([[...BANK_FILE_COLUMNS]]);
  });

  it("writes amounts as rupees with 2 decimals, exactly", () => {
    const amount = (amountMilli: number) => readRows(bankFileCsv([row({ amountMilli })]))[1]![3];
    expect(amount(rupeesToMilli(50))).toBe("50.00");
    expect(amount(1_234_500)).toBe("1234.50");
    expect(amount(10)).toBe("0.01");
    expect(amount(990)).toBe("0.99");
    expect(amount(rupeesToMilli(500_000))).toBe("500000.00");
    expect(amount(9_007_199_254_740_990)).toBe("9007199254740.99");
  });

  it("refuses a fraction of a paisa, nothing or less, and a mode that does not fit", () => {
    for (const amountMilli of [1_234_505, 1, 0, -1000, 10.5, Number.NaN])
      expect(() => bankFileCsv([row({ amountMilli })]), String(amountMilli)).toThrow(BankFileError);
    expect(() => bankFileCsv([row({ amountMilli: 1_234_505 })])).toThrow(
      "The amount of WD0001-1 is ₹1234.505: a bank pays whole paise only.",
    );
    expect(() => bankFileCsv([row({ mode: "UPI" })])).toThrow(BankFileError);
    expect(() => bankFileCsv([row({ destination: vpa, mode: "IMPS" })])).toThrow(BankFileError);
  });

  it("quotes awkward names and escapes formulas, and they read back", () => {
    const names = [
      'Kumar, Ravi "RK"',
      "रवि कुमार",
      "=cmd|'/C calc'!A0",
      "+91 friend",
      "-Ravi",
      "@SUM(A1)",
      "\tTabbed",
      "Two\r\nlines",
      "Line\nfeed",
    ];
    const csv = bankFileCsv(names.map((beneficiaryName, i) => row({ beneficiaryName, reference: `WD${i}` })));
    expect(csv).toContain('"Kumar, Ravi ""RK"""');
    expect(csv).toContain("'=cmd|'/C calc'!A0");
    expect(
      readRows(csv)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([
      'Kumar, Ravi "RK"',
      "रवि कुमार",
      "'=cmd|'/C calc'!A0",
      "'+91 friend",
      "'-Ravi",
      "'@SUM(A1)",
      "'\tTabbed",
      "Two\r\nlines",
      "Line\nfeed",
    ]);
  });

  it("gives back every field through a plain CSV reader (property)", () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(",", '"', "\r", "\n", "\t", "=", "+", "-", "@", "'", " ", "र", "₹"),
        fc.string({ minLength: 1, maxLength: 1 }),
      ),
      maxLength: 20,
    });
    const destination = fc.oneof(
      fc.record({
        kind: fc.constant("vpa" as const),
        address: fc.stringMatching(/^[a-z0-9][a-z0-9._-]{1,20}@[a-z]{2,8}$/),
      }),
      fc.record({
        kind: fc.constant("bank" as const),
        accountNumber: fc.stringMatching(/^\d{9,18}$/),
        ifsc: fc.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/),
        name: fc.constant("x"),
      }),
    );
    const rowArb = fc
      .record({
        beneficiaryName: text,
        destination,
        paise: fc.integer({ min: 1, max: 10_000_000_000 }),
        reference: text,
        narration: text,
      })
      .map(({ paise, ...r }): BankFileRow => ({
        ...r,
        amountMilli: paise * 10,
        mode: r.destination.kind === "vpa" ? "UPI" : paise % 2 === 0 ? "IMPS" : "NEFT",
      }));
    const shown = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    const rupees = (milli: number) =>
      `${Math.floor(milli / 1000)}.${String(Math.floor((milli % 1000) / 10)).padStart(2, "0")}`;
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 8 }), (rows) => {
        const [header, ...lines] = readRows(bankFileCsv(rows));
        expect(header).toEqual([...BANK_FILE_COLUMNS]);
        expect(lines).toEqual(
          rows.map((r) => [
            shown(r.beneficiaryName),
            r.destination.kind === "vpa" ? r.destination.address : r.destination.accountNumber,
            r.destination.kind === "vpa" ? "" : r.destination.ifsc,
            rupees(r.amountMilli),
            r.mode,
            shown(r.reference),
            shown(r.narration),
          ]),
        );
      }),
    );
  });
});

describe("parseBankResult", () => {
  it("reads paid and failed lines by the standard columns", () => {
    expect(RESULT_COLUMNS).toEqual(["Reference", "Status", "UTR", "Reason"]);
    const csv =
      "Reference,Status,UTR,Reason\r\n" +
      "WD1,SUCCESS,SBIN123456789012,\r\n" +
      "WD2,failed,,Account closed\r\n" +
      "WD3,Returned,,\r\n" +
      "WD4,Paid,UTR0001,\r\n" +
      "WD5,processed,AXIS1234567,\r\n" +
      "WD6,COMPLETED,HDFC99999999,\r\n" +
      "WD7,REJECTED,,Invalid IFSC\r\n" +
      "WD8,cancelled,,\r\n";
    expect(parseBankResult(csv)).toEqual([
      { line: 2, reference: "WD1", outcome: "paid", utr: "SBIN123456789012" },
      { line: 3, reference: "WD2", outcome: "failed", reason: "Account closed" },
      { line: 4, reference: "WD3", outcome: "failed", reason: "Returned by the bank" },
      { line: 5, reference: "WD4", outcome: "paid", utr: "UTR0001" },
      { line: 6, reference: "WD5", outcome: "paid", utr: "AXIS1234567" },
      { line: 7, reference: "WD6", outcome: "paid", utr: "HDFC99999999" },
      { line: 8, reference: "WD7", outcome: "failed", reason: "Invalid IFSC" },
      { line: 9, reference: "WD8", outcome: "failed", reason: "Returned by the bank" },
    ]);
  });

  it("accepts aliases in any case and order, ignores other columns, a BOM and blank lines", () => {
    const csv =
      // The BOM sits before a quoted field: left in, the quote would not open and the comma would split it.
      '\uFEFF"Txn Date, Time",Failure Reason,UTR No.,Amount,status,Customer Reference\n' +
      "\n" +
      '"2026-11-26, 10:00",,N123456789,50.00,Success,WD1\n' +
      ",,,,,\n" +
      '"2026-11-26, 10:05",Beneficiary name mismatch,,50.00,Failed,WD2\n';
    expect(parseBankResult(csv)).toEqual([
      { line: 3, reference: "WD1", outcome: "paid", utr: "N123456789" },
      { line: 5, reference: "WD2", outcome: "failed", reason: "Beneficiary name mismatch" },
    ]);
    for (const [ref, utr, reason] of [
      ["Ref", "UTR Number", "Remarks"],
      ["Reference No", "utr", "REASON"],
    ])
      expect(parseBankResult(`${ref},Status,${utr},${reason}\r\nWD9,REJECTED,,Frozen\r\n`)).toEqual([
        { line: 2, reference: "WD9", outcome: "failed", reason: "Frozen" },
      ]);
  });

  it("reads quoted fields, counting a quoted line break as a line", () => {
    const csv =
      'Reference,Status,UTR,Reason\r\n"WD1","FAILED","","Closed, per ""KYC""\r\nrules"\r\n"WD2",SUCCESS,"ABC123456",\r\n';
    expect(parseBankResult(csv)).toEqual([
      { line: 2, reference: "WD1", outcome: "failed", reason: 'Closed, per "KYC"\r\nrules' },
      { line: 4, reference: "WD2", outcome: "paid", utr: "ABC123456" },
    ]);
  });

  it("reads tab- and semicolon-separated files", () => {
    expect(parseBankResult("Reference\tStatus\tUTR\nWD1\tPAID\tABC123456\n")).toEqual([
      { line: 2, reference: "WD1", outcome: "paid", utr: "ABC123456" },
    ]);
    expect(parseBankResult("Reference;Status;UTR\r\nWD1;PAID;ABC123456\r\n")).toEqual([
      { line: 2, reference: "WD1", outcome: "paid", utr: "ABC123456" },
    ]);
  });

  it("undoes our own formula escape on references", () => {
    expect(parseBankResult("Reference,Status,UTR\n'=WD1,PAID,ABC123456\n")).toEqual([
      { line: 2, reference: "=WD1", outcome: "paid", utr: "ABC123456" },
    ]);
  });

  it("reports lines it cannot read with their line numbers, and reads the rest", () => {
    const csv = [
      "Reference,Status,UTR,Reason",
      "WD1,PENDING,,",
      "WD2,SUCCESS,,",
      "WD3,SUCCESS,UTR-12345,",
      "WD4,SUCCESS,ABC12,",
      `WD5,SUCCESS,${"A".repeat(36)},`,
      ",FAILED,,",
      "WD6",
      "WD7,,,",
      "WD8,SUCCESS,ABC123456,",
      "WD8,FAILED,,",
      "WD1,FAILED,,Late",
      'WD9,"SUCCESS,ABC123456',
      "WD10,SUCCESS,ABC123456,",
    ].join("\r\n");
    const lines = parseBankResult(csv);
    expect(lines.map((l) => [l.line, "error" in l ? "error" : l.outcome])).toEqual([
      [2, "error"],
      [3, "error"],
      [4, "error"],
      [5, "error"],
      [6, "error"],
      [7, "error"],
      [8, "error"],
      [9, "error"],
      [10, "paid"],
      [11, "error"],
      [12, "failed"], // WD1's first line was unreadable, so this one counts
      [13, "error"], // the unclosed quote swallows the last line
    ]);
    const errors = Object.fromEntries(lines.flatMap((l) => ("error" in l ? [[l.line, l.error]] : [])));
    expect(errors[2]).toBe(
      'WD1 has the status "PENDING": neither paid (SUCCESS, PAID, PROCESSED, COMPLETED) nor failed (FAILED, REJECTED, RETURNED, CANCELLED).',
    );
    expect(errors[3]).toBe("WD2 is SUCCESS but has no UTR.");
    expect(errors[4]).toBe('WD3 has the UTR "UTR-12345": a UTR is 6 to 35 letters and digits.');
    expect(errors[5]).toMatch(/^WD4 has the UTR "ABC12"/);
    expect(errors[6]).toMatch(/^WD5 has the UTR/);
    expect(errors[7]).toBe("The line has no reference.");
    expect(errors[8]).toBe("The line has 1 field; the header names 4.");
    expect(errors[9]).toBe("WD7 has no status.");
    expect(errors[11]).toBe("WD8 was already settled on line 10: only that line counts.");
    expect(errors[13]).toMatch(/never closed/);
  });

  it("refuses a file without a usable header", () => {
    for (const csv of [
      "",
      "\r\n\r\n",
      "WD1,SUCCESS,ABC123456\r\n",
      "Reference,UTR\r\nWD1,ABC123456\r\n",
      '"Reference,Status\r\n',
      "Reference,Customer Reference,Status\r\nWD1,X,PAID\r\n",
    ])
      expect(() => parseBankResult(csv), JSON.stringify(csv)).toThrow(BankFileError);
    expect(() => parseBankResult("Date,Amount\r\n")).toThrow(
      "The result file has no header row naming the Reference and Status columns (its first line names Date, Amount).",
    );
    expect(() => parseBankResult("Ref,Reference,Status\r\n")).toThrow(
      'The result file\'s header names the Reference column twice ("Ref" and "Reference"): keep one.',
    );
  });

  it("refuses more than 5,000 transfer lines or 1,000,000 characters", () => {
    const lines = (n: number) =>
      "Reference,Status,UTR\r\n" +
      Array.from({ length: n }, (_, i) => `WD${i},PAID,ABC${100000 + i}\r\n`).join("");
    expect(parseBankResult(lines(5000))).toHaveLength(5000);
    expect(() => parseBankResult(lines(5001))).toThrow(BankFileError);
    expect(() => parseBankResult(lines(5001))).toThrow(/more than 5,000 transfer lines/);
    // Blank lines do not count towards the limit.
    expect(parseBankResult(lines(5000) + "\r\n".repeat(100))).toHaveLength(5000);

    const header = "Reference,Status,UTR,Reason\r\nWD1,FAILED,,";
    expect(parseBankResult(header + "x".repeat(1_000_000 - header.length))).toHaveLength(1);
    expect(() => parseBankResult(header + "x".repeat(1_000_001 - header.length))).toThrow(/characters/);
  });
});
