import { io as connect, type Socket } from "socket.io-client";

/**
 * A member's real socket.io connection and the two things tests do with it: ask (an event and its
 * acknowledgement) and wait for the next push. Only socket.io-client here, so the browser tests can
 * use it as well as the integration tests.
 */

/**
 * A member's connection to `origin` (websocket only, no automatic reconnect), connected; added to
 * `opened` so the test can close it.
 */
export async function memberSocket(origin: string, cookie: string, opened: Socket[]): Promise<Socket> {
  const socket = connect(origin, {
    extraHeaders: { cookie },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/** Emits `event` (with `payload` when given) and answers the acknowledgement, or fails after 10 s. */
export function ask(s: Socket, event: string, payload?: unknown): Promise<any> {
  return payload === undefined
    ? s.timeout(10_000).emitWithAck(event)
    : s.timeout(10_000).emitWithAck(event, payload);
}

/**
 * The next push of `event` that `where` accepts, failing (not hanging) when none comes in 10 s;
 * `context` adds to the failure's message (e.g. the servers' output).
 */
export function nextPush(
  s: Socket,
  event: string,
  where: (p: any) => boolean = () => true,
  context: () => string = () => "",
): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s\n${context()}`)), 10_000);
    const listener = (p: unknown) => {
      if (!where(p)) return;
      clearTimeout(timer);
      s.off(event, listener);
      resolve(p);
    };
    s.on(event, listener);
  });
}
