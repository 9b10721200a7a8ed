import { io, type Socket } from "socket.io-client";
import type {
  AckOf,
  ClientEvent,
  ClientToServerEvents,
  PayloadOf,
  PushEvent,
  PushOf,
  ServerToClientEvents,
} from "../../shared/contracts/realtime";

/** The member's socket, typed by the socket's contract (shared/contracts/realtime.ts). */
export type SiteSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Listeners of the server's pushes, by event: each gets its event's push. */
export type PushListeners = { [E in PushEvent]?: (push: PushOf<E>) => void };

/** Spec 2 §8: a connect error that is not one of the session's JSON flags (pages show it as earn.games.socket.failed). */
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

/** How a page's socket tries again after losing the server (spec 2 §7). */
export interface Reconnection {
  /** Attempts before giving up (`Infinity`: never). */
  attempts: number;
  /** Milliseconds between attempts. */
  delayMs: number;
}

/** Spec 2 §7: the lobby retries without limit every 2 s; the room up to 20 times every 2 s. */
export const LOBBY_RECONNECTION: Reconnection = { attempts: Infinity, delayMs: 2000 };
export const ROOM_RECONNECTION: Reconnection = { attempts: 20, delayMs: 2000 };

export interface SiteSocketHandlers {
  /** Every (re)connection: a new socket id, so whatever the page registered is registered again. */
  onConnect: (socket: SiteSocket) => void;
  /** The connection is lost (socket.io tries again by itself). */
  onDisconnect?: () => void;
  /** A session failure (the socket stops), or the first network failure of a run of them. */
  onFailure: (failure: SocketFailure) => void;
  /** The attempts are spent: the socket stops trying. */
  onGiveUp?: () => void;
  /** Events the server pushes, by name. */
  events?: PushListeners;
  /** The lobby's by default. */
  reconnection?: Reconnection;
  /** The page's own origin by default. */
  origin?: string;
}

/**
 * The member's socket to this site (the session cookie authenticates the handshake). Network
 * failures are told once and retried quietly (`reconnection`) until it connects again or the
 * attempts are spent. Answers the function that closes it.
 */
export function openSiteSocket(handlers: SiteSocketHandlers): () => void {
  const { attempts, delayMs } = handlers.reconnection ?? LOBBY_RECONNECTION;
  const options = {
    withCredentials: true,
    // WebSocket from the start, no HTTP long-polling first: a connection then stays on one node,
    // so several API nodes need no sticky sessions (docs/several-nodes.md).
    transports: ["websocket"],
    reconnectionAttempts: attempts,
    reconnectionDelay: delayMs,
    reconnectionDelayMax: delayMs,
    // Spec 2 §7 says every 2 s: no random spread around the delay.
    randomizationFactor: 0,
  };
  const socket: SiteSocket = handlers.origin ? io(handlers.origin, options) : io(options);
  let closed = false;
  let failing = false;
  let gaveUp = false;
  /** Attempts of our own since the last connection (those socket.io does not make itself). */
  let ownAttempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const giveUp = () => {
    if (gaveUp || closed) return;
    gaveUp = true;
    socket.disconnect();
    handlers.onGiveUp?.();
  };
  socket.on("connect", () => {
    failing = false;
    ownAttempts = 0;
    handlers.onConnect(socket);
  });
  socket.on("disconnect", () => handlers.onDisconnect?.());
  socket.io.on("reconnect_failed", giveUp);
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
    if (socket.active || closed || gaveUp) return;
    if (ownAttempts >= attempts) return giveUp();
    ownAttempts += 1;
    retry = setTimeout(() => socket.connect(), delayMs);
  });
  // Each listener was typed by its event (PushListeners): registered here by name.
  const byName: Socket = socket;
  for (const [event, listener] of Object.entries(handlers.events ?? {})) byName.on(event, listener);
  return () => {
    closed = true;
    clearTimeout(retry);
    socket.disconnect();
  };
}

/**
 * Emits `event` with its payload and waits for the server's acknowledgement (rejects after
 * `timeoutMs`); both are the event's contract.
 */
export function emitWithAck<E extends ClientEvent>(
  socket: SiteSocket,
  event: E,
  payload: PayloadOf<E>,
  timeoutMs = 10_000,
): Promise<AckOf<E>> {
  // Typed by the signature above; socket.io's own types cannot follow a generic event name.
  const byName: Socket = socket;
  return byName.timeout(timeoutMs).emitWithAck(event, payload);
}
