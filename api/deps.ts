import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import type { Config } from "./config";
import { openDatabase, type Database, type Db } from "./db/client";
import { createMailer, type Mailer } from "./site/mailer";
import { createRateLimiter, type RateLimiter } from "./lib/rateLimit";
import { ensurePlatformAccounts } from "./ledger/ledger";
import { PageSessionChecks } from "./sessions/sessionAuth";
import { createProxyCheck, type ProxyCheck } from "./lib/proxyCheck";
import type { RealtimeComponent } from "../shared/taskWall";
import type { PushEvent, ServerToClientEvents } from "../shared/contracts/realtime";
import { NO_GAME_NOTIFIER, type GameDeps, type GameNotifier } from "./games/rooms";
import { RoomStates } from "./games/roomStates";
import type { PayoutProvider } from "./payouts/provider";
import { razorpayX } from "./payouts/razorpayx";
import { InFlight } from "./lib/inFlight";
import { log } from "../shared/log.server";

/**
 * Pushes an event to a member's sockets registered for a page component (room
 * `user:{id}:{component}`), on every node through the Redis adapter. `live` is false until
 * attachRealtime runs (e.g. ROLE=web, or the API alone in tests): then pushes go nowhere, and
 * callers may skip computing them.
 */
export interface RealtimeNotifier {
  live: boolean;
  emitToMember<E extends PushEvent>(
    userId: string,
    component: RealtimeComponent,
    event: E,
    ...push: Parameters<ServerToClientEvents[E]>
  ): void;
}

export const NO_REALTIME: RealtimeNotifier = { live: false, emitToMember: () => {} };

/** Everything the API's handlers need, created once per process and handed to them. */
export interface Deps {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  redis?: Redis;
  /** Proves a request comes from our own web tier (so its client-IP header can be trusted). */
  internalToken: string;
  /** Shares one session check among the API calls of one page view (see PageSessionChecks). */
  pageSessions: PageSessionChecks;
  /** Says whether an address is a proxy (ads are not earned through one). */
  proxyCheck: ProxyCheck;
  /** The time rules that money depends on (ad views) read; tests move it instead of sleeping. */
  clock: () => Date;
  /** Socket pushes to members (set by attachRealtime). */
  realtime: RealtimeNotifier;
  /** The game rooms' pushes (set by attachRealtime). */
  gameNotifier: GameNotifier;
  /** This node's last known state of the game rooms in play here (api/games/roomStates.ts). */
  roomStates: RoomStates;
  /**
   * The site's own address, where the demo network and the operators' postback tools send their
   * postbacks: PUBLIC_ORIGIN, or this process's port on the loopback (tests on port 0 set it).
   */
  selfOrigin: string;
  /** The payout provider approvals send through (PAYOUT_PROVIDER); absent: payouts are made by hand. */
  payoutProvider?: PayoutProvider;
  /** The work this process has started and not finished: close() waits for it. */
  inFlight: InFlight;
  /** Waits for the work in flight (CLOSE_WAITS_MS at most), then releases Redis and the database pool. */
  close(): Promise<void>;
}

/** How long closing waits for the work in flight: a join or a sweep takes milliseconds. */
export const CLOSE_WAITS_MS = 10_000;

/** The configured payout provider, if any (config.ts refuses a half configuration). */
export function payoutProviderOf(config: Config): PayoutProvider | undefined {
  if (config.PAYOUT_PROVIDER !== "razorpayx") return undefined;
  return razorpayX({
    baseUrl: config.RAZORPAYX_BASE_URL,
    keyId: config.RAZORPAYX_KEY_ID!,
    keySecret: config.RAZORPAYX_KEY_SECRET!,
    webhookSecret: config.RAZORPAYX_WEBHOOK_SECRET!,
    accountNumber: config.RAZORPAYX_ACCOUNT_NUMBER!,
    maxRps: config.RAZORPAYX_MAX_RPS,
    timeoutMs: config.RAZORPAYX_TIMEOUT_MS,
  });
}

export async function createDeps(
  config: Config,
  overrides: Partial<Pick<Deps, "mailer" | "database">> = {},
): Promise<Deps> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
      applicationName: `rupee-rewards:${config.ROLE}:${process.pid}`,
    }));
  await ensurePlatformAccounts(database.db);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const inFlight = new InFlight();
  const mailer =
    overrides.mailer ?? createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  return {
    config,
    db: database.db,
    database,
    mailer,
    limiter: createRateLimiter({
      enabled: config.RATE_LIMITS,
      redis,
      points: { loginFailures: config.LOGIN_FAILURES_PER_ADDRESS },
    }),
    redis,
    internalToken: createHash("sha256").update(`internal:${config.sessionSecret}`).digest("hex"),
    pageSessions: new PageSessionChecks(),
    proxyCheck: createProxyCheck({
      provider: config.PROXY_CHECK_PROVIDER,
      url: config.PROXY_CHECK_URL,
      key: config.PROXY_CHECK_KEY,
    }),
    clock: () => new Date(),
    realtime: NO_REALTIME,
    gameNotifier: NO_GAME_NOTIFIER,
    roomStates: new RoomStates(),
    selfOrigin: config.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? `http://127.0.0.1:${config.PORT}`,
    payoutProvider: payoutProviderOf(config),
    inFlight,
    async close() {
      const left = await inFlight.settled(CLOSE_WAITS_MS);
      if (left > 0) log.warn({ left }, "closing the database pool with work still in flight");
      redis?.disconnect();
      await database.close();
    },
  };
}

/** What the game room module is given: the database, the clock and the game pushes. */
export function gameDeps(deps: Deps): GameDeps {
  return {
    db: deps.db,
    clock: () => deps.clock(),
    notifier: deps.gameNotifier,
    nodeEnv: deps.config.NODE_ENV,
    inFlight: deps.inFlight,
    states: deps.roomStates,
  };
}
