import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import ts from "typescript";

/**
 * Renames one field of a contract at a time (shared/contracts) and compiles the API module and the
 * page on either side of it with the project's compiler options; prints, as JSON, each file's
 * errors as it is and under each rename. Run as its own process by
 * tests/integration/contracts-rename.test.ts (the compiler holds the thread for tens of seconds).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const at = (file: string) => path.join(ROOT, file);

export interface Rename {
  what: string;
  /** The contract file, and the renaming of its text. */
  contract: string;
  rename: (text: string) => string;
  /** The API module and the page that must both fail. */
  api: string;
  page: string;
}

/** Renames `field` to `field_renamed` inside the `interface name { … }` block of a contract. */
function inInterface(name: string, field: string): (text: string) => string {
  return (text) => {
    const start = text.indexOf(`export interface ${name} {`);
    if (start < 0) throw new Error(`no interface ${name}`);
    const end = text.indexOf("\n}", start);
    const block = text.slice(start, end);
    const renamed = block.replace(new RegExp(`\\b${field}(\\??):`), `${field}_renamed$1:`);
    if (renamed === block) throw new Error(`no field ${field} in ${name}`);
    return text.slice(0, start) + renamed + text.slice(end);
  };
}

/** Renames a field on the one line that names `marker`. */
function onLine(marker: string, field: string): (text: string) => string {
  return (text) => {
    const lines = text.split("\n");
    const i = lines.findIndex((l) => l.includes(marker));
    if (i < 0 || !lines[i]!.includes(`${field}:`)) throw new Error(`no ${field} beside ${marker}`);
    lines[i] = lines[i]!.replace(`${field}:`, `${field}_renamed:`);
    return lines.join("\n");
  };
}

export const RENAMES: Rename[] = [
  {
    what: "an answer field (the withdrawal page's balance)",
    contract: "shared/contracts/withdrawals.ts",
    rename: inInterface("BalanceData", "withdrawable_amount"),
    api: "api/withdrawals/http.ts",
    page: "app/routes/member+/withdraw.tsx",
  },
  {
    what: "a request body field (the conversion's amount)",
    contract: "shared/contracts/withdrawals.ts",
    rename: inInterface("ConvertBody", "balanceToConvert"),
    api: "api/withdrawals/http.ts",
    page: "app/routes/member+/balance-converter.tsx",
  },
  {
    what: "a socket event's payload field (the move's room)",
    contract: "shared/contracts/games.ts",
    rename: inInterface("TicTacToeMoveBody", "decodedRoomId"),
    api: "api/realtime/ticTacToe.ts",
    page: "app/routes/member+/betting-games_.tic-tac-toe_.play.$roomId/use-room.ts",
  },
  {
    what: "a socket push field (the room's timer)",
    contract: "shared/contracts/realtime.ts",
    rename: onLine("[EV.timerUpdated]", "timeLeft"),
    api: "api/realtime/ticTacToe.ts",
    page: "app/routes/member+/betting-games_.tic-tac-toe_.play.$roomId/use-room.ts",
  },
];

/** The project's compiler options (tsconfig.json). */
function projectOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(at("tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return { ...parsed.options, noEmit: true };
}

const options = projectOptions();
let previous: ts.Program | undefined;

/** The errors of each of `files` when `contract` reads as `text` (or as it is). */
function errorsOf(files: string[], contract?: { file: string; text: string }): Map<string, string[]> {
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) =>
    contract && path.resolve(fileName) === at(contract.file)
      ? ts.createSourceFile(fileName, contract.text, language, true)
      : read(fileName, language, onError, shouldCreate);
  const program = ts.createProgram(files.map(at), options, host, previous);
  previous = program;
  const out = new Map<string, string[]>();
  for (const file of files) {
    const source = program.getSourceFile(at(file));
    if (!source) throw new Error(`${file} is not in the program`);
    out.set(
      file,
      program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    );
  }
  return out;
}

/** What the check found: each file's errors as it is, then under each rename. */
export interface RenameReport {
  asItIs: Record<string, string[]>;
  renamed: { what: string; api: string; page: string; apiErrors: string[]; pageErrors: string[] }[];
}

if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) {
  const files = [...new Set(RENAMES.flatMap((r) => [r.api, r.page]))];
  const report: RenameReport = { asItIs: Object.fromEntries(errorsOf(files)), renamed: [] };
  for (const r of RENAMES) {
    const text = r.rename(readFileSync(at(r.contract), "utf8"));
    const errors = errorsOf([r.api, r.page], { file: r.contract, text });
    report.renamed.push({
      what: r.what,
      api: r.api,
      page: r.page,
      apiErrors: errors.get(r.api) ?? [],
      pageErrors: errors.get(r.page) ?? [],
    });
  }
  process.stdout.write(JSON.stringify(report));
}
