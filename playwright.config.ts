import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the real composed server (API + web tier) on port 3100 with its own
 * fresh data folder. `npm run test:e2e` builds first; Playwright then starts the server below.
 * Global setup starts the capture SMTP server (3125), the local OpenID provider (3199) and the
 * YouTube player stand-in (3197); the server only connects to them on demand, so starting them
 * after it is fine. Servers only some specs need are started by those specs (tests/e2e/servers.ts).
 */
export const E2E_PORT = 3100;
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_SMTP_PORT = 3125;
export const E2E_OIDC_PORT = 3199;
export const E2E_DATA_DIR = "tests/.tmp/e2e-data";
export const E2E_MAIL_DIR = "tests/.tmp/mail";
export const E2E_OBJ_SECRET = "e2e-obj-secret-0000";
/** The operator's second factor uses a fixed secret, so the tests can compute its codes. */
export const E2E_OPERATOR = {
  email: "ops@e2e.test",
  password: "ops-password-123",
  name: "Operator",
  totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
};
/** A second operator with the support role only (the console by role). */
export const E2E_SUPPORT_OPERATOR = {
  email: "support@e2e.test",
  password: "support-password-123",
  name: "Support",
  totpSecret: "MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK",
};
/**
 * An operator only auth.spec.ts signs in, through the login form: no other sign-in spends its
 * codes, so that test never waits for the next 30-second step.
 */
export const E2E_LOGIN_OPERATOR = {
  email: "login-ops@e2e.test",
  password: "login-password-123",
  name: "Login",
  totpSecret: "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA",
};
/** Global setup signs each operator role in once (a code works once per 30 s) and leaves the cookies here. */
export const E2E_OPERATOR_COOKIE_FILE = "tests/.tmp/operator-sessions.json";
/**
 * The site with the human check on (ALTCHA, and the picture challenge without JavaScript) and its
 * public page cache kept 5 s: started by the specs that use it, one per worker (the `humanCheckSite`
 * fixture), on this port plus the worker's parallel index.
 */
export const E2E_HC_BASE_PORT = 3110;
/**
 * The site paying through RazorpayX (issue 22), started by tests/e2e/payouts.spec.ts with the local
 * RazorpayX (tests/support/razorpayx.ts) on E2E_RAZORPAYX_PORT, with no automatic progress: the
 * spec moves each payout through its `/_local` control endpoint, which sends the signed webhook.
 */
export const E2E_PAYOUTS_PORT = 3102;
export const E2E_PAYOUTS_ORIGIN = `http://localhost:${E2E_PAYOUTS_PORT}`;
export const E2E_RAZORPAYX_PORT = 3198;
export const E2E_RAZORPAYX_URL = `http://127.0.0.1:${E2E_RAZORPAYX_PORT}`;
/** The local RazorpayX's defaults (startLocalRazorpayX): the server is configured with the same. */
export const E2E_RAZORPAYX = {
  keyId: "rzp_test_local",
  keySecret: "local-key-secret",
  webhookSecret: "local-webhook-secret",
  accountNumber: "7878780080316316",
};
/** The local stand-in of the YouTube IFrame Player API script (tests/support/youtube-player.ts). */
export const E2E_YT_PORT = 3197;
/** A test's budget (ADR 0021); a long test asks for a multiple of it (`testBudget` in fixtures.ts). */
export const TEST_TIMEOUT_MS = 60_000;
export const E2E_SESSION_SECRET = "e2e-session-secret-e2e-session-secret-0000";

/** The environment of every server the browser tests start (the main one, and those of tests/e2e/servers.ts). */
export const E2E_SERVER_ENV: Record<string, string> = {
  NODE_ENV: "test",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATA_DIR: E2E_DATA_DIR,
  OBJ_SECRET: E2E_OBJ_SECRET,
  SESSION_SECRET: E2E_SESSION_SECRET,
  HUMAN_CHECK: "off",
  RATE_LIMITS: "off",
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  GOOGLE_CLIENT_ID: "e2e-client",
  GOOGLE_CLIENT_SECRET: "e2e-secret",
  GOOGLE_ISSUER: `http://localhost:${E2E_OIDC_PORT}`,
  PUBLIC_ORIGIN: E2E_ORIGIN,
  SEED_DEMO: "on",
  // Tests compare anonymous pages with data they just changed (statistics, payment proof): a page
  // kept for a few seconds would show the state before. The second server keeps the cache on.
  PAGE_CACHE_SECONDS: "0",
  YOUTUBE_PLAYER_API_URL: `http://localhost:${E2E_YT_PORT}/iframe_api`,
};

// Debian's Chromium: Playwright's own browser download is not available on these machines.
export const launchOptions = {
  executablePath: process.env.PW_CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** The CLI that creates an operator, with the same environment as the server it is for. */
export function createOperatorCommand(
  account: { email: string; password: string; name: string; totpSecret: string },
  role?: string,
): string {
  return [
    "npx tsx api/cli/create-operator.ts",
    `--email ${account.email}`,
    `--password ${account.password}`,
    `--name ${account.name}`,
    `--totp-secret ${account.totpSecret}`,
    ...(role ? [`--role ${role}`] : []),
  ].join(" ");
}

const operatorCmd = [
  createOperatorCommand(E2E_OPERATOR),
  createOperatorCommand(E2E_SUPPORT_OPERATOR, "support"),
  createOperatorCommand(E2E_LOGIN_OPERATOR, "support"),
].join(" && ");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two on two cores (ADR 0021): on the slower of these machines a third worker's browser left
  // every test short of CPU, and the pages' frames and axe-core's scans stalled past the timeouts.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A test's whole budget: a flow of several pages takes 20–30 s on a slow 2-core machine.
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: E2E_ORIGIN,
    // Recorded on the retry only: a trace of every test costs the browser CPU all the time.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    launchOptions,
  },
  // One purpose each (issue 43): js runs every flow; no-js runs only what differs without scripts
  // (tests tagged @no-js or @no-js-only, and the sweep that posts every form of every page,
  // tests/e2e/no-js-forms.spec.ts); phone runs only what differs on a phone (@phone, @phone-only,
  // and the 360 px width sweep of every page, tests/e2e/widths.spec.ts). Listed in the order their
  // tests are handed out: the no-js sweep is one long serial group, so it starts early and the run
  // ends on the js project's short tests instead of one worker finishing it alone.
  projects: [
    {
      name: "no-js",
      grep: /@no-js/,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false, launchOptions },
    },
    {
      // A low-end Android phone.
      name: "phone",
      grep: /@phone/,
      use: {
        browserName: "chromium",
        viewport: { width: 360, height: 640 },
        screen: { width: 360, height: 640 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: true,
        userAgent:
          "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
        launchOptions,
      },
    },
    {
      name: "js",
      grepInvert: /@phone-only|@no-js-only/,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: true, launchOptions },
    },
  ],
  webServer: [
    {
      // A fresh data folder each run; the operator is created with the same environment as the server.
      command: `rm -rf ${E2E_DATA_DIR} && ${operatorCmd} && npx tsx server.ts`,
      url: `${E2E_ORIGIN}/healthz`,
      env: E2E_SERVER_ENV,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
