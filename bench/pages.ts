/**
 * Page throughput against a bare Node server on the same machine, and the compressed size of
 * the JavaScript the login page loads. Run `npm run build` first, then `npm run bench`.
 * See bench/README.md for how to read the figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { encodeObj } from "../shared/obj.server";
import { migrationsFolder, openDatabase } from "../api/db/client";
import { seedIfEmpty } from "../api/seed/seed";
import { memberDailyEarnings } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { PLATFORM, memberAccount } from "../api/ledger/ledger";
import { javaScriptWeight, printJavaScript } from "./login-javascript";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build/client");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** production (default; the human check is on, so the script solves an ALTCHA challenge to log in) or development. */
const MODE = process.env.BENCH_NODE_ENV === "development" ? "development" : "production";
const SESSION_SECRET = "bench-session-secret-bench-session-secret-0000";
const OBJ_SECRET = "bench-obj-secret-0000";
const DEMO = { email: "demo@example.com", password: "demo-password-123" };
/** PostgreSQL server for the second half (a scratch database is created and dropped); "off" skips it. */
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Members whose dashboards are measured, by the number of earning entries in their ledger. */
const HISTORY_SIZES = (process.env.BENCH_HISTORY ?? "100,10000,100000").split(",").map(Number);
const BENCH_PASSWORD = "bench-password-123";
/** The "minimal route of the same build": a page whose loader only redirects (no data, no rendering). */
const MINIMAL_ROUTE = "/privacy";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

function startChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; log: () => string } {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, log: () => out };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Logs a member in through the API (as the login form's action does) and returns the cookie. */
async function login(base: string, member: { email: string; password: string }): Promise<string> {
  let humanCheck: Record<string, string> | undefined;
  if (MODE === "production") {
    const challenge = (await (await fetch(`${base}/humanCheck/altcha-challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("could not solve the ALTCHA challenge");
    humanCheck = { altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
  }
  const obj = encodeObj(OBJ_SECRET, {
    email_userName: member.email,
    password: member.password,
    loginRemember_state: true,
    ...(humanCheck ? { human_check: humanCheck } : {}),
  });
  const res = await fetch(`${base}/userRoute/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ obj }),
  });
  const sid = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (res.status !== 200 || !sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  // A browser keeps the device cookie the site sets on a first page (risk signals); a client that
  // never sends it back is given a new one on every page, and a page that sets a cookie is never
  // kept (ADR 0009). The bench's member is a browser: it keeps the one its first page set.
  const first = await fetch(`${base}/member/dashboard`, { headers: { cookie: sid }, redirect: "manual" });
  await first.arrayBuffer();
  const device = first.headers
    .getSetCookie()
    .find((c) => c.startsWith("device_id="))
    ?.split(";")[0];
  return device ? `${sid}; ${device}` : sid;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** The dashboard row measured without the kept page (docs/decisions/0009). */
const RENDERED = "rendered every time";

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  expectStatus = 200,
  /** Every request to a new address (`?view=N`): nothing kept for one address answers the next. */
  uniqueUrls = false,
): Promise<Measured> {
  let seq = 0;
  const { pathname } = new URL(url);
  const opts = {
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    headers,
    ...(uniqueUrls
      ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: `${pathname}?view=${++seq}` }) }] }
      : {}),
  };
  await autocannon({ ...opts, duration: WARMUP_S });
  // The warm-up leaves requests in flight on the server: let them drain before measuring.
  await fetch(url, { headers });
  await new Promise((r) => setTimeout(r, 1000));
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    // A redirect is the minimal route's answer, not a failure: count only other statuses.
    non2xx: expectStatus === 200 ? r.non2xx : r.non2xx - (r["3xx"] ?? 0),
    errors: r.errors + r.timeouts,
  };
}

