import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig as parseConfigFrom, publicOrigin } from "../../api/config";

const SESSION_SECRET = "s".repeat(32);
const OBJ_SECRET = "o".repeat(16);

/** The configuration from exactly these variables (NODE_ENV included only when given). */
const parseConfig = (vars: Record<string, string>) => parseConfigFrom(vars as NodeJS.ProcessEnv);

describe("parseConfig", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "config-test-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts with no configuration at all: development, embedded database, human check on", () => {
    const c = parseConfig({ DATA_DIR: dataDir });
    expect(c.NODE_ENV).toBe("development");
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe("0.0.0.0");
    expect(c.ROLE).toBe("all");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.REDIS_ADAPTER_KEY).toBe("socket.io");
    expect(c.HUMAN_CHECK).toBe("altcha");
    expect(c.RATE_LIMITS).toBe(true);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.TRUST_PROXY).toBe(0);
    expect(c.SITE_NAME).toBe("Rupee Rewards");
    expect(c.googleEnabled).toBe(false);
    expect(c.secretsGenerated).toBe(true);
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.objSecret.length).toBeGreaterThanOrEqual(16);
  });

  it("takes a Redis adapter key of its own, and refuses one with spaces or other characters", () => {
    const vars = { DATA_DIR: dataDir, SESSION_SECRET, OBJ_SECRET };
    expect(parseConfig({ ...vars, REDIS_ADAPTER_KEY: "site-b:io" }).REDIS_ADAPTER_KEY).toBe("site-b:io");
    expect(() => parseConfig({ ...vars, REDIS_ADAPTER_KEY: "site b" })).toThrow(/REDIS_ADAPTER_KEY/);
    expect(() => parseConfig({ ...vars, REDIS_ADAPTER_KEY: "" })).toThrow(/REDIS_ADAPTER_KEY/);
  });

  it("uses .data as the default data folder", () => {
    // Only the default is checked here; secrets are given so nothing is written to .data.
    const c = parseConfig({ SESSION_SECRET, OBJ_SECRET });
    expect(c.DATA_DIR).toBe(".data");
    expect(c.secretsGenerated).toBe(false);
  });

  it("keeps generated secrets in the data folder and reuses them on the next start", () => {
    const first = parseConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "secrets.json");
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      sessionSecret: first.sessionSecret,
      objSecret: first.objSecret,
    });
    // readable by the owner only
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = parseConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.objSecret).toBe(first.objSecret);
  });

  it("creates the data folder when it does not exist", () => {
    const nested = path.join(dataDir, "a", "b");
    const c = parseConfig({ DATA_DIR: nested });
    expect(existsSync(path.join(nested, "secrets.json"))).toBe(true);
    expect(c.secretsGenerated).toBe(true);
  });

  it("gives each data folder its own secrets", () => {
    const other = mkdtempSync(path.join(tmpdir(), "config-test-"));
    try {
      const a = parseConfig({ DATA_DIR: dataDir });
      const b = parseConfig({ DATA_DIR: other });
      expect(a.sessionSecret).not.toBe(b.sessionSecret);
      expect(a.objSecret).not.toBe(b.objSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("replaces an unreadable secrets file with fresh secrets", () => {
    writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ sessionSecret: 1 }));
    const c = parseConfig({ DATA_DIR: dataDir });
    expect(typeof c.sessionSecret).toBe("string");
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(c.sessionSecret);
  });

  it("uses given secrets and writes nothing", () => {
    const c = parseConfig({ DATA_DIR: dataDir, SESSION_SECRET, OBJ_SECRET });
    expect(c.sessionSecret).toBe(SESSION_SECRET);
    expect(c.objSecret).toBe(OBJ_SECRET);
    expect(c.secretsGenerated).toBe(false);
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  });

  it("counts secrets as generated when only one of them is given", () => {
    const c = parseConfig({ DATA_DIR: dataDir, SESSION_SECRET });
    expect(c.secretsGenerated).toBe(true);
    expect(c.sessionSecret).toBe(SESSION_SECRET);
    expect(c.objSecret).not.toBe(OBJ_SECRET);
  });

  it("refuses short secrets", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir, SESSION_SECRET: "short", OBJ_SECRET })).toThrow(
      /SESSION_SECRET/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir, SESSION_SECRET, OBJ_SECRET: "short" })).toThrow(
      /OBJ_SECRET/,
    );
  });

  it("refuses invalid values with the variable's name", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir, PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATA_DIR: dataDir, ROLE: "worker" })).toThrow(/ROLE/);
    expect(() => parseConfig({ DATA_DIR: dataDir, HUMAN_CHECK: "maybe" })).toThrow(/HUMAN_CHECK/);
    expect(() => parseConfig({ DATA_DIR: dataDir, DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DATA_DIR: dataDir, RATE_LIMITS: "sometimes" })).toThrow(/RATE_LIMITS/);
  });

  it("reads on/off switches", () => {
    expect(parseConfig({ DATA_DIR: dataDir, RATE_LIMITS: "off" }).RATE_LIMITS).toBe(false);
    expect(parseConfig({ DATA_DIR: dataDir, RATE_LIMITS: "0" }).RATE_LIMITS).toBe(false);
    expect(parseConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(parseConfig({ DATA_DIR: dataDir, PORT: "0" }).PORT).toBe(0);
  });

  it("reads TRUST_PROXY as a number of trusted hops, not a switch", () => {
    expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "off" }).TRUST_PROXY).toBe(0);
    expect(() => parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "on" })).toThrow(/number of proxies/);
    expect(() => parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });

  it("enables Google only with both the client id and secret", () => {
    expect(parseConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: "id" }).googleEnabled).toBe(false);
    expect(
      parseConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" })
        .googleEnabled,
    ).toBe(true);
  });

  describe("production", () => {
    it("refuses generated secrets", () => {
      expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(/generated secrets/);
      expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET })).toThrow(
        /generated secrets/,
      );
      expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir, OBJ_SECRET })).toThrow(
        /generated secrets/,
      );
    });

    it("refuses generated secrets even when a secrets file from development exists", () => {
      parseConfig({ DATA_DIR: dataDir });
      expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(true);
      expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(/generated secrets/);
    });

    const PUBLIC_ORIGIN = "https://rewards.example.com";
    const SMTP_URL = "smtp://mail.example.com:587";

    it("refuses HUMAN_CHECK=off", () => {
      expect(() =>
        parseConfig({
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          SESSION_SECRET,
          OBJ_SECRET,
          PUBLIC_ORIGIN,
          SMTP_URL,
          HUMAN_CHECK: "off",
        }),
      ).toThrow(/HUMAN_CHECK=off/);
    });

    it("refuses a half-configured payout provider", () => {
      const vars = {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SESSION_SECRET,
        OBJ_SECRET,
        PUBLIC_ORIGIN,
        SMTP_URL,
      };
      const keys = {
        RAZORPAYX_KEY_ID: "rzp_live_x",
        RAZORPAYX_KEY_SECRET: "secret",
        RAZORPAYX_WEBHOOK_SECRET: "hook-secret",
        RAZORPAYX_ACCOUNT_NUMBER: "7878780080316316",
      };
      // Keys without the switch: someone meant to pay through RazorpayX.
      expect(() => parseConfig({ ...vars, RAZORPAYX_KEY_ID: "rzp_live_x" })).toThrow(/PAYOUT_PROVIDER unset/);
      // The switch without every key, in any environment.
      for (const missing of Object.keys(keys)) {
        const some = { ...keys } as Record<string, string>;
        delete some[missing];
        expect(() => parseConfig({ ...vars, ...some, PAYOUT_PROVIDER: "razorpayx" })).toThrow(missing);
        expect(() => parseConfig({ DATA_DIR: dataDir, ...some, PAYOUT_PROVIDER: "razorpayx" })).toThrow(
          missing,
        );
      }
      const whole = parseConfig({ ...vars, ...keys, PAYOUT_PROVIDER: "razorpayx" });
      expect(whole.PAYOUT_PROVIDER).toBe("razorpayx");
      expect(whole.RAZORPAYX_BASE_URL).toBe("https://api.razorpay.com");
      expect(whole.RAZORPAYX_MAX_RPS).toBe(5);
      expect(parseConfig(vars).PAYOUT_PROVIDER).toBeUndefined();
    });

    it("refuses SEED_DEMO=on (a published password with a balance, a wall that credits anyone); off by default", () => {
      const vars = {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SESSION_SECRET,
        OBJ_SECRET,
        PUBLIC_ORIGIN,
        SMTP_URL,
      };
      for (const on of ["on", "true", "1"])
        expect(() => parseConfig({ ...vars, SEED_DEMO: on })).toThrow(/SEED_DEMO=on/);
      expect(parseConfig(vars).SEED_DEMO).toBe(false);
      expect(parseConfig({ ...vars, SEED_DEMO: "off" }).SEED_DEMO).toBe(false);
    });

    it("refuses to start without PUBLIC_ORIGIN, so links in mails never come from a request's Host", () => {
      expect(() =>
        parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET, OBJ_SECRET, SMTP_URL }),
      ).toThrow(/without PUBLIC_ORIGIN/);
    });

    it("refuses to start without SMTP_URL, so mail is never only printed to the console", () => {
      expect(() =>
        parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET, OBJ_SECRET, PUBLIC_ORIGIN }),
      ).toThrow(/without SMTP_URL/);
    });

    it("starts with explicit secrets, the human check on, a public origin and SMTP", () => {
      const c = parseConfig({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SESSION_SECRET,
        OBJ_SECRET,
        PUBLIC_ORIGIN,
        SMTP_URL,
      });
      expect(c.NODE_ENV).toBe("production");
      expect(c.HUMAN_CHECK).toBe("altcha");
      expect(c.secretsGenerated).toBe(false);
      expect(publicOrigin(c)).toBe(PUBLIC_ORIGIN);
    });
  });

  it("builds mail links on PUBLIC_ORIGIN (without a trailing slash), else on this process's local port", () => {
    expect(publicOrigin(parseConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: "https://r.example.com/" }))).toBe(
      "https://r.example.com",
    );
    expect(publicOrigin(parseConfig({ DATA_DIR: dataDir, PORT: "4321" }))).toBe("http://localhost:4321");
  });

  it("allows HUMAN_CHECK=off outside production", () => {
    expect(parseConfig({ DATA_DIR: dataDir, HUMAN_CHECK: "off" }).HUMAN_CHECK).toBe("off");
    expect(parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, HUMAN_CHECK: "off" }).HUMAN_CHECK).toBe("off");
  });
});
