import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { DomainError } from "../domain/errors";

/** Limits per action: points per window. Kept in Redis when configured so every node shares them. */
export const LIMITS = {
  login: { points: 10, duration: 15 * 60 },
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
  consume(name: LimitName, key: string): Promise<void>;
}

export function createRateLimiter(opts: { enabled: boolean; redis?: Redis }): RateLimiter {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, l] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const limit = { keyPrefix: `rl:${name}`, points: l.points, duration: l.duration };
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
        if (e instanceof RateLimiterRes) {
          const minutes = Math.max(1, Math.ceil(e.msBeforeNext / 60000));
          throw new DomainError(
            "rate_limited",
            `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
            {
              retry_after_ms: e.msBeforeNext,
            },
          );
        }
        throw e;
      }
    },
  };
}