/** A bare node:http server in its own process, answering every request with `size` bytes of HTML. */
function startBare(port: number, size: number) {
  const code = `
    const body = Buffer.alloc(${size}, "a");
    body.write("<!DOCTYPE html><html><body>");
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return startChild(process.execPath, ["-e", code], { PATH: process.env.PATH });
}

interface HistoryMember {
  entries: number;
  email: string;
  password: string;
}

/**
 * Seeds a database before the server opens it: the demo content, then one member per history
 * size with that many earning entries (₹1 each) written in bulk with
 * SQL — journal entries, their lines, the member's balance and the daily roll-up, as the ledger keeps
 * them (the funding account is untracked: its balance is the sum of its lines).
 */
async function prepareDatabase(open: { url?: string; dataDir?: string }): Promise<HistoryMember[]> {
  const database = await openDatabase(open);
  const { db } = database;
  try {
    await seedIfEmpty(db);
    const members: HistoryMember[] = [];
    const funding = PLATFORM.earningsFunding;
    // Every member's entries fall on the same 28 days, so each dashboard shows as many days and
    // rows: only the length of the history differs between them.
    for (const entries of HISTORY_SIZES) {
      const email = `history-${entries}@bench.test`;
      const m = await createMember(db, { name: `History ${entries}`, email, password: BENCH_PASSWORD });
      const account = memberAccount(m.id, "withdrawable");
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          with e as (
            insert into journal_entries (idempotency_key, kind, user_id, created_at)
            select 'bench:' || ${m.id} || ':' || g, 'ptc_ads', ${m.id},
                   now() - (g % 28) * interval '1 day' - (g % 86400) * interval '1 second'
            from generate_series(1, ${entries}::int) g
            returning id
          )
          insert into journal_lines (entry_id, account_id, amount)
          select id, ${funding}, -1000 from e
          union all
          select id, ${account}, 1000 from e`);
        await tx.execute(
          sql`update ledger_accounts set balance = balance + ${entries * 1000} where id = ${account}`,
        );
      });
      members.push({ entries, email, password: BENCH_PASSWORD });
    }
    // The daily roll-up, rebuilt from the journal by the migration's own backfill statement.
    const migration = readFileSync(path.join(migrationsFolder, "0002_rollup.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((st) => /insert into/i.test(st));
    if (!backfill) throw new Error("the roll-up migration has no backfill statement");
    await db.delete(memberDailyEarnings);
    await db.execute(sql.raw(backfill));
    await database.analyze();
    if (database.kind === "postgres") await db.execute(sql`analyze`);
    return members;
  } finally {
    await database.close();
  }
}

async function withScratchPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_pages_${Date.now().toString(36)}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function startSite(extraEnv: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMITS: "off",
    SESSION_SECRET,
    OBJ_SECRET,
    // Production requires a mail server; the measured pages send no mail, so none needs to listen.
    // It refuses SEED_DEMO=on: prepareDatabase() seeded the demo content before the server opened it.
    ...(MODE === "production"
      ? { NODE_ENV: "production", PUBLIC_ORIGIN: base, SMTP_URL: "smtp://127.0.0.1:9" }
      : { HUMAN_CHECK: "off", SEED_DEMO: "on" }),
    ...extraEnv,
  };
  const server = startChild(path.join(ROOT, "node_modules/.bin/tsx"), ["server.ts"], env);
  try {
    await waitForHttp(`${base}/healthz`, server.child, server.log);
  } catch (e) {
    await stopChild(server.child);
    throw e;
  }
  return { base, server };
}

/** The dashboards of the demo member and of each history size, and the minimal route. */
async function measureDashboards(label: string, base: string, members: HistoryMember[]): Promise<Measured[]> {
  const results: Measured[] = [];
  results.push(
    await load(`${label}: GET ${MINIMAL_ROUTE} (minimal route)`, `${base}${MINIMAL_ROUTE}`, {}, 301),
  );
  const targets = [{ entries: 0, ...DEMO }, ...members];
  let demoCookie = "";
  for (const m of targets) {
    const cookie = await login(base, m);
    demoCookie ||= cookie;
    const dash = await fetch(`${base}/member/dashboard`, { headers: { cookie }, redirect: "manual" });
    if (dash.status !== 200) throw new Error(`/member/dashboard answered ${dash.status} for ${m.email}`);
    const name = m.entries ? `${m.entries.toLocaleString("en-US")} entries` : "demo member";
    results.push(
      await load(`${label}: GET /member/dashboard (${name})`, `${base}/member/dashboard`, { cookie }),
    );
  }
  // A first view (or the first after any change): nothing kept, the page rendered every time.
  results.push(
    await load(
      `${label}: GET /member/dashboard (demo member, ${RENDERED})`,
      `${base}/member/dashboard`,
      { cookie: demoCookie },
      200,
      true,
    ),
  );
  return results;
}

