import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { RenameReport } from "../support/contract-renames";

/**
 * "A field renamed on one side fails the typecheck" (ADR 0010), proved: each case renames one field
 * in a contract (shared/contracts) — an answer field, a request body field, a socket event's
 * payload field and a push field — and compiles the API module that answers or reads it and the
 * page that reads or sends it (tests/support/contract-renames.ts). Both must fail to compile, and
 * compile as they are.
 */

const ROOT = path.resolve(__dirname, "../..");
let report: RenameReport;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "tests/support/contract-renames.ts"],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  report = JSON.parse(stdout) as RenameReport;
}, 600_000);

describe("a contract field renamed fails the typecheck on both sides", () => {
  it("compiles as it is", () => {
    for (const [file, errors] of Object.entries(report.asItIs)) expect(errors, file).toEqual([]);
    expect(report.renamed.map((r) => r.what)).toHaveLength(4);
  });

  it("fails on the API's side and on the page's for each renamed field", () => {
    for (const r of report.renamed) {
      expect(r.apiErrors.length, `${r.what}: ${r.api} still compiles`).toBeGreaterThan(0);
      expect(r.pageErrors.length, `${r.what}: ${r.page} still compiles`).toBeGreaterThan(0);
    }
  });
});
