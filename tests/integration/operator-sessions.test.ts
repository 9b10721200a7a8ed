import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator } from "../support/money";
import { sessions } from "../../api/db/schema";
import {
  OPERATOR_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
  REMEMBER_TTL_MS,
  createSession,
  findSession,
} from "../../api/sessions/sessions";
import { hashToken } from "../../api/lib/ids";

const MINUTE = 60_000;

describe.each(drivers("one"))("operator sessions are short (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const expiryOf = async (token: string) =>
    (
      await t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]?.expiresAt;

  it("ends after 30 minutes without a request, even with Remember Me", async () => {
    const op = await newOperator(t);
    const start = new Date("2026-11-23T10:00:00Z");
    const { token, expiresAt } = await createSession(t.deps.db, op.id, true, start);
    expect(expiresAt.getTime() - start.getTime()).toBe(OPERATOR_IDLE_MS);
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await findSession(t.deps.db, token, at(29 * MINUTE))).toMatchObject({ id: op.id });
    // Use pushed the deadline: 29 minutes after that use it still works…
    expect(await findSession(t.deps.db, token, at(58 * MINUTE))).toMatchObject({ id: op.id });
    // …but 31 idle minutes end it.
    expect(await findSession(t.deps.db, token, at(58 * MINUTE + 31 * MINUTE))).toBe("expired");
  });

  it("ends 8 hours after sign-in however busy the operator is", async () => {
    const op = await newOperator(t);
    const start = new Date("2026-11-23T02:00:00Z");
    const { token } = await createSession(t.deps.db, op.id, false, start);
    for (let m = 20; m < 8 * 60; m += 20) {
      expect(await findSession(t.deps.db, token, new Date(start.getTime() + m * MINUTE))).toMatchObject({
        id: op.id,
      });
    }
    expect((await expiryOf(token))!.getTime()).toBeLessThanOrEqual(start.getTime() + OPERATOR_SESSION_MAX_MS);
    expect(await findSession(t.deps.db, token, new Date(start.getTime() + OPERATOR_SESSION_MAX_MS))).toBe(
      "expired",
    );
  });

  it("ends a long member session once the member is made an operator", async () => {
    const m = await newMember(t);
    const start = new Date("2026-11-01T00:00:00Z");
    const { token, expiresAt } = await createSession(t.deps.db, m.id, true, start);
    expect(expiresAt.getTime() - start.getTime()).toBe(REMEMBER_TTL_MS);
    const { users } = await import("../../api/db/schema");
    await t.deps.db.update(users).set({ role: "operator" }).where(eq(users.id, m.id));
    expect(await findSession(t.deps.db, token, new Date(start.getTime() + 9 * 60 * MINUTE))).toBe("expired");
  });

  it("leaves members' sessions as they were", async () => {
    const m = await newMember(t);
    const start = new Date();
    const { token, expiresAt } = await createSession(t.deps.db, m.id, true, start);
    expect(
      await findSession(t.deps.db, token, new Date(start.getTime() + 10 * 24 * 60 * MINUTE)),
    ).toMatchObject({ id: m.id });
    expect((await expiryOf(token))!.getTime()).toBe(expiresAt.getTime());
  });
});