function printTable(results: Measured[]) {
  console.log("| target | req/s | p50 ms | p99 ms | requests | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}

function printDashboardRatios(label: string, results: Measured[]) {
  const [minimal, ...all] = results as [Measured, ...Measured[]];
  for (const d of all) {
    console.log(
      `ratio ${d.name.replace(`${label}: GET `, "")} / minimal route (${label}): ${(d.rps / minimal.rps).toFixed(3)}`,
    );
  }
  const sized = all.filter((d) => !d.name.includes(RENDERED)).slice(1);
  if (sized.length >= 2)
    console.log(
      `ratio largest / smallest history (${label}): ${(sized.at(-1)!.rps / sized[0]!.rps).toFixed(3)}`,
    );
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js")) || !existsSync(CLIENT_DIR)) {
    console.error("No build found: run `npm run build` first.");
    process.exit(2);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
  let bare: ReturnType<typeof startBare> | undefined;
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  const all: Measured[] = [];
  try {
    console.log(`Seeding PGlite: demo content and members with ${HISTORY_SIZES.join(", ")} ledger entries…`);
    const pgliteMembers = await prepareDatabase({ dataDir: path.join(dataDir, "pglite") });
    site = await startSite({ DATA_DIR: dataDir });
    const { base } = site;
    const loginRes = await fetch(`${base}/login`, { headers: { "accept-encoding": "identity" } });
    if (loginRes.status !== 200) throw new Error(`/login answered ${loginRes.status}`);
    const loginHtml = await loginRes.text();
    const loginBytes = Buffer.byteLength(loginHtml);

    const barePort = await freePort();
    bare = startBare(barePort, loginBytes);
    await waitForHttp(`http://127.0.0.1:${barePort}/`, bare.child, bare.log);

    console.log(
      `Mode: NODE_ENV=${MODE}, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each, keep-alive, no compression`,
    );
    console.log(`/login HTML: ${loginBytes} bytes; the bare server answers with the same number of bytes.\n`);
    const front: Measured[] = [];
    front.push(await load("bare node:http", `http://127.0.0.1:${barePort}/`));
    front.push(await load("GET /login (anonymous)", `${base}/login`));
    await stopChild(bare.child);
    bare = undefined;
    const pglite = await measureDashboards("PGlite", base, pgliteMembers);
    all.push(...front, ...pglite);

    let pg: Measured[] = [];
    if (PG_URL !== "off") {
      // The JavaScript weight below is measured against the PGlite site: stop it only after.
      const pgliteSite = site;
      site = undefined;
      const jsRows = await javaScriptWeight(pgliteSite.base, CLIENT_DIR, MODE === "production");
      await stopChild(pgliteSite.server.child);
      pg = await withScratchPostgres(async (url) => {
        console.log("Seeding a scratch PostgreSQL database…");
        const members = await prepareDatabase({ url });
        const pgSite = await startSite({ DATA_DIR: dataDir, DATABASE_URL: url });
        try {
          return await measureDashboards("PostgreSQL", pgSite.base, members);
        } finally {
          await stopChild(pgSite.server.child);
        }
      });
      all.push(...pg);
      printResults(all, front, pglite, pg);
      printJavaScript(jsRows);
    } else {
      printResults(all, front, pglite, pg);
      printJavaScript(await javaScriptWeight(base, CLIENT_DIR, MODE === "production"));
    }
  } finally {
    if (bare) await stopChild(bare.child);
    if (site) await stopChild(site.server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printResults(all: Measured[], front: Measured[], pglite: Measured[], pg: Measured[]) {
  console.log("");
  printTable(all);
  const [bareR, loginR] = front as [Measured, Measured];
  console.log("");
  console.log(`ratio /login (anonymous) / bare: ${(loginR.rps / bareR.rps).toFixed(3)}   (aim ≥ 0.25)`);
  printDashboardRatios("PGlite", pglite);
  if (pg.length) printDashboardRatios("PostgreSQL", pg);
  console.log("(aims: each dashboard ≥ 0.5 × the minimal route; largest / smallest history ≈ 1)");
  console.log(`(the dashboard views are kept pages after the first; "${RENDERED}" is every first view)`);
  if (all.some((r) => r.non2xx > 0 || r.errors > 0))
    console.log("WARNING: some requests failed; the figures above count only what was answered.");
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
