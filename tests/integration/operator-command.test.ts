import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers, freshPostgresUrl, type Driver } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, anotherSession } from "../support/money";
import { startServerProcess } from "../support/server-process";
import { auditLog, sessions, users } from "../../api/db/schema";
import { openDatabase, type Database } from "../../api/db/client";
import { createSession } from "../../api/sessions/sessions";
import { createOrPromoteOperator, changeOperatorRoles, removeOperator } from "../../api/accounts/operators";
import { EMBEDDED_LOCK_FILE } from "../../api/db/embeddedLock";

/**
 * Issue 42: the operator command changes an operator's roles or takes the operator role away
 * (back to a plain member) — every session of the account ends, and the change is audited with
 * the roles before and after — and it refuses to write to the embedded database while a site
 * runs on it (PGlite allows one process: the command's write would be lost).
 */
const run = promisify(execFile);
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * The command as `npm run operator:create -- …` runs it (or another of the operators' commands:
 * `script`), with only the environment given.
 */
async function cli(
  args: string[],
  env: Record<string, string>,
  script = "api/cli/create-operator.ts",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  try {
    const out = await run(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...clean, NODE_ENV: "test", SESSION_SECRET: "s".repeat(40), OBJ_SECRET: "o".repeat(20), ...env },
      timeout: 90_000,
    });
    return { code: 0, ...out };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === "number" ? err.code : -1,
      stdout: err.stdout ?? "",
      stderr: err.stderr ?? "",
    };
  }
}

/** A database the command opens as the server would: an embedded one in a data dir, or a PostgreSQL URL. */
async function commandDatabase(kind: Driver): Promise<{
  dir: string;
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), "operator-command-"));
  if (kind === "pglite")
    return {
      dir,
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: path.join(dir, "pglite") }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  const pg = await freshPostgresUrl();
  return {
    dir,
    env: { DATA_DIR: dir, DATABASE_URL: pg.url },
    open: () => openDatabase({ url: pg.url, maxConnections: 2 }),
    cleanup: async () => {
      rmSync(dir, { recursive: true, force: true });
      await pg.drop();
    },
  };
}

