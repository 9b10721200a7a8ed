import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { DomainError } from "./errors";

/** Limits per action: points per window. Kept in Redis when configured so every node shares them. */
export const LIMITS = {
  login: { points: 10, duration: 15 * 60 },
  /**
   * Failed logins per address, whatever account they name: one address trying passwords across
   * many accounts (each account's own throttle only sees a few). Only failures count, and the
   * budget is wide, because many members share an address behind a mobile carrier's NAT.
   */
  loginFailures: { points: 100, duration: 60 * 60 },
  signUp: { points: 5, duration: 60 * 60 },
  forgotPassword: { points: 5, duration: 60 * 60 },
  contact: { points: 5, duration: 60 * 60 },
  money: { points: 30, duration: 60 },
  /** Starting and claiming ad views: each view lasts at least seconds, so this is generous. */
  adViews: { points: 60, duration: 60 },
  /**
   * Offer-wall postbacks, per sending address: networks send bursts (a batch of conversions, or
   * retries after an outage), and a refused postback is only retried later, so the budget is
   * wide; it keeps one address from filling the postback log.
   */
  postbacks: { points: 1200, duration: 60 },
  /**
   * Socket requests (the task-wall balance, registrations, game events), per member; the game's
   * HTTP requests share it, so a member has one budget however they play.
   */
  socketRequests: { points: 120, duration: 60 },
  /** Starting (each start may call a shortener's API) and claiming short links. */
  shortLinks: { points: 30, duration: 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

export interface RateLimiter {
  /** Uses one point of the key's budget; refuses (`rate_limited`) once it is used up. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Refuses as `consume` does when the budget is used up, without using a point. */
  check(name: LimitName, key: string): Promise<void>;
  /** Uses one point without refusing: a failure is counted, this answer stays as it is. */
  record(name: LimitName, key: string): Promise<void>;
}

function refusal(msBeforeNext: number): DomainError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  return new DomainError(
    "rate_limited",
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retry_after_ms: msBeforeNext },
  );
}

export function createRateLimiter(opts: {
  enabled: boolean;
  redis?: Redis;
  /** Budgets other than LIMITS' (settings such as LOGIN_FAILURES_PER_ADDRESS). */
  points?: Partial<Record<LimitName, number>>;
}): RateLimiter {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, l] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const limit = { keyPrefix: `rl:${name}`, points: opts.points?.[name] ?? l.points, duration: l.duration };
    const inMemory = new RateLimiterMemory(limit);
    limiters.set(
      name,
      opts.redis
        ? new RateLimiterRedis({
            ...limit,
            storeClient: opts.redis,
            // If Redis is down, each node goes on limiting on its own, at once, rather than failing
            // requests or making them wait for reconnection attempts.
            rejectIfRedisNotReady: true,
            insuranceLimiter: inMemory,
          })
        : inMemory,
    );
  }
  return {
    async consume(name, key) {
      if (!opts.enabled) return;
      try {
        await limiters.get(name)!.consume(key);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw refusal(e.msBeforeNext);
        throw e;
      }
    },
    async check(name, key) {
      if (!opts.enabled) return;
      const limiter = limiters.get(name)!;
      const used = await limiter.get(key);
      if (used && used.consumedPoints >= limiter.points) throw refusal(used.msBeforeNext);
    },
    async record(name, key) {
      if (!opts.enabled) return;
      try {
        await limiters.get(name)!.consume(key);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
      }
    },
  };
}
