import type { Browser, BrowserContext } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startServerProcess } from "../support/server-process";
import { E2E_SERVER_ENV } from "../../playwright.config";

/**
 * Servers that only some specs need, started by those specs (issue 43): the site with the human
 * check on (human-check.spec.ts and two page-cache checks), the site paying through the local
 * RazorpayX (payouts.spec.ts), the site the no-JavaScript form sweep may change at will
 * (no-js-forms.spec.ts). Each is the real composed server (`server.ts`, ROLE=all, the production
 * build) on a data folder of its own, with the operators it needs created by the CLI first.
 */
export interface Site {
  /** `http://localhost:{port}`: the host the browser's cookies are set for. */
  origin: string;
  stop(): Promise<void>;
}

export interface SiteOperator {
  account: { email: string; password: string; name: string; totpSecret: string };
  role?: string;
}

const run = promisify(execFile);

export async function startSite(opts: {
  port: number;
  env?: Record<string, string>;
  operators?: SiteOperator[];
}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rr-e2e-site-"));
  const origin = `http://localhost:${opts.port}`;
  const env = {
    ...E2E_SERVER_ENV,
    ...opts.env,
    ROLE: "all",
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
  };
  // Before the server: the embedded database takes one process at a time.
  for (const { account, role } of opts.operators ?? []) {
    const args = ["api/cli/create-operator.ts", "--email", account.email, "--password", account.password];
    args.push("--name", account.name, "--totp-secret", account.totpSecret, ...(role ? ["--role", role] : []));
    await run(path.resolve("node_modules/.bin/tsx"), args, { env: { ...process.env, ...env } });
  }
  const server = await startServerProcess(env, { timeoutMs: 120_000 });
  return {
    origin,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser context on the site at `origin` (the tests' locale and time zone), holding the session
 * `cookie` (`sid=...`) when given, with scripts on or off.
 */
export async function contextOn(
  browser: Browser,
  origin: string,
  opts: { cookie?: string; javaScriptEnabled: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: opts.javaScriptEnabled,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
  });
  if (opts.cookie)
    await context.addCookies([
      { name: "sid", value: opts.cookie.slice("sid=".length), url: origin, httpOnly: true, sameSite: "Lax" },
    ]);
  return context;
}