/** A pid no process has: one that just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

describe.each(drivers("one"))("the operator command: roles and removal (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const auditOf = async (id: string) =>
    t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${id}`));

  it("a change of roles ends every session of the account and is audited with the roles before and after", async () => {
    const op = await newOperator(t, ["support"]);
    await t.deps.db.update(users).set({ totpSecret: TOTP_SECRET }).where(eq(users.id, op.id));
    const other = await anotherSession(t, op.id);
    const changed = await changeOperatorRoles(t.deps.db, {
      email: op.email.toUpperCase(),
      roles: ["payouts", "payouts"],
    });
    expect(changed).toMatchObject({
      id: op.id,
      rolesBefore: ["support"],
      rolesAfter: ["payouts"],
      sessionsEnded: 2,
    });
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, op.id));
    expect(u).toMatchObject({ role: "operator", operatorRoles: ["payouts"], totpSecret: TOTP_SECRET });
    for (const cookie of [op.cookie, other])
      expect((await t.request("/adminRoute/me", { cookie })).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, op.id))).toEqual([]);
    const audit = await auditOf(op.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: "cli",
      action: "operator.roles",
      before: { role: "operator", roles: ["support"] },
      after: { role: "operator", roles: ["payouts"], sessionsEnded: 2 },
    });
  });

  it("removal makes the account a plain member: sessions end, the second factor goes, audited", async () => {
    const op = await newOperator(t, ["owner", "moderation"]);
    const changed = await removeOperator(t.deps.db, { email: op.email });
    expect(changed).toMatchObject({ rolesBefore: ["owner", "moderation"], rolesAfter: [], sessionsEnded: 1 });
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, op.id));
    expect(u).toMatchObject({ role: "member", operatorRoles: [], totpSecret: null, totpLastStep: null });
    expect((await t.request("/adminRoute/me", { cookie: op.cookie })).status).toBe(401);
    // Signing in again opens a member's session: no second factor asked, no operator console.
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: op.email, password: op.password, loginRemember_state: false },
    });
    expect(login.status).toBe(200);
    const cookie = login.setCookie.find((c) => c.startsWith("sid="))!.split(";")[0]!;
    expect((await t.request("/adminRoute/me", { cookie })).status).toBe(403);
    const audit = await auditOf(op.id);
    expect(audit.map((a) => [a.actorUserId, a.action, a.before, a.after])).toEqual([
      [
        "cli",
        "operator.remove",
        { role: "operator", roles: ["owner", "moderation"] },
        { role: "member", roles: [], secondFactor: "removed", sessionsEnded: 1 },
      ],
    ]);
  });

  it("refuses a change for an address that is not an operator's, and changes nothing", async () => {
    const m = await newMember(t);
    for (const change of [
      () => changeOperatorRoles(t.deps.db, { email: m.email, roles: ["owner"] }),
      () => removeOperator(t.deps.db, { email: m.email }),
      () => removeOperator(t.deps.db, { email: "nobody@example.com" }),
    ])
      await expect(change()).rejects.toThrow("No operator has the e-mail");
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u).toMatchObject({ role: "member", operatorRoles: [] });
    expect((await t.request("/userRoute/userDataGet_dashboard", { cookie: m.cookie })).status).toBe(200);
    expect(await auditOf(m.id)).toEqual([]);
  });

  it(
    "the command changes roles and removes an operator in the site's database",
    { timeout: 240_000 },
    async () => {
      const target = await commandDatabase(driver);
      try {
        let id: string;
        {
          const db = await target.open();
          try {
            const op = await createOrPromoteOperator(db.db, {
              email: "ops@example.com",
              password: "ops-password-123",
              totpSecret: TOTP_SECRET,
              roles: ["owner"],
            });
            id = op.id;
            await createSession(db.db, id, false, new Date(), { secondFactor: true });
            await createSession(db.db, id, true, new Date(), { secondFactor: true });
          } finally {
            await db.close();
          }
        }
        const roles = await cli(["--email", "ops@example.com", "--role", "support,content"], target.env);
        expect(roles.code, roles.stderr).toBe(0);
        expect(roles.stdout).toContain(
          "Roles of ops@example.com: owner → support, content. 2 session(s) ended.",
        );
        {
          const db = await target.open();
          try {
            const [u] = await db.db.select().from(users).where(eq(users.id, id));
            expect(u).toMatchObject({
              role: "operator",
              operatorRoles: ["support", "content"],
              totpSecret: TOTP_SECRET,
            });
            expect(await db.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
            await createSession(db.db, id, false, new Date(), { secondFactor: true });
          } finally {
            await db.close();
          }
        }
        const removed = await cli(["--email", "ops@example.com", "--remove"], target.env);
        expect(removed.code, removed.stderr).toBe(0);
        expect(removed.stdout).toContain(
          "ops@example.com is no longer an operator (was: support, content). 1 session(s) ended.",
        );
        const again = await cli(["--email", "ops@example.com", "--remove"], target.env);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain("No operator has the e-mail ops@example.com.");
        const db = await target.open();
        try {
          const [u] = await db.db.select().from(users).where(eq(users.id, id));
          expect(u).toMatchObject({ role: "member", operatorRoles: [], totpSecret: null });
          expect(await db.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
          const audit = await db.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.target, `user:${id}`));
          expect(audit.map((a) => [a.actorUserId, a.action])).toEqual([
            ["cli", "operator.create"],
            ["cli", "operator.roles"],
            ["cli", "operator.remove"],
          ]);
          expect(audit[1]).toMatchObject({
            before: { roles: ["owner"] },
            after: { roles: ["support", "content"] },
          });
        } finally {
          await db.close();
        }
      } finally {
        await target.cleanup();
      }
    },
  );

  it(
    "the housekeeping command (npm run housekeeping) runs every part once and says what each did",
    { timeout: 240_000 },
    async () => {
      const target = await commandDatabase(driver);
      try {
        const long = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
        {
          const db = await target.open();
          try {
            const op = await createOrPromoteOperator(db.db, {
              email: "keeper@example.com",
              password: "keeper-password-1",
              totpSecret: TOTP_SECRET,
              roles: ["owner"],
            });
            // One session that ended long ago (past the 30 days sessions are kept), one current.
            await createSession(db.db, op.id, false, long);
            await createSession(db.db, op.id, false, new Date());
          } finally {
            await db.close();
          }
        }
        const out = await cli([], target.env, "api/cli/housekeeping.ts");
        expect(out.code, out.stderr).toBe(0);
        expect(out.stdout).toMatch(/^Sessions: 1 deleted in \d+ statement\(s\)/m);
        expect(out.stdout).toContain("Dormant accounts: 0 warned, 0 erased, 0 paid out, 0 skipped.");
        expect(out.stdout).toContain("Breach notices: 0 mail(s) sent.");
        expect(out.stdout).toContain("Data exports: 0 made, 0 expired.");
        const db = await target.open();
        try {
          expect(await db.db.select().from(sessions)).toHaveLength(1);
        } finally {
          await db.close();
        }
      } finally {
        await target.cleanup();
      }
    },
  );

  it("explains --remove and a roles-only change in its usage", async () => {
    const { parseOperatorArgs } = await import("../../api/cli/create-operator");
    expect(parseOperatorArgs(["--email", "x@example.com", "--remove"])).toEqual({
      change: "remove",
      email: "x@example.com",
    });
    expect(parseOperatorArgs(["--email", "x@example.com", "--role", "support"])).toEqual({
      change: "roles",
      email: "x@example.com",
      roles: ["support"],
    });
    for (const args of [
      ["--email", "x@example.com", "--remove", "--role", "owner"],
      ["--email", "x@example.com", "--remove", "--password", "long-enough-1"],
      ["--email", "x@example.com", "--role", "owner", "--name", "X"],
      ["--email", "x@example.com", "--role", "owner", "--totp-secret", TOTP_SECRET],
      ["--remove"],
    ])
      expect(() => parseOperatorArgs(args), JSON.stringify(args)).toThrow("Usage: npm run operator:create");
  });
});

describe("the operator command and a site running on the embedded database", () => {
  const refusal = (dir: string, pid: number) =>
    `The site is running on the embedded database in ${path.join(dir, "pglite")} (pid ${pid}): stop it first, or use PostgreSQL (DATABASE_URL).`;
  const create = ["--email", "late@example.com", "--password", "late-password-123"];

  it(
    "refuses while a live process holds the data folder, writes nothing, and ignores a stale lock",
    { timeout: 240_000 },
    async () => {
      const target = await commandDatabase("pglite");
      try {
        // A live pid (this test's own process) in the lock file: a site is running.
        writeFileSync(path.join(target.dir, EMBEDDED_LOCK_FILE), `${process.pid}\n`);
        for (const args of [
          create,
          ["--email", "late@example.com", "--role", "support"],
          ["--email", "late@example.com", "--remove"],
        ]) {
          const out = await cli(args, target.env);
          expect(out.code, args.join(" ")).toBe(1);
          expect(out.stderr).toContain(refusal(target.dir, process.pid));
          expect(out.stdout).not.toContain("Operator created");
        }
        const housekeeping = await cli([], target.env, "api/cli/housekeeping.ts");
        expect(housekeeping.code).toBe(1);
        expect(housekeeping.stderr).toContain(refusal(target.dir, process.pid));
        // Nothing was written: the commands did not even open the database.
        expect(existsSync(path.join(target.dir, "pglite"))).toBe(false);

        // The pid of a process that is gone: a site that crashed; the command goes ahead.
        writeFileSync(path.join(target.dir, EMBEDDED_LOCK_FILE), `${await deadPid()}\n`);
        const out = await cli(create, target.env);
        expect(out.code, out.stderr).toBe(0);
        expect(out.stdout).toContain("Operator created: late@example.com");
      } finally {
        await target.cleanup();
      }
    },
  );

  it("a running server holds the lock, and gives it back when it stops", { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "operator-command-site-"));
    const lock = path.join(dir, EMBEDDED_LOCK_FILE);
    const server = await startServerProcess({ DATA_DIR: dir }, { timeoutMs: 120_000 });
    try {
      expect(readFileSync(lock, "utf8").trim()).toBe(String(server.child.pid));
      const out = await cli(create, { DATA_DIR: dir });
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(refusal(dir, server.child.pid!));
    } finally {
      await server.stop();
    }
    try {
      expect(existsSync(lock)).toBe(false);
      const out = await cli(create, { DATA_DIR: dir });
      expect(out.code, out.stderr).toBe(0);
      const db = await openDatabase({ dataDir: path.join(dir, "pglite") });
      try {
        expect(await db.db.select().from(users).where(eq(users.emailKey, "late@example.com"))).toHaveLength(
          1,
        );
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "with DATABASE_URL the embedded database's lock does not matter",
    { timeout: 240_000 },
    async () => {
      const target = await commandDatabase("postgres");
      try {
        writeFileSync(path.join(target.dir, EMBEDDED_LOCK_FILE), `${process.pid}\n`);
        const out = await cli(create, target.env);
        expect(out.code, out.stderr).toBe(0);
        expect(out.stdout).toContain("Operator created: late@example.com");
      } finally {
        await target.cleanup();
      }
    },
  );
});
