import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Deps } from "../deps";
import { findSession, SESSION_COOKIE, type SessionUser } from "../domain/sessions";

export interface SocketData {
  member: SessionUser;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
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
    const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
    if (!token) return next(new Error(JSON.stringify({ jwtMiddleware_token_not_found_error: true })));
    findSession(deps.db, token)
      .then((found) => {
        if (found === "expired") return next(new Error(JSON.stringify({ jwtMiddleware_error: true })));
        if (found === "user_not_found")
          return next(new Error(JSON.stringify({ jwtMiddleware_user_not_found_error: true })));
        socket.data.member = found;
        void socket.join(`user:${found.id}`);
        next();
      })
      .catch(() => next(new Error(JSON.stringify({ jwtMiddleware_error: true }))));
  });
  return io as unknown as Server;
}
