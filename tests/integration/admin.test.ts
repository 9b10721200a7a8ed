import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { drivers, type Driver } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  expectLedgerConsistent,
  giveEarning,
  inAnHour,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
  anotherSession,
} from "../support/money";
import { generate } from "otplib";
import { sessionCookie } from "../support/api";
import { auditLog, contactMessages, users } from "../../api/db/schema";
import { openDatabase, type Database } from "../../api/db/client";
import { verifyPassword } from "../../api/accounts/accounts";
import { createOrPromoteOperator } from "../../api/accounts/operators";
import { parseOperatorArgs } from "../../api/cli/create-operator";

const run = promisify(execFile);

const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe.each(drivers("one"))("operator API (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const op = (p: string, init: { method?: string; json?: unknown } = {}) =>
    t.request(`/adminRoute${p}`, { ...init, cookie: operator.cookie });

  it("is for operators only", async () => {
    const m = await newMember(t);
    const routes: [string, string, unknown?][] = [
      ["GET", "/withdrawals"],
      ["POST", "/withdrawals/0123456789abcdef01234567/settle", { action: "approve" }],
      ["GET", "/giftCodes"],
      ["POST", "/giftCodes", { code: "X", amount: "1", claim_limit: 1, expires_at: inAnHour() }],
      ["GET", "/payoutMethods"],
      ["POST", "/payoutMethods", { name: "X", details: "", minimum_amount: 1 }],
      ["PATCH", "/payoutMethods/1", { name: "X", details: "", minimum_amount: 1, active: true }],
      ["GET", "/settings"],
      ["PATCH", "/settings", { referral_rate_bp: 5000 }],
      ["GET", "/messages"],
      ["GET", "/audit"],
      ["GET", "/ledger"],
    ];
    const before = await snapshot(t);
    for (const [method, p, json] of routes) {
      const asMember = await t.request(`/adminRoute${p}`, { method, json, cookie: m.cookie });
      expect(asMember.status, `${method} ${p}`).toBe(403);
      expect(asMember.body).toEqual({
        success: false,
        error_msg: "Operators only.",
        error_code: "forbidden",
      });
      const anonymous = await t.request(`/adminRoute${p}`, { method, json });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.jwtMiddleware_token_not_found_error).toBe(true);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("manages payout methods, audited before and after", async () => {
    const created = await op("/payoutMethods", {
      json: { name: " PhonePe ", details: "UPI via PhonePe", minimum_amount: "75" },
    });
    expect(created.body).toEqual({ success: true, msg: "Payout method saved." });
    let list = (await op("/payoutMethods")).body.msg.records;
    const method = list.find((x: { name: string }) => x.name === "PhonePe");
    expect(method).toEqual({
      id: expect.any(Number),
      name: "PhonePe",
      details: "UPI via PhonePe",
      minimum_amount: "75.000",
      active: true,
      name_hi: "",
      details_hi: "",
    });

    const before = await snapshot(t);
    const dup = await op("/payoutMethods", {
      json: { name: "PhonePe", details: "again", minimum_amount: 1 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error_msg).toBe("A payout method with this name already exists.");
    for (const minimum of [0, -5, 1.5, "abc", "1e3", null, 1e10]) {
      const res = await op("/payoutMethods", {
        json: { name: "Other", details: "", minimum_amount: minimum },
      });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe("minimum_amount must be a whole number of rupees greater than 0.");
    }
    const missing = await op("/payoutMethods", { json: { details: "", minimum_amount: 5 } });
    expect(missing.body.error_msg).toBe("name is required.");
    const unknown = await op("/payoutMethods/999999", {
      method: "PATCH",
      json: { name: "Y", details: "", minimum_amount: 5, active: true },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_msg).toBe("Payout method not found.");
    expect(
      (
        await op("/payoutMethods/abc", {
          method: "PATCH",
          json: { name: "Y", details: "", minimum_amount: 5, active: true },
        })
      ).status,
    ).toBe(404);
    const noActive = await op(`/payoutMethods/${method.id}`, {
      method: "PATCH",
      json: { name: "PhonePe", details: "", minimum_amount: 5 },
    });
    expect(noActive.body.error_msg).toBe("active is required.");
    expect(await snapshot(t)).toEqual(before);

    await addPayoutMethod(t, operator, "GPay", 10);
    const clash = await op(`/payoutMethods/${method.id}`, {
      method: "PATCH",
      json: { name: "GPay", details: "", minimum_amount: 5, active: true },
    });
    expect(clash.status).toBe(409);

    const edited = await op(`/payoutMethods/${method.id}`, {
      method: "PATCH",
      json: {
        name: "PhonePe UPI",
        details: "Send to your PhonePe UPI id",
        minimum_amount: 80,
        active: false,
      },
    });
    expect(edited.body).toEqual({ success: true, msg: "Payout method saved." });
    list = (await op("/payoutMethods")).body.msg.records;
    expect(list.find((x: { id: number }) => x.id === method.id)).toEqual({
      id: method.id,
      name: "PhonePe UPI",
      details: "Send to your PhonePe UPI id",
      minimum_amount: "80.000",
      active: false,
      name_hi: "",
      details_hi: "",
    });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payout_method:${method.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(["payout_method.create", "payout_method.update"]);
    const update = audit.find((a) => a.action === "payout_method.update")!;
    expect(update.actorUserId).toBe(operator.id);
    expect(update.before).toMatchObject({ name: "PhonePe", minimum_amount: "75.000", active: true });
    expect(update.after).toMatchObject({ name: "PhonePe UPI", minimum_amount: "80.000", active: false });
  });

  it("sets the referral rate within 0..5000 basis points", async () => {
    expect((await op("/settings")).body.msg).toEqual({ referral_rate_bp: 1000, referralRate: "0.1" });
    const before = await snapshot(t);
    for (const bp of [-1, 5001, 12.5, "1000", null]) {
      const res = await op("/settings", { method: "PATCH", json: { referral_rate_bp: bp } });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe("referral_rate_bp must be a whole number from 0 to 5000.");
    }
    expect(
      (await op("/settings", { method: "PATCH", json: { referral_rate_bp: 10, other: 1 } })).body.error_msg,
    ).toBe("Unexpected field: other.");
    expect(await snapshot(t)).toEqual(before);

    expect((await op("/settings", { method: "PATCH", json: { referral_rate_bp: 1250 } })).body).toEqual({
      success: true,
      msg: "Settings saved.",
    });
    expect((await op("/settings")).body.msg).toEqual({ referral_rate_bp: 1250, referralRate: "0.125" });
    // The new rate applies to the next earning.
    const referrer = await newMember(t);
    const referee = await newMember(t, { referredBy: referrer.id });
    await giveEarning(t, referee.id, 8_000);
    const page = (await t.request("/userRoute/userReferral_record_get", { cookie: referrer.cookie })).body
      .msg;
    expect(page.available_balance).toBe("1.000");
    expect(page.other_data_referralRate.referralRate).toBe("0.125");
    expect((await op("/settings", { method: "PATCH", json: { referral_rate_bp: 0 } })).status).toBe(200);
    expect((await op("/settings")).body.msg).toEqual({ referral_rate_bp: 0, referralRate: "0" });
    await op("/settings", { method: "PATCH", json: { referral_rate_bp: 1000 } });

    const audit = (await op("/audit")).body.msg.records.filter(
      (r: { target: string }) => r.target === "settings:referral_rate_bp",
    );
    expect(audit.slice(0, 3).map((r: { before: unknown; after: unknown }) => [r.before, r.after])).toEqual([
      [{ referral_rate_bp: 0 }, { referral_rate_bp: 1000 }],
      [{ referral_rate_bp: 1250 }, { referral_rate_bp: 0 }],
      [{ referral_rate_bp: 1000 }, { referral_rate_bp: 1250 }],
    ]);
    expect(audit[0]).toMatchObject({ actor: operator.userName, action: "settings.update" });
    expect(new Date(audit[0].time).toISOString()).toBe(audit[0].time);
  });

  it("lists contact messages newest first, with the member's username when logged in", async () => {
    const m = await newMember(t);
    await t.deps.db.insert(contactMessages).values([
      {
        name: "Guest",
        email: "guest@example.com",
        mobileNumber: "9876500000",
        subject: "Hi",
        message: "First",
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        userId: m.id,
        name: "Member",
        email: m.email,
        mobileNumber: "9876500001",
        subject: "Payout",
        message: "Second",
      },
    ]);
    const records = (await op("/messages")).body.msg.records;
    expect(records.slice(0, 2)).toMatchObject([
      {
        id: expect.any(Number),
        name: "Member",
        email: m.email,
        mobile_number: "9876500001",
        subject: "Payout",
        message: "Second",
        userName: m.userName,
        time: expect.any(String),
      },
      {
        id: expect.any(Number),
        name: "Guest",
        email: "guest@example.com",
        mobile_number: "9876500000",
        subject: "Hi",
        message: "First",
        userName: null,
        time: expect.any(String),
      },
    ]);
  });

  it("checks the ledger for operators: balanced, and it says so when a balance is tampered with", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 2_500);
    const good = await t.request("/adminRoute/ledger", { cookie: operator.cookie });
    expect(good.body.msg).toMatchObject({ balanced: true, total: 0, negative: [], unbalancedEntries: 0 });
    // A balance changed behind the ledger's back (no journal entry) is caught.
    const account = `member:${m.id}:withdrawable`;
    await t.deps.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account}`);
    const bad = await t.request("/adminRoute/ledger", { cookie: operator.cookie });
    expect(bad.body.msg).toMatchObject({ balanced: false, total: 1 });
    await t.deps.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account}`);
  });

  it("shows the audit trail newest first", async () => {
    await op("/giftCodes", {
      json: {
        code: `AUDIT${randomBytes(3).toString("hex")}`,
        amount: "1",
        claim_limit: 1,
        expires_at: inAnHour(),
      },
    });
    const records = (await op("/audit")).body.msg.records;
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]).toMatchObject({ actor: operator.userName, action: "gift_code.create", before: null });
    const times = records.map((r: { time: string }) => Date.parse(r.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  describe("create-operator command", () => {
    /** A database of the driver's kind for the command to open, plus how to point the command at it. */
    async function commandDatabase(
      kind: Driver,
    ): Promise<{ env: Record<string, string>; open(): Promise<Database>; cleanup(): Promise<void> }> {
      if (kind === "pglite") {
        const dir = mkdtempSync(path.join(tmpdir(), "operator-cli-"));
        return {
          env: { DATA_DIR: dir },
          open: () => openDatabase({ dataDir: path.join(dir, "pglite") }),
          cleanup: async () => rmSync(dir, { recursive: true, force: true }),
        };
      }
      const base = process.env.TEST_DATABASE_URL!;
      const name = `cli_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.toString() },
        open: () => openDatabase({ url: url.toString(), maxConnections: 2 }),
        cleanup: async () => {
          const dropper = postgres(base, { max: 1, onnotice: () => {} });
          await dropper.unsafe(`drop database if exists ${name} with (force)`);
          await dropper.end();
        },
      };
    }

    const cli = (args: string[], env: Record<string, string>) => {
      const clean = { ...process.env };
      delete clean.DATABASE_URL;
      return run(process.execPath, ["--import", "tsx", "api/cli/create-operator.ts", ...args], {
        env: {
          ...clean,
          NODE_ENV: "test",
          SESSION_SECRET: "s".repeat(40),
          OBJ_SECRET: "o".repeat(20),
          ...env,
        },
        timeout: 60_000,
      });
    };

    it("creates an operator in the server's database", { timeout: 180_000 }, async () => {
      const target = await commandDatabase(driver);
      try {
        const out = await cli(
          [
            "--email",
            "Ops@Example.com",
            "--password",
            "ops-password-123",
            "--name",
            "Site Ops",
            "--totp-secret",
            TOTP_SECRET.toLowerCase(),
          ],
          target.env,
        );
        expect(out.stdout).toContain("Operator created: Ops@example.com (username ops).");
        expect(out.stdout).toContain(`secret: ${TOTP_SECRET}`);
        expect(out.stdout).toContain(
          `otpauth://totp/Rupee%20Rewards:Ops%40example.com?secret=${TOTP_SECRET}`,
        );
        const db = await target.open();
        try {
          const [u] = await db.db.select().from(users).where(eq(users.emailKey, "ops@example.com"));
          expect(u).toMatchObject({
            role: "operator",
            name: "Site Ops",
            userName: "ops",
            totpSecret: TOTP_SECRET,
          });
          expect(await verifyPassword(u!.passwordHash, "ops-password-123")).toBe(true);
          const audit = await db.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.target, `user:${u!.id}`));
          expect(audit.map((a) => [a.actorUserId, a.action])).toEqual([["cli", "operator.create"]]);
        } finally {
          await db.close();
        }
      } finally {
        await target.cleanup();
      }
    });

    /** The real operator sign-in: password, then the authenticator code; returns the session cookie. */
    async function operatorSignIn(email: string, password: string): Promise<string> {
      const first = await t.request("/userRoute/login", {
        obj: { email_userName: email, password, loginRemember_state: false },
      });
      expect(first.body.error_code).toBe("second_factor_required");
      const code = await generate({ secret: TOTP_SECRET });
      const second = await t.request("/userRoute/login_second_factor", {
        obj: { ticket: first.body.second_factor_ticket, code },
      });
      expect(second.status).toBe(200);
      return sessionCookie(second.setCookie);
    }

    it("promotes an existing member and sets the password (the command's second path)", async () => {
      const m = await newMember(t, { password: "member-pass-1" });
      const result = await createOrPromoteOperator(t.deps.db, {
        email: m.email.toUpperCase(),
        password: "operator-pass-2",
        totpSecret: TOTP_SECRET,
      });
      expect(result).toEqual({ id: m.id, userName: m.userName, email: m.email, created: false });
      const [u] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
      expect(u!.role).toBe("operator");
      expect(u!.totpSecret).toBe(TOTP_SECRET);
      expect(u!.name).toBe("Test Member");
      expect(await verifyPassword(u!.passwordHash, "operator-pass-2")).toBe(true);
      // The session the member opened before (password only) ended with the promotion: it reaches
      // neither the operator API nor the member area.
      expect((await t.request("/adminRoute/settings", { cookie: m.cookie })).status).toBe(401);
      expect((await t.request("/userRoute/userDataGet_dashboard", { cookie: m.cookie })).status).toBe(401);
      // A sign-in with the authenticator code opens one that does.
      const cookie = await operatorSignIn(m.email, "operator-pass-2");
      expect((await t.request("/adminRoute/settings", { cookie })).status).toBe(200);
      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${m.id}`));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorUserId: "cli",
        action: "operator.promote",
        before: { role: "member" },
        after: { sessionsEnded: 1 },
      });
    });

    it("ends every session when the command resets an operator's password and second factor", async () => {
      const op = await newOperator(t);
      const other = await anotherSession(t, op.id);
      await createOrPromoteOperator(t.deps.db, {
        email: op.email,
        password: "operator-pass-3",
        totpSecret: TOTP_SECRET,
      });
      for (const cookie of [op.cookie, other])
        expect((await t.request("/adminRoute/settings", { cookie })).status).toBe(401);
    });

    it("refuses operator requests from a session that did not pass the second factor", async () => {
      // An operator account whose session was opened with the password alone (as a member's
      // session is, before a promotion the command did not make): the role is not enough.
      const m = await newMember(t);
      await t.deps.db.update(users).set({ role: "operator" }).where(eq(users.id, m.id));
      const res = await t.request("/adminRoute/settings", { cookie: m.cookie });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error_msg: "Operators only." });
      expect((await t.request("/adminRoute/withdrawals", { cookie: m.cookie })).status).toBe(403);
    });

    it("explains its usage when arguments are missing or bad", () => {
      const usage =
        "Usage: npm run operator:create -- --email <email> --password <password> [--name <name>] [--totp-secret <base32>]";
      for (const args of [
        [],
        ["--email", "x@example.com"],
        ["--email", "nope", "--password", "long-enough-1"],
        ["--email", "x@example.com", "--password", "short"],
        ["--email", "x@example.com", "--password", "long-enough-1", "--totp-secret", "TOO-SHORT"],
        ["--email", "x@example.com", "--password", "long-enough-1", "--totp-secret", "1".repeat(32)],
      ]) {
        expect(() => parseOperatorArgs(args), JSON.stringify(args)).toThrow(usage);
      }
      expect(() =>
        parseOperatorArgs(["--email", "x@example.com", "--password", "long-enough-1", "--role", "x"]),
      ).toThrow();
      expect(parseOperatorArgs(["--email", " x@example.com ", "--password", "long-enough-1"])).toEqual({
        email: "x@example.com",
        password: "long-enough-1",
        name: undefined,
        roles: ["owner"],
      });
      expect(
        parseOperatorArgs([
          "--email",
          "x@example.com",
          "--password",
          "long-enough-1",
          "--role",
          "payouts,support",
          "--role",
          "support",
        ]).roles,
      ).toEqual(["payouts", "support"]);
      expect(() =>
        parseOperatorArgs(["--email", "x@example.com", "--password", "long-enough-1", "--role", "root"]),
      ).toThrow("--role must be one of owner, payouts, support, content, moderation");
      expect(
        parseOperatorArgs([
          "--email",
          "x@example.com",
          "--password",
          "long-enough-1",
          "--totp-secret",
          TOTP_SECRET,
        ]),
      ).toMatchObject({ totpSecret: TOTP_SECRET });
    });
  });
});
