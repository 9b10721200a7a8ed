/**
 * The game benches' socket.io client pieces: a member's websocket (no automatic reconnection, so
 * a bench decides what a lost connection means), an acknowledged emit that turns a timeout or a
 * disconnect into a failed answer, and the tally of answers.
 */
import { io as connect, type Socket } from "socket.io-client";
import type { Tally } from "./api";

/** Opens a member's websocket to `origin` with their session cookie: the socket, or why not. */
export async function openMemberSocket(
  origin: string,
  cookie: string,
  timeoutMs: number,
): Promise<{ socket: Socket; error: string | null }> {
  const socket = connect(origin, {
    extraHeaders: { cookie },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
  });
  const error = await new Promise<string | null>((resolve) => {
    socket.once("connect", () => resolve(null));
    socket.once("connect_error", (e) => resolve(e.message));
  });
  return { socket, error };
}

/** Ack wrapper: the answer, or the error (timeout, disconnect) as a failed answer. */
export async function ask(s: Socket, event: string, payload: unknown, timeoutMs = 30_000): Promise<any> {
  try {
    return await s.timeout(timeoutMs).emitWithAck(event, payload);
  } catch (e) {
    return { success: false, error_msg: String(e), transport: true };
  }
}

/** Counts an answer in a tally: ok, refused (an error_msg from the server) or failed (no answer). */
export function count(t: Tally, answer: any, ms: number): boolean {
  t.latencies.push(ms);
  if (answer?.success === true) {
    t.ok++;
    return true;
  }
  if (answer?.transport) t.failed++;
  else t.refused++;
  const key = String(answer?.error_msg ?? JSON.stringify(answer)).slice(0, 120);
  t.answers.set(key, (t.answers.get(key) ?? 0) + 1);
  return false;
}
