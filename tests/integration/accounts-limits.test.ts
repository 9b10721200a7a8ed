import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { SIGN_UP_PRIVACY } from "../support/privacy";

let seq = 0;
function newMemberInput(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Limit ${seq}`,
    mobile_number: 9876543210,
    email_address: `limit${seq}.${Date.now()}@example.com`,
    password: "correct-horse-1",
    ...SIGN_UP_PRIVACY,
    ...extra,
  };
}

async function countUsers(t: TestApi): Promise<number> {
  const [r] = await t.deps.db.select({ n: count() }).from(users);
  return Number(r!.n);
}

describe.each(drivers("one"))("accounts: human check and rate limits (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver, { HUMAN_CHECK: "altcha", RATE_LIMITS: "on" });
  });
  afterAll(() => t.close());

  it("refuses login and sign-up without a passed human check: 'Please verify that you are a human!'", async () => {
    const input = newMemberInput({ human_check: { altcha: "not-a-solution" } });
    const before = await countUsers(t);
    const res = await t.request("/userRoute/signUp", { obj: input });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error_msg: "Please verify that you are a human!",
      error_code: "human_check_failed",
    });
    const missing = await t.request("/userRoute/signUp", { obj: newMemberInput() });
    expect(missing.body.error_msg).toBe("Please verify that you are a human!");
    expect(await countUsers(t)).toBe(before);

    const loginRes = await t.request("/userRoute/login", {
      obj: {
        email_userName: "someone@example.com",
        password: "whatever-1",
        loginRemember_state: false,
        human_check: {},
      },
    });
    expect(loginRes.status).toBe(400);
    expect(loginRes.body.error_msg).toBe("Please verify that you are a human!");
  });

  it("limits login attempts per address and identifier (429 after 10)", async () => {
    const attempt = () =>
      t.request("/userRoute/login", {
        obj: { email_userName: "target@example.com", password: "guess-guess", loginRemember_state: false },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.error_msg).toMatch(/^Too many attempts\./);
    // Another identifier from the same address is still allowed to try.
    const other = await t.request("/userRoute/login", {
      obj: {
        email_userName: "someone.else@example.com",
        password: "guess-guess",
        loginRemember_state: false,
      },
    });
    expect(other.status).toBe(400);
  });

  it("limits sign-ups per address (429 after 5)", async () => {
    // The earlier test used 2 of the 5 sign-up attempts.
    for (let i = 0; i < 3; i++)
      expect((await t.request("/userRoute/signUp", { obj: newMemberInput() })).status).toBe(400);
    const limited = await t.request("/userRoute/signUp", { obj: newMemberInput() });
    expect(limited.status).toBe(429);
  });
});

describe.each(drivers("one"))("accounts: failed logins per address (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver, { RATE_LIMITS: "on", LOGIN_FAILURES_PER_ADDRESS: "12" });
  });
  afterAll(() => t.close());

  it("limits failed logins per address across accounts; other addresses and successes do not count", async () => {
    await createMember(t.deps.db, {
      name: "Sprayed",
      email: "sprayed@example.com",
      password: "right-password-1",
    });
    /** A login as the web tier sends it, for a visitor at `ip`. */
    const login = (ip: string, email: string, password: string) =>
      t.request("/userRoute/login", {
        obj: { email_userName: email, password, loginRemember_state: false },
        headers: { "x-internal-token": t.deps.internalToken, "x-client-ip": ip },
      });
    const budget = t.deps.config.LOGIN_FAILURES_PER_ADDRESS;
    expect(budget).toBe(12);
    // Right passwords from the address are not failures.
    for (let i = 0; i < 3; i++)
      expect((await login("203.0.113.7", "sprayed@example.com", "right-password-1")).status).toBe(200);
    // One guess at each of many accounts: each account's own throttle never sees more than one.
    for (let i = 0; i < budget; i++) {
      const res = await login("203.0.113.7", `spray${i}@example.com`, "guess-guess");
      expect(res.body.error_code, `guess ${i + 1}`).toBe("invalid_credentials");
    }
    for (const [email, password] of [
      ["spray-next@example.com", "guess-guess"],
      ["sprayed@example.com", "right-password-1"],
    ] as const) {
      const refused = await login("203.0.113.7", email, password);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, error_code: "rate_limited" });
      expect(refused.body.error_msg).toMatch(/^Too many attempts\./);
      expect(refused.setCookie.some((c) => c.startsWith("sid="))).toBe(false);
    }
    // Another address is not affected.
    expect((await login("203.0.113.8", "sprayed@example.com", "right-password-1")).status).toBe(200);
  });
});
