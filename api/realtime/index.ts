import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { z } from "zod";
import type { Deps } from "../deps";
import { taskWallBalance } from "../taskWalls/members";
import { demoWallServed } from "../taskWalls/config";
import { authenticateSession, SESSION_FAILURE_FLAGS } from "../sessions/sessionAuth";
import { CROSS_SITE_REFUSED, isCrossSite } from "../config";
import {
  REALTIME_COMPONENTS,
  REGISTER_COMPONENT_EVENT,
  TASK_WALL_BALANCE_EVENT,
} from "../../shared/taskWall";
import { attachTicTacToe } from "./ticTacToe";
import { componentRoom, everyoneRoom, handle, type RealtimeServer } from "./socket";
import { TOO_MANY_SOCKETS, TOO_MANY_SOCKETS_DATA, socketSlots } from "./socketCap";
import { log, validRequestId } from "../../shared/log.server";
import { randomUUID } from "node:crypto";

export type { RealtimeServer } from "./socket";

/**
 * socket.io on the same HTTP server; the handshake is authenticated by the session cookie, and a
 * member holds at most MAX_SOCKETS_PER_MEMBER live sockets (socketCap.ts). The
 * handlers are thin: each payload is validated, the rules live in the domain, and every outcome —
 * a bad payload and a fault of ours included — is an acknowledgement, never a throw.
 */

const BalanceRequest = z.object(
  { success: z.literal(true, { errorMap: () => ({ message: "Send { success: true }." }) }) },
  { invalid_type_error: "Send { success: true }.", required_error: "Send { success: true }." },
);

const RegisterRequest = z.object(
  {
    type: z.enum(REALTIME_COMPONENTS, {
      errorMap: () => ({ message: `Unknown component type: use ${REALTIME_COMPONENTS.join(", ")}.` }),
    }),
  },
  { invalid_type_error: "Send { type }.", required_error: "Send { type }." },
);

/** socket.io on `httpServer`; sets `deps.realtime` so the domain's pushes reach these sockets. */
export function attachRealtime(
  httpServer: HttpServer,
  deps: Deps,
  opts: {
    /** The Redis adapter's channel prefix (REDIS_ADAPTER_KEY; tests give each run its own). */
    adapterKey?: string;
    /** How often this node's game sweeper runs (ms; 0: not at all; default 1000). Integration tests turn it off and sweep with a moved clock. */
    sweepEveryMs?: number;
  } = {},
): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    cors: deps.config.PUBLIC_ORIGIN ? { origin: deps.config.PUBLIC_ORIGIN, credentials: true } : undefined,
    // The handshake is the socket's state-changing request: refused from another site (or a
    // `null` origin) as the API's posts are, before the session is looked at.
    allowRequest: (req, callback) => {
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      if (isCrossSite(header, deps.config)) callback(CROSS_SITE_REFUSED, false);
      else callback(null, true);
    },
  });
  if (deps.redis) {
    const sub = deps.redis.duplicate();
    io.adapter(createAdapter(deps.redis, sub, opts.adapterKey ? { key: opts.adapterKey } : {}));
  }
  // The adapter's own key by default ("socket.io"), so a test run's counts are its own.
  const slots = socketSlots({ redis: deps.redis, keyPrefix: opts.adapterKey ?? "socket.io" });
  io.use((socket, next) => {
    // Whatever the handshake carries, the answer is a refusal or a connection: never a throw.
    authenticateSession(deps.db, socket.handshake.headers.cookie)
      .then(async (check) => {
        if ("failure" in check) return next(new Error(JSON.stringify(SESSION_FAILURE_FLAGS[check.failure])));
        const userId = check.member.id;
        if (!(await slots.take(userId, socket.id))) {
          return next(Object.assign(new Error(TOO_MANY_SOCKETS), { data: TOO_MANY_SOCKETS_DATA }));
        }
        // The slot is freed when the socket goes — or when its connection closes first, before
        // the socket was ever connected (then socket.io drops it without a disconnect event).
        const release = () => slots.release(userId, socket.id);
        socket.once("disconnect", release);
        socket.conn.once("close", release);
        if (socket.conn.readyState === "closing" || socket.conn.readyState === "closed") release();
        socket.data.member = check.member;
        const given = socket.handshake.headers["x-request-id"];
        socket.data.reqId = validRequestId(Array.isArray(given) ? given[0] : given) ?? randomUUID();
        void socket.join(`user:${check.member.id}`);
        next();
      })
      .catch((e: unknown) => {
        log.error({ err: e }, "socket handshake: session check failed");
        next(new Error(JSON.stringify(SESSION_FAILURE_FLAGS.expired)));
      });
  });
  io.on("connection", (socket) => {
    const member = socket.data.member;
    handle(socket, deps, TASK_WALL_BALANCE_EVENT, BalanceRequest, async () => ({
      success: true,
      msg: await taskWallBalance(deps.db, member.id, deps.clock(), {
        demoWall: demoWallServed(deps.config),
      }),
    }));
    handle(socket, deps, REGISTER_COMPONENT_EVENT, RegisterRequest, async ({ type }) => {
      await socket.join([componentRoom(member.id, type), everyoneRoom(type)]);
      return { success: true };
    });
    games.connected(socket);
  });
  const games = attachTicTacToe(io, deps, {
    sweepEveryMs: opts.sweepEveryMs ?? 1000,
  });
  httpServer.once("close", () => {
    games.stop();
    slots.stop();
  });
  deps.realtime = {
    live: true,
    emitToMember: (userId, component, event, ...push) => {
      io.to(componentRoom(userId, component)).emit(event, ...push);
    },
  };
  return io;
}
