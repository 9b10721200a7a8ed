import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "../../api/lib/errors";
import { LIMITS, createRateLimiter } from "../../api/lib/rateLimit";

/**
 * Rate limits kept in Redis (REDIS_URL): every node of a scaled-out site draws on one budget, and
 * a Redis outage degrades to per-node limits instead of failing members' requests.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function refusal(p: Promise<void>): Promise<DomainError | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
}

describe("rate limits in Redis", () => {
  const clients: Redis[] = [];
  const client = (url = REDIS_URL) => {
    const c = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    c.on("error", () => {}); // the outage test expects connection errors
    clients.push(c);
    return c;
  };
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  it("two nodes share one budget", async () => {
    const [a, b] = [client(), client()];
    await Promise.all([a, b].map((c) => (c.status === "ready" ? undefined : once(c, "ready"))));
    const nodeA = createRateLimiter({ enabled: true, redis: a });
    const nodeB = createRateLimiter({ enabled: true, redis: b });
    const member = `member-${randomBytes(6).toString("hex")}`;
    for (let i = 0; i < LIMITS.money.points; i++) {
      expect(await refusal((i % 2 ? nodeA : nodeB).consume("money", member))).toBeNull();
    }
    for (const node of [nodeA, nodeB]) {
      const refused = await refusal(node.consume("money", member));
      expect(refused?.code).toBe("rate_limited");
      expect(refused?.message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
    }
    // Another member's budget is untouched.
    expect(await refusal(nodeA.consume("money", `${member}-other`))).toBeNull();
  });

  it("keeps limiting on each node when Redis cannot be reached, without failing requests", async () => {
    // Nothing listens on port 1.
    const node = createRateLimiter({ enabled: true, redis: client("redis://127.0.0.1:1") });
    const ip = `ip-${randomBytes(6).toString("hex")}`;
    for (let i = 0; i < LIMITS.login.points; i++) {
      expect(await refusal(node.consume("login", ip))).toBeNull();
    }
    expect((await refusal(node.consume("login", ip)))?.code).toBe("rate_limited");
  }, 30_000);
});
