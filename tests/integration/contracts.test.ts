import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import ts from "typescript";
import type { AppLoadContext } from "@remix-run/node";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { memberRead } from "../../app/utils/api.server";

/**
 * The wire contracts (shared/contracts) against the API that answers them. The compiler already
 * holds each handler's answer to its contract (`satisfies`) and each page's reads to the path's
 * answer; these checks hold what the compiler cannot see: that every path in the map is one the
 * API serves, and that every read's real answer carries each field its contract promises.
 */

const CONTRACTS = path.resolve(__dirname, "../../shared/contracts/index.ts");

interface ContractPath {
  /** The key as written: "/userRoute/logout" or a pattern "/adminRoute/campaigns/${string}/views". */
  key: string;
  /** The answer's top-level fields a page may rely on (required ones), or null when it is no object. */
  required: string[] | null;
}

/** Reads the Endpoints map with the compiler: each path and its answer's required fields. */
function readContracts(): ContractPath[] {
  const program = ts.createProgram([CONTRACTS], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(CONTRACTS)!;
  const endpoints = checker
    .getExportsOfModule(checker.getSymbolAtLocation(file)!)
    .find((s) => s.name === "Endpoints")!;
  const type = checker.getDeclaredTypeOfSymbol(endpoints);
  const out: ContractPath[] = [];
  const answerFields = (endpoint: ts.Type): string[] | null => {
    const answer = endpoint.getProperty("answer");
    if (!answer) return null;
    const t = checker.getNonNullableType(checker.getTypeOfSymbol(answer));
    if (!(t.flags & ts.TypeFlags.Object) || checker.isArrayType(t)) return null;
    return t
      .getProperties()
      .filter((p) => !(p.flags & ts.SymbolFlags.Optional))
      .map((p) => p.name);
  };
  for (const p of type.getProperties())
    out.push({ key: p.name, required: answerFields(checker.getTypeOfSymbol(p)) });
  for (const info of checker.getIndexInfosOfType(type))
    out.push({ key: checker.typeToString(info.keyType), required: answerFields(info.type) });
  return out;
}

/** A contract key with each `${string}` filled, as a page would call it. */
function sample(key: string): string {
  return key.replace(/^`|`$/g, "").replaceAll("${string}", "sample");
}

/** Hono's pattern (`/a/:id/b`) as a regular expression over concrete paths. */
function routePattern(route: string): RegExp {
  const parts = route.split(/:[A-Za-z_]+/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

const contracts = readContracts();

describe("the wire contracts", () => {
  it("are read from shared/contracts: every feature's paths are there", () => {
    const keys = contracts.map((c) => c.key);
    for (const prefix of [
      "/userRoute/",
      "/userIncomeRoute/",
      "/userAmount/",
      "/advertiserRoute/",
      "/adminRoute/",
    ])
      expect(
        keys.some((k) => k.startsWith(prefix) || k.startsWith(`\`${prefix}`)),
        prefix,
      ).toBe(true);
    expect(keys.filter((k) => k.includes("__placeholder"))).toEqual([]);
  });
});

describe.each(drivers("one"))("the wire contracts against the API (%s)", (driver) => {
  let t: TestApi;
  let member: TestMember;
  let operator: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    member = await newMember(t);
    operator = await newOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("name only paths the API serves", () => {
    const served = t.routes.filter((r) => r.method !== "ALL").map((r) => routePattern(r.path));
    const unserved = contracts.filter((c) => !served.some((p) => p.test(sample(c.key)))).map((c) => c.key);
    expect(unserved).toEqual([]);
  });

  it("promise only fields the API sends: every read a page makes answers with its contract's fields", async () => {
    const reads = contracts.filter((c) => !c.key.startsWith("`") && c.required !== null);
    let checked = 0;
    for (const c of reads) {
      const cookie = c.key.startsWith("/adminRoute/") ? operator.cookie : member.cookie;
      const res = await t.request(c.key, { cookie });
      // Writes (POST, PATCH) are not reads; a GET on them is not served.
      if (res.status === 404 || res.status === 405) continue;
      if (res.status !== 200 || res.body?.success !== true) continue;
      const msg = res.body.msg as Record<string, unknown>;
      const missing = (c.required ?? []).filter((f) => !(f in msg));
      expect(missing, c.key).toEqual([]);
      checked++;
    }
    // The check reached the reads (a silent pass over none would prove nothing).
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

/**
 * The compiler's half, checked by `npm run typecheck` (this function never runs): a page that reads
 * a field its path's contract does not have fails to compile.
 */
export async function pageReadingAFieldTheApiDoesNotSend(request: Request, context: AppLoadContext) {
  const home = await memberRead(request, context, "/userIncomeRoute/user_PTCAds_home_get");
  // @ts-expect-error — the home read has PTCAds_campaignsData, not PTCAds_campaigns.
  void home.PTCAds_campaigns;
  void home.PTCAds_campaignsData;
}
