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
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { encodeObj } from "../shared/obj.server";
import { launchOptions } from "../playwright.config";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build/client");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BUDGET_BYTES = 150 * 1024;
/** production (default; the human check is on, so the script solves an ALTCHA challenge to log in) or development. */
const MODE = process.env.BENCH_NODE_ENV === "development" ? "development" : "production";
const SESSION_SECRET = "bench-session-secret-bench-session-secret-0000";
const OBJ_SECRET = "bench-obj-secret-0000";
const DEMO = { email: "demo@example.com", password: "demo-password-123" };

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

/** Logs the demo member in through the API (as the login form's action does) and returns the cookie. */
async function loginDemo(base: string): Promise<string> {
  let humanCheck: Record<string, string> | undefined;
  if (MODE === "production") {
    const challenge = (await (await fetch(`${base}/humanCheck/altcha-challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("could not solve the ALTCHA challenge");
    humanCheck = { altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
  }
  const obj = encodeObj(OBJ_SECRET, {
    email_userName: DEMO.email,
    password: DEMO.password,
    loginRemember_state: true,
    ...(humanCheck ? { human_check: humanCheck } : {}),
  });
  const res = await fetch(`${base}/userRoute/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ obj }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (res.status !== 200 || !sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sid.split(";")[0]!;
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

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const opts = { url, connections: CONNECTIONS, pipelining: 1, headers };
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
    non2xx: r.non2xx,
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

interface ScriptLoad {
  path: string;
  /** When it arrived: before the page settled, or while the human check solved its challenge. */
  phase: "page" | "human check";
  /** What the server sent over the wire (headers excluded) and how it was encoded. */
  wire: number;
  encoding: string;
}

/**
 * Every script a real browser downloads for /login: the page's modules, the lazily imported
 * human-check widget and its worker, and the service worker. The check is then run as a member
 * would (focusing the form starts it), so what solving needs is counted too.
 */
async function scriptsLoadedByLogin(base: string): Promise<ScriptLoad[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(launchOptions);
  const loads = new Map<string, ScriptLoad>();
  let phase: ScriptLoad["phase"] = "page";
  try {
    const context = await browser.newContext({ serviceWorkers: "allow" });
    context.on("response", (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith(".js") || loads.has(url.pathname)) return;
      const entry: ScriptLoad = { path: url.pathname, phase, wire: 0, encoding: "" };
      loads.set(url.pathname, entry);
      void response
        .allHeaders()
        .then((h) => (entry.encoding = h["content-encoding"] ?? "identity"))
        .then(() => response.request().sizes())
        .then((sizes) => (entry.wire = sizes.responseBodySize))
        .catch(() => {});
    });
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: "networkidle" });
    // The service worker is registered once the page has loaded: wait for it (or 10 s), so its
    // script is counted too.
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]),
    );
    if (MODE === "production") {
      await page.locator("altcha-widget").waitFor({ state: "attached", timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      phase = "human check";
      await page.locator('input[name="email_userName"]').focus();
      // Solved when the widget puts its payload into the form.
      await page.waitForFunction(
        () => [...document.forms].some((f) => Boolean(new FormData(f).get("altcha"))),
        undefined,
        {
          timeout: 60_000,
        },
      );
      await page.waitForLoadState("networkidle");
    }
    await new Promise((r) => setTimeout(r, 500)); // let the size lookups above finish
  } finally {
    await browser.close();
  }
  return [...loads.values()];
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js")) || !existsSync(CLIENT_DIR)) {
    console.error("No build found: run `npm run build` first.");
    process.exit(2);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMITS: "off",
    SEED_DEMO: "on",
    SESSION_SECRET,
    OBJ_SECRET,
    ...(MODE === "production" ? { NODE_ENV: "production" } : { HUMAN_CHECK: "off" }),
  };
  const server = startChild(path.join(ROOT, "node_modules/.bin/tsx"), ["server.ts"], env);
  let bare: ReturnType<typeof startBare> | undefined;
  try {
    await waitForHttp(`${base}/healthz`, server.child, server.log);
    const cookie = await loginDemo(base);
    const dash = await fetch(`${base}/member/dashboard`, { headers: { cookie }, redirect: "manual" });
    if (dash.status !== 200)
      throw new Error(`/member/dashboard answered ${dash.status} for the logged-in member`);
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
    const results: Measured[] = [];
    results.push(await load("bare node:http", `http://127.0.0.1:${barePort}/`));
    results.push(await load("GET /login", `${base}/login`));
    results.push(await load("GET /member/dashboard (logged in)", `${base}/member/dashboard`, { cookie }));

    console.log("| target | req/s | p50 ms | p99 ms | requests | non-2xx | errors |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.non2xx} | ${r.errors} |`,
      );
    }
    const [bareR, loginR, dashR] = results as [Measured, Measured, Measured];
    console.log("");
    console.log(`ratio /login / bare:           ${(loginR.rps / bareR.rps).toFixed(4)}`);
    console.log(`ratio /member/dashboard / bare: ${(dashR.rps / bareR.rps).toFixed(4)}`);
    if (results.some((r) => r.non2xx > 0 || r.errors > 0))
      console.log("WARNING: some requests failed; the figures above count only what was answered.");

    // ---- JavaScript weight of the login page, as a browser downloads it ----
    const loads = await scriptsLoadedByLogin(base);
    const rows = loads.map((l) => {
      const content = readFileSync(path.join(CLIENT_DIR, l.path));
      const gz = gzipSync(content, { level: 9 }).length;
      const br = brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      // Chromium reports no size for workers' scripts: count what the server sends for them.
      const wire = l.wire || (l.encoding === "br" ? br : l.encoding === "gzip" ? gz : content.length);
      return { ...l, raw: content.length, gz, br, wire };
    });
    console.log(`\nJavaScript a browser downloads for /login (${rows.length} files):\n`);
    console.log("| file | when | raw | gzip -9 | brotli 11 | sent (encoding) |");
    console.log("|---|---|---:|---:|---:|---:|");
    for (const r of rows)
      console.log(
        `| ${r.path} | ${r.phase} | ${kb(r.raw)} | ${kb(r.gz)} | ${kb(r.br)} | ${kb(r.wire)} (${r.encoding}) |`,
      );
    const sum = (k: "raw" | "gz" | "br" | "wire") => rows.reduce((s, r) => s + r[k], 0);
    console.log(`| total | | ${kb(sum("raw"))} | ${kb(sum("gz"))} | ${kb(sum("br"))} | ${kb(sum("wire"))} |`);
    console.log("");
    for (const [label, k] of [
      ["gzip -9", "gz"],
      ["brotli 11", "br"],
      ["as sent", "wire"],
    ] as const)
      console.log(
        `budget 150 KB compressed (${label}): ${kb(sum(k))} → ${sum(k) <= BUDGET_BYTES ? "PASS" : "OVER"}`,
      );
    if (!rows.some((r) => /altcha/i.test(r.path)))
      console.log("(the human-check widget was not downloaded: it was not counted)");
  } finally {
    if (bare) await stopChild(bare.child);
    await stopChild(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
