import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { users } from "../../api/db/schema";

let seq = 0;
function newMemberInput(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Limit ${seq}`,
    mobile_number: 9876543210,
    email_address: `limit${seq}.${Date.now()}@example.com`,
    password: "correct-horse-1",
    ...extra,
  };
}

async function countUsers(t: TestApi): Promise<number> {
  const [r] = await t.deps.db.select({ n: count() }).from(users);
  return Number(r!.n);
}

describe.each(drivers())("accounts: human check and rate limits (%s)", (driver) => {
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
