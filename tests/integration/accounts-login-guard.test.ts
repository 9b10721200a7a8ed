import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { accountTokens, loginFailures, sessions, users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { createOrPromoteOperator } from "../../api/accounts/operators";
import { delayAfterFailures } from "../../api/accounts/loginThrottle";
import { hashToken } from "../../api/lib/ids";

const THROTTLED = "Too many failed logins for this account. Please wait before trying again.";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const PASSWORD = "right-password-1";

let seq = 0;
const unique = (p: string) => `${p}${++seq}-${Date.now().toString(36)}`;

describe("delayAfterFailures", () => {
  it("is free for 5 failures, then 30 s doubling per failure, capped at 15 minutes", () => {
    expect([0, 1, 4].map(delayAfterFailures)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 9].map(delayAfterFailures)).toEqual([30_000, 60_000, 120_000, 480_000]);
    expect(delayAfterFailures(10)).toBe(900_000);
    expect(delayAfterFailures(10_000)).toBe(900_000);
  });
});

describe.each(drivers("one"))(
  "login guard: per-account throttle and the operators' second factor (%s)",
  (driver) => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi(driver);
    });
    afterAll(() => t.close());

    const login = (identifier: string, password: string) =>
      t.request("/userRoute/login", {
        obj: { email_userName: identifier, password, loginRemember_state: false },
      });
    const secondFactor = (ticket: string, code: string) =>
      t.request("/userRoute/login_second_factor", { obj: { ticket, code } });
    const failuresOf = async (key: string) =>
      (await t.deps.db.select().from(loginFailures).where(eq(loginFailures.key, key)))[0];
    /** Lets the current wait pass, as time would. */
    const endWait = (key: string) =>
      t.deps.db
        .update(loginFailures)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(loginFailures.key, key));

    async function member() {
      const email = `${unique("guard")}@example.com`;
      const m = await createMember(t.deps.db, { name: "Guard", email, password: PASSWORD });
      return { ...m, email };
    }

    describe("per-account throttle", () => {
      it("after 5 failures refuses every attempt, the right password too, with time_left; then doubles the wait", async () => {
        const m = await member();
        for (let i = 0; i < 5; i++) expect((await login(m.email, "wrong-password")).status).toBe(401);
        const held = await login(m.email, PASSWORD);
        expect(held.status).toBe(429);
        expect(held.body.error_msg).toBe(THROTTLED);
        expect(held.body.time_left).toBeGreaterThan(25_000);
        expect(held.body.time_left).toBeLessThanOrEqual(30_000);
        expect(held.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
        // Any spelling of the identity is the same account.
        expect((await login(m.email.toUpperCase().replace("@", ".@"), PASSWORD)).status).toBe(429);
        expect((await failuresOf(m.email))!.failures).toBe(5);

        await endWait(m.email);
        expect((await login(m.email, "wrong-password")).status).toBe(401);
        const longer = await login(m.email, PASSWORD);
        expect(longer.status).toBe(429);
        expect(longer.body.time_left).toBeGreaterThan(55_000);
        expect(longer.body.time_left).toBeLessThanOrEqual(60_000);

        await t.deps.db.update(loginFailures).set({ failures: 40 }).where(eq(loginFailures.key, m.email));
        await endWait(m.email);
        expect((await login(m.email, "wrong-password")).status).toBe(401);
        const capped = await login(m.email, PASSWORD);
        expect(capped.body.time_left).toBeGreaterThan(14 * 60_000);
        expect(capped.body.time_left).toBeLessThanOrEqual(15 * 60_000);

        // After the wait the right password signs in and the count starts over.
        await endWait(m.email);
        const ok = await login(m.email, PASSWORD);
        expect(ok.status).toBe(200);
        expect(await failuresOf(m.email)).toBeUndefined();
        for (let i = 0; i < 4; i++) expect((await login(m.email, "wrong-password")).status).toBe(401);
        expect((await login(m.email, PASSWORD)).status).toBe(200);
      });

      it("throttles an identity nobody has the same way (no enumeration), and leaves other accounts alone", async () => {
        const ghost = `${unique("ghost")}@example.com`;
        const bystander = await member();
        for (let i = 0; i < 5; i++) {
          const res = await login(ghost, "any-password");
          expect(res.status).toBe(401);
          expect(res.body.error_msg).toBe("Invalid details");
        }
        const held = await login(ghost, "any-password");
        expect(held.status).toBe(429);
        expect(held.body.error_msg).toBe(THROTTLED);
        expect((await login(bystander.email, PASSWORD)).status).toBe(200);
      });

      it("counts every failure of parallel wrong passwords", async () => {
        const m = await member();
        const results = await Promise.all(Array.from({ length: 10 }, () => login(m.email, "wrong-password")));
        const refused = results.filter((r) => r.status === 401).length;
        const held = results.filter((r) => r.status === 429).length;
        expect(refused + held).toBe(10);
        expect(refused).toBeGreaterThanOrEqual(5);
        // Each answered failure was counted: none lost to a concurrent update.
        expect((await failuresOf(m.email))!.failures).toBe(refused);
        expect((await login(m.email, PASSWORD)).status).toBe(429);
      });
    });

    describe("operator second factor", () => {
      async function operator(opts: { totp?: boolean } = {}) {
        const email = `${unique("ops")}@example.com`;
        const created = await createOrPromoteOperator(t.deps.db, {
          email,
          password: PASSWORD,
          totpSecret: SECRET,
        });
        if (opts.totp === false)
          await t.deps.db.update(users).set({ totpSecret: null }).where(eq(users.id, created.id));
        return { ...created, email };
      }
      const ticketFor = async (email: string) => {
        const res = await login(email, PASSWORD);
        expect(res.status).toBe(401);
        return res.body.second_factor_ticket as string;
      };
      const nowS = () => Math.floor(Date.now() / 1000);

      it("a right password gives no session but a single-use 5-minute ticket; the right code then signs in", async () => {
        const op = await operator();
        const res = await login(op.email, PASSWORD);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({
          success: false,
          error_msg: "Enter the 6-digit code from your authenticator app.",
          error_code: "second_factor_required",
        });
        expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
        expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, op.id))).toEqual([]);
        const ticket = res.body.second_factor_ticket as string;
        const [stored] = await t.deps.db
          .select()
          .from(accountTokens)
          .where(and(eq(accountTokens.userId, op.id), eq(accountTokens.purpose, "second_factor")));
        expect(stored!.tokenHash).toBe(hashToken(ticket));
        expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(5 * 60 * 1000);

        const wrong = await secondFactor(
          ticket,
          "000000" === (await generate({ secret: SECRET })) ? "111111" : "000000",
        );
        expect(wrong.status).toBe(401);
        expect(wrong.body.error_msg).toBe("Invalid code.");
        expect(wrong.setCookie.some((c) => c.startsWith("sid="))).toBe(false);

        const ok = await secondFactor(ticket, await generate({ secret: SECRET }));
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({ success: true, msg: "Login Success!" });
        const admin = await t.request("/adminRoute/settings", { cookie: sessionCookie(ok.setCookie) });
        expect(admin.status).toBe(200);

        const reused = await secondFactor(ticket, await generate({ secret: SECRET }));
        expect(reused.status).toBe(401);
        expect(reused.body.error_msg).toBe("Your sign-in has expired. Please log in again.");
      });

      it("a code works once: the same code with a new ticket, or two requests at once, sign in once", async () => {
        const op = await operator();
        const code = await generate({ secret: SECRET });
        const [a, b] = await Promise.all([ticketFor(op.email), ticketFor(op.email)]);
        const results = await Promise.all([secondFactor(a!, code), secondFactor(b!, code)]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
        const again = await secondFactor(await ticketFor(op.email), code);
        expect(again.status).toBe(401);
        expect(again.body.error_msg).toBe("Invalid code.");
      });

      it("accepts the previous step's code (clock drift) but not one from three steps ago", async () => {
        const op = await operator();
        const old = await secondFactor(
          await ticketFor(op.email),
          await generate({ secret: SECRET, epoch: nowS() - 90 }),
        );
        expect(old.status).toBe(401);
        const previous = await secondFactor(
          await ticketFor(op.email),
          await generate({ secret: SECRET, epoch: nowS() - 30 }),
        );
        expect(previous.status).toBe(200);
      });

      it("counts wrong codes in the login throttle", async () => {
        const op = await operator();
        const ticket = await ticketFor(op.email);
        const right = await generate({ secret: SECRET });
        const wrongCode = right === "123456" ? "654321" : "123456";
        for (let i = 0; i < 5; i++) expect((await secondFactor(ticket, wrongCode)).status).toBe(401);
        const held = await secondFactor(ticket, right);
        expect(held.status).toBe(429);
        expect(held.body.error_msg).toBe(THROTTLED);
        expect(held.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
      });

      it("an operator without an authenticator cannot sign in, and is told the command", async () => {
        const op = await operator({ totp: false });
        const res = await login(op.email, PASSWORD);
        expect(res.status).toBe(403);
        expect(res.body.error_msg).toContain("npm run operator:create");
        expect(res.body.second_factor_ticket).toBeUndefined();
        expect(res.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
      });

      it("refuses malformed second-factor bodies with a 4xx", async () => {
        const op = await operator();
        const ticket = await ticketFor(op.email);
        for (const obj of [
          {},
          { ticket },
          { ticket, code: 123456 },
          { ticket, code: "1".repeat(30) },
          { ticket, code: "1", x: 1 },
        ]) {
          const res = await t.request("/userRoute/login_second_factor", { obj });
          expect(res.status, JSON.stringify(obj)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(obj)).toBeLessThan(500);
        }
        const unknown = await secondFactor("not-a-ticket", "123456");
        expect(unknown.status).toBe(401);
        expect(unknown.body.error_msg).toBe("Your sign-in has expired. Please log in again.");
      });
    });
  },
);
