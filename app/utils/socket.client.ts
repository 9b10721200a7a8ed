import { io, type Socket } from "socket.io-client";

/** Spec 2 §8: a connect error that is not one of the session's JSON flags. */
export const SOCKET_FAILED = "WebSocket connection failed. Please try again.";

/**
 * What a refused or failed connection means for the page: the handshake refuses a missing session
 * with `jwtMiddleware_token_not_found_error` / `jwtMiddleware_user_not_found_error` (go to /login),
 * an expired or revoked one with `jwtMiddleware_error`; anything else is the network.
 */
export type SocketFailure = "login" | "session-expired" | "network";

export function socketFailureOf(error: { message?: unknown }): SocketFailure {
  try {
    const flags = JSON.parse(String(error.message)) as Record<string, unknown> | null;
    if (flags?.jwtMiddleware_token_not_found_error || flags?.jwtMiddleware_user_not_found_error)
      return "login";
    if (flags?.jwtMiddleware_error) return "session-expired";
  } catch {
    /* not JSON */
  }
  return "network";
}

/** Seconds between attempts while the server cannot be reached (spec 2 §7: every 2 s). */
const RETRY_MS = 2000;

export interface SiteSocketHandlers {
  /** Every (re)connection: a new socket id, so whatever the page registered is registered again. */
  onConnect: (socket: Socket) => void;
  /** The connection is lost (socket.io tries again by itself). */
  onDisconnect?: () => void;
  /** A session failure (the socket stops), or the first network failure of a run of them. */
  onFailure: (failure: SocketFailure) => void;
  /** Events the server pushes, by name. */
  events?: Record<string, (payload: unknown) => void>;
}

/**
 * The member's socket to this site (the session cookie authenticates the handshake). Network
 * failures are told once and retried quietly every 2 s until it connects again. Answers the
 * function that closes it.
 */
export function openSiteSocket(handlers: SiteSocketHandlers): () => void {
  const socket = io({
    withCredentials: true,
    reconnectionDelay: RETRY_MS,
    reconnectionDelayMax: RETRY_MS,
  });
  let closed = false;
  let failing = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on("connect", () => {
    failing = false;
    handlers.onConnect(socket);
  });
  socket.on("disconnect", () => handlers.onDisconnect?.());
  socket.on("connect_error", (error) => {
    const failure = socketFailureOf(error);
    if (failure !== "network") {
      socket.disconnect();
      handlers.onFailure(failure);
      return;
    }
    if (!failing) handlers.onFailure("network");
    failing = true;
    // A refusal the client will not retry by itself (the server's own error) is retried here.
    if (!socket.active && !closed) retry = setTimeout(() => socket.connect(), RETRY_MS);
  });
  for (const [event, listener] of Object.entries(handlers.events ?? {})) socket.on(event, listener);
  return () => {
    closed = true;
    clearTimeout(retry);
    socket.disconnect();
  };
}

/** Emits `event` and waits for the server's acknowledgement (rejects after `timeoutMs`). */
export function emitWithAck(socket: Socket, event: string, payload: unknown, timeoutMs = 10_000) {
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<unknown>;
}
