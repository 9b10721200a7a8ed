import type { Redis } from "ioredis";
import { log } from "../../shared/log.server";

/**
 * How many live sockets one member may hold (every tab's lobby or room page is one). A handshake
 * beyond it is refused, so one member cannot tie up a node's connections and memory; a slot is
 * freed when one of the member's sockets goes.
 *
 * Counted on every node together when Redis is configured (REDIS_URL: the nodes already share it
 * for the socket.io adapter): a sorted set per member of its socket ids, each scored by when its
 * lease ends. A node renews the leases of its live sockets every RENEW_EVERY_MS, so the slots of
 * a node that died without closing its sockets come free LEASE_MS later at most. Without Redis,
 * or while it is not connected, each node counts its own sockets (at most the cap per node); the
 * next renewal after Redis is back counts them everywhere again.
 */
export const MAX_SOCKETS_PER_MEMBER = 10;

/** The refusal of the handshake beyond the cap: the client's `connect_error` message. */
export const TOO_MANY_SOCKETS = `Too many connections: a member may have at most ${MAX_SOCKETS_PER_MEMBER} open at once. Close another tab and try again.`;

/** The same refusal's `connect_error` data (socket.io sends an error's `data` to the client). */
export const TOO_MANY_SOCKETS_DATA = { error_code: "too_many_connections", limit: MAX_SOCKETS_PER_MEMBER };

export const LEASE_MS = 90_000;
export const RENEW_EVERY_MS = 30_000;

/**
 * KEYS[1]: the member's set; ARGV: now (ms), lease (ms), cap, socket id. Drops expired leases,
 * then adds the socket unless the member holds the cap already. 1: taken, 0: refused.
 */
const TAKE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * KEYS[1]: the member's set; ARGV: lease end (ms), lease (ms), socket ids still live here. A
 * lease that ran out while this node stalled is taken again: the set counts the live sockets.
 */
const RENEW = `
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], ARGV[1], ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

export interface SocketSlots {
  /** Takes a slot for the member's socket; false (nothing taken) when they hold the cap already. */
  take(userId: string, socketId: string): Promise<boolean>;
  /** Frees the socket's slot; freeing one twice, or one never taken, does nothing. */
  release(userId: string, socketId: string): void;
  /** Renews the leases of this node's sockets (the timer calls it; tests call it with a moved clock). */
  renew(): Promise<void>;
  /** Stops renewing (the node is closing). */
  stop(): void;
}

export function socketSlots(opts: {
  redis?: Redis;
  /** The Redis keys' prefix (the adapter's key: each test run has its own). */
  keyPrefix: string;
  limit?: number;
  leaseMs?: number;
  /** Real time by default: leases are about sockets being alive, not about the game clock. */
  clock?: () => number;
  /** How often the leases are renewed (0: only when `renew` is called). */
  renewEveryMs?: number;
}): SocketSlots {
  const limit = opts.limit ?? MAX_SOCKETS_PER_MEMBER;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const clock = opts.clock ?? Date.now;
  const redis = opts.redis;
  const key = (userId: string) => `${opts.keyPrefix}:member-sockets:${userId}`;
  /** This node's live sockets, by member: the per-node count, and the leases to renew. */
  const local = new Map<string, Set<string>>();
  let warned = false;
  const redisFailed = (e: unknown) => {
    // Each node goes on counting its own sockets; said once, not per handshake.
    if (!warned) log.error({ err: e }, "socket cap: Redis failed, counting per node");
    warned = true;
  };

  const forget = (userId: string, socketId: string) => {
    const mine = local.get(userId);
    if (!mine?.delete(socketId)) return false;
    if (mine.size === 0) local.delete(userId);
    return true;
  };

  const slots: SocketSlots = {
    async take(userId, socketId) {
      // Counted here first, synchronously: handshakes at once on this node cannot both see room.
      const mine = local.get(userId) ?? new Set<string>();
      if (mine.size >= limit) return false;
      mine.add(socketId);
      local.set(userId, mine);
      // Redis down: not waited for (a handshake is not held up); this node's count stands alone.
      if (!redis || redis.status !== "ready") return true;
      try {
        const taken = await redis.eval(TAKE, 1, key(userId), clock(), leaseMs, limit, socketId);
        warned = false;
        if (Number(taken) === 1) return true;
        forget(userId, socketId);
        return false;
      } catch (e) {
        redisFailed(e);
        return true;
      }
    },
    release(userId, socketId) {
      if (!forget(userId, socketId) || redis?.status !== "ready") return;
      redis.zrem(key(userId), socketId).catch(redisFailed);
    },
    async renew() {
      // Also what puts this node's sockets back in the count after Redis was down.
      if (redis?.status !== "ready" || local.size === 0) return;
      const until = clock() + leaseMs;
      const batch = redis.pipeline();
      for (const [userId, ids] of local) batch.eval(RENEW, 1, key(userId), until, leaseMs, ...ids);
      const results = (await batch.exec()) ?? [];
      const failed = results.find(([e]) => e)?.[0];
      if (failed) redisFailed(failed);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };

  const every = opts.renewEveryMs ?? RENEW_EVERY_MS;
  const timer =
    redis && every > 0 ? setInterval(() => void slots.renew().catch(redisFailed), every).unref() : undefined;
  return slots;
}
