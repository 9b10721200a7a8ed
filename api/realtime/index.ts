import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Deps } from "../deps";
import type { SessionUser } from "../domain/sessions";
import { authenticateSession, SESSION_FAILURE_FLAGS } from "../lib/sessionAuth";

export interface SocketData {
  member: SessionUser;
}

/** socket.io on the same HTTP server; the handshake is authenticated by the session cookie. */
export function attachRealtime(httpServer: HttpServer, deps: Deps): Server {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    httpServer,
    {
      serveClient: false,
      cors: deps.config.PUBLIC_ORIGIN ? { origin: deps.config.PUBLIC_ORIGIN, credentials: true } : undefined,
    },
  );
  if (deps.redis) {
    const sub = deps.redis.duplicate();
    io.adapter(createAdapter(deps.redis, sub));
  }
  io.use((socket, next) => {
    // Whatever the handshake carries, the answer is a refusal or a connection: never a throw.
    authenticateSession(deps.db, socket.handshake.headers.cookie)
      .then((check) => {
        if ("failure" in check) return next(new Error(JSON.stringify(SESSION_FAILURE_FLAGS[check.failure])));
        socket.data.member = check.member;
        void socket.join(`user:${check.member.id}`);
        next();
      })
      .catch((e: unknown) => {
        console.error("socket handshake: session check failed", e);
        next(new Error(JSON.stringify(SESSION_FAILURE_FLAGS.expired)));
      });
  });
  return io as unknown as Server;
}
