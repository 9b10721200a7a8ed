import { defineConfig, devices } from "@playwright/test";
import { siteEnvFor } from "./tests/support/razorpayx";

/**
 * End-to-end tests against the real composed server (API + web tier) on port 3100 with its own
 * fresh data folder. `npm run test:e2e` builds first; Playwright then starts the server below.
 * Global setup starts the capture SMTP server (3125), the local OpenID provider (3199) and the
 * local RazorpayX (3198); the servers only connect to them on demand, so starting them after the
 * web servers is fine.
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
/** Global setup signs the operator in once (a code works once per 30 s) and leaves the cookie here. */
export const E2E_OPERATOR_COOKIE_FILE = "tests/.tmp/operator-cookie.txt";
/** A second server with the human check on (ALTCHA, and the picture challenge without JavaScript). */
export const E2E_HC_PORT = 3101;
export const E2E_HC_ORIGIN = `http://localhost:${E2E_HC_PORT}`;
/**
 * A third server paying through RazorpayX (issue 22): its payouts go to the local RazorpayX
 * (tests/support/razorpayx.ts) that global setup starts on E2E_RAZORPAYX_PORT with no automatic
 * progress; tests/e2e/payouts.spec.ts moves each payout through its `/_local` control endpoint,
 * which sends the signed webhook to this server.
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

const serverEnv: Record<string, string> = {
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

const operatorCmd = [
  [
    "npx tsx api/cli/create-operator.ts",
    `--email ${E2E_OPERATOR.email}`,
    `--password ${E2E_OPERATOR.password}`,
    `--name ${E2E_OPERATOR.name}`,
    `--totp-secret ${E2E_OPERATOR.totpSecret}`,
  ].join(" "),
  [
    "npx tsx api/cli/create-operator.ts",
    `--email ${E2E_SUPPORT_OPERATOR.email}`,
    `--password ${E2E_SUPPORT_OPERATOR.password}`,
    `--name ${E2E_SUPPORT_OPERATOR.name}`,
    `--totp-secret ${E2E_SUPPORT_OPERATOR.totpSecret}`,
    "--role support",
  ].join(" "),
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
  projects: [
    {
      name: "js",
      grepInvert: /@phone-only|@no-js-only/,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: true, launchOptions },
    },
    {
      // Rules that live in the browser (local storage) need scripts: they are not part of this project.
      name: "no-js",
      grepInvert: /@needs-js|@phone-only/,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false, launchOptions },
    },
    {
      // A low-end Android phone. Tests tagged @any-viewport check rules the screen size cannot
      // change (validation messages, API effects): js and no-js run them, the phone does not.
      name: "phone",
      grepInvert: /@wide-only|@any-viewport|@no-js-only/,
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
  ],
  webServer: [
    {
      // A fresh data folder each run; the operator is created with the same environment as the server.
      command: `rm -rf ${E2E_DATA_DIR} && ${operatorCmd} && npx tsx server.ts`,
      url: `${E2E_ORIGIN}/healthz`,
      env: serverEnv,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `rm -rf ${E2E_DATA_DIR}-hc && npx tsx server.ts`,
      url: `${E2E_HC_ORIGIN}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(E2E_HC_PORT),
        DATA_DIR: `${E2E_DATA_DIR}-hc`,
        PUBLIC_ORIGIN: E2E_HC_ORIGIN,
        HUMAN_CHECK: "altcha",
        SEED_DEMO: "off",
        PAGE_CACHE_SECONDS: "5",
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // Payouts through the local RazorpayX; the demo seed gives it the UPI payout method.
      command: `rm -rf ${E2E_DATA_DIR}-payouts && ${operatorCmd} && npx tsx server.ts`,
      url: `${E2E_PAYOUTS_ORIGIN}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(E2E_PAYOUTS_PORT),
        DATA_DIR: `${E2E_DATA_DIR}-payouts`,
        PUBLIC_ORIGIN: E2E_PAYOUTS_ORIGIN,
        ...siteEnvFor({ url: E2E_RAZORPAYX_URL, ...E2E_RAZORPAYX }),
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
