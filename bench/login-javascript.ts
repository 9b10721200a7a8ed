/**
 * The login page's JavaScript against its budget (bench/pages.ts prints it after the pages): every
 * script a real browser downloads for /login, raw, gzip -9, brotli 11 and as the server sent it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { launchOptions } from "../playwright.config";

/** The budget: what /login may make a browser download, compressed. */
const BUDGET_BYTES = 150 * 1024;

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
async function scriptsLoadedByLogin(base: string, humanCheck: boolean): Promise<ScriptLoad[]> {
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
    if (humanCheck) {
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

type ScriptRow = ScriptLoad & { raw: number; gz: number; br: number };

/** The scripts /login makes a browser download (`humanCheck`: the site asks for the check, so its widget and worker load too), each with its size raw, compressed and as sent, read from `clientDir` (the build). */
export async function javaScriptWeight(
  base: string,
  clientDir: string,
  humanCheck: boolean,
): Promise<ScriptRow[]> {
  const loads = await scriptsLoadedByLogin(base, humanCheck);
  return loads.map((l) => {
    const content = readFileSync(path.join(clientDir, l.path));
    const gz = gzipSync(content, { level: 9 }).length;
    const br = brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    // Chromium reports no size for workers' scripts: count what the server sends for them.
    const wire = l.wire || (l.encoding === "br" ? br : l.encoding === "gzip" ? gz : content.length);
    return { ...l, raw: content.length, gz, br, wire };
  });
}

export function printJavaScript(rows: ScriptRow[]) {
  console.log(`\nJavaScript a browser downloads for /login (${rows.length} files):\n`);
  console.log("| file | when | raw | gzip -9 | brotli 11 | sent (encoding) |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.phase} | ${kb(r.raw)} | ${kb(r.gz)} | ${kb(r.br)} | ${kb(r.wire)} (${r.encoding}) |`,
    );
  const sum = (k: "raw" | "gz" | "br" | "wire") => rows.reduce((acc, r) => acc + r[k], 0);
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
}
