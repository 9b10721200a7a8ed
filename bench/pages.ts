/**
 * Page throughput against a bare Node server on the same machine, and the compressed size of
 * the JavaScript the login page loads. Run `npm run build` first, then `npm run bench`.
 * See bench/README.md for how to read the figures.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { encodeObj } from "../shared/obj.server";
import { javaScriptWeight, printJavaScript } from "./login-javascript";
import { startBare, startChild, stopChild, waitForHttp } from "./children";
import { HISTORY_SIZES, prepareDatabase, withScratchPostgres, type HistoryMember } from "./pages-history";
import { freePort } from "./pg";

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
/** The "minimal route of the same build": a page whose loader only redirects (no data, no rendering). */
const MINIMAL_ROUTE = "/privacy";

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
      pg = await withScratchPostgres(PG_URL, async (url) => {
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
