import type { Server, Socket } from "socket.io";
import type { Deps } from "../deps";
import type { SessionUser } from "../sessions/sessions";
import { DomainError } from "../lib/errors";
import type { DomainErrorCode } from "../../shared/errors";
import type { RealtimeComponent } from "../../shared/taskWall";
import { findUnsafeText, unsafeTextMessage } from "../lib/text";
import type {
  AckOf,
  ClientEvent,
  ClientToServerEvents,
  PayloadOf,
  ServerToClientEvents,
} from "../../shared/contracts/realtime";
import type { SameFields } from "../../shared/contracts/endpoint";
import type { ZodType, ZodTypeDef } from "zod";
import { GENERIC_FAILURE } from "../../shared/messages";
import { log } from "../../shared/log.server";

/**
 * What every socket feature shares: the typed event maps and socket data, the rooms pushes go to,
 * and `handle`, the one way a handler is registered (payload validated, always acknowledged).
 * The features (task-wall balance, tic-tac-toe) import this; index.ts composes them.
 */

export type { ClientToServerEvents, ServerToClientEvents } from "../../shared/contracts/realtime";

export interface GameSocketData {
  /** Rooms this socket entered (join_tic_tac_toe_room): its disconnect may start their reconnect countdown. */
  gameRooms?: string[];
}

export interface SocketData extends GameSocketData {
  member: SessionUser;
  /** The connection's id on every log line of its events: the proxy's `x-request-id`, else our own. */
  reqId: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type MemberSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The room of a member's sockets registered for a page component. */
export const componentRoom = (userId: string, component: RealtimeComponent) => `user:${userId}:${component}`;
/** The room of every socket registered for a page component (pushes for everyone on that page). */
export const everyoneRoom = (component: RealtimeComponent) => `component:${component}`;

/**
 * The refusal's field: the task-wall events answer `error` (as they always have), the game events
 * `error_msg` (spec 2 §7).
 */
export type ErrorField = "error" | "error_msg";

/** A refusal acknowledged: its message in the event's field, and its code. */
type Refused = { success: false; error_code: DomainErrorCode } & { [F in ErrorField]?: string };

function errorAck(e: unknown, field: ErrorField, where: { reqId: string; event: string }): Refused {
  if (e instanceof DomainError) return { success: false, [field]: e.message, error_code: e.code };
  log.error({ ...where, err: e }, "socket handler failed");
  return { success: false, [field]: GENERIC_FAILURE, error_code: "server_error" };
}

/**
 * Registers a handler that validates its payload and always acknowledges (when the client asked
 * for an acknowledgement): with the handler's answer, or with the error. The event's contract
 * (shared/contracts/realtime.ts) types both: the schema reads the payload's fields, and the
 * handler answers the event's acknowledgement.
 */
export function handle<E extends ClientEvent, T, In>(
  socket: MemberSocket,
  deps: Deps,
  event: E,
  schema: ZodType<T, ZodTypeDef, In> & SameFields<PayloadOf<E>, In>,
  run: (payload: T) => Promise<AckOf<E>>,
  errorField: ErrorField = "error",
): void {
  // The payload is read as unknown (the schema is its check), the acknowledgement as whatever came
  // last: registered under the name as any event's listener.
  const name: ClientEvent = event;
  socket.on(name, (...args: unknown[]) => {
    const last = args.at(-1);
    const ack = typeof last === "function" ? (args.pop(), last) : undefined;
    const reply = (answer: AckOf<E> | Refused) => {
      try {
        ack?.(answer);
      } catch (e) {
        log.error({ reqId: socket.data.reqId, event, err: e }, "socket acknowledgement failed");
      }
    };
    // Control characters and lone surrogates are refused as in any API body, before the schema.
    const unsafe = findUnsafeText(args[0]);
    if (unsafe) {
      reply({ success: false, [errorField]: unsafeTextMessage(unsafe), error_code: "invalid_input" });
      return;
    }
    const parsed = schema.safeParse(args[0]);
    if (!parsed.success) {
      reply({
        success: false,
        [errorField]: parsed.error.issues[0]?.message ?? "Invalid request.",
        error_code: "invalid_input",
      });
      return;
    }
    const started = performance.now();
    const where = { reqId: socket.data.reqId, event: String(event) };
    void deps.inFlight.track(
      deps.limiter
        .consume("socketRequests", socket.data.member.id)
        .then(() => run(parsed.data))
        .then(reply, (e: unknown) => reply(errorAck(e, errorField, where)))
        .finally(() =>
          log.debug({ ...where, ms: Math.round((performance.now() - started) * 10) / 10 }, "socket event"),
        ),
    );
  });
}
