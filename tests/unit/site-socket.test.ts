import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Server } from "socket.io";
import {
  LOBBY_RECONNECTION,
  ROOM_RECONNECTION,
  openSiteSocket,
  type Reconnection,
  type SiteSocketHandlers,
  type SocketFailure,
} from "../../app/utils/socket.client";

/**
 * The pages' socket (spec 2 §7, §8) against a real socket.io server: how it retries after losing
 * the server, when it gives up, and what a refused handshake means. Short delays stand in for the
 * pages' 2 s; the counts are what the pages use.
 */

interface Served {
  origin: string;
  port: number;
  io: Server;
  http: HttpServer;
  /** Handshakes the server saw. */
  handshakes: number;
}

const servers: Served[] = [];
const closers: (() => void)[] = [];

async function serve(
  port = 0,
  refuse?: () => Error | null,
  opts: { transports?: ("polling" | "websocket")[] } = {},
): Promise<Served> {
  const http = createServer();
  const io = new Server(http, opts);
  const served: Served = { origin: "", port: 0, io, http, handshakes: 0 };
  io.use((_socket, next) => {
    served.handshakes += 1;
    next(refuse?.() ?? undefined);
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  served.port = (http.address() as AddressInfo).port;
  served.origin = `http://127.0.0.1:${served.port}`;
  servers.push(served);
  return served;
}

async function stop(s: Served): Promise<void> {
  s.http.closeAllConnections();
  await new Promise<void>((resolve) => void s.io.close(() => resolve()));
}

/** Records what the socket tells the page; `next(kind)` waits for the next such report. */
function watch(origin: string, reconnection: Reconnection) {
  const log: string[] = [];
  const waiters: { kind: string; resolve: () => void }[] = [];
  const note = (kind: string) => {
    log.push(kind);
    for (const w of waiters.filter((w) => w.kind === kind)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const handlers: SiteSocketHandlers = {
    origin,
    reconnection,
    onConnect: () => note("connect"),
    onDisconnect: () => note("disconnect"),
    onFailure: (f: SocketFailure) => note(`failure:${f}`),
    onGiveUp: () => note("give-up"),
  };
  closers.push(openSiteSocket(handlers));
  return {
    log,
    next: (kind: string) => new Promise<void>((resolve) => waiters.push({ kind, resolve })),
  };
}

afterEach(async () => {
  for (const close of closers.splice(0)) close();
  for (const s of servers.splice(0)) if (s.http.listening) await stop(s);
});

describe("the pages' socket", () => {
  it("retries every 2 s: without limit in the lobby, 20 times in the room", () => {
    expect(LOBBY_RECONNECTION).toEqual({ attempts: Infinity, delayMs: 2000 });
    expect(ROOM_RECONNECTION).toEqual({ attempts: 20, delayMs: 2000 });
  });

  it("speaks websocket from the first request (no long-polling, so no sticky sessions across nodes)", async () => {
    const s = await serve(0, undefined, { transports: ["websocket"] });
    const page = watch(s.origin, { attempts: 1, delayMs: 20 });
    await page.next("connect");
    expect(page.log).toEqual(["connect"]);
    expect(s.handshakes).toBe(1);
  });

  it("gives up after its attempts when the server stays away, and says so once", async () => {
    const s = await serve();
    const page = watch(s.origin, { attempts: 3, delayMs: 20 });
    await page.next("connect");
    const gaveUp = page.next("give-up");
    await stop(s);
    await gaveUp;
    expect(page.log.filter((k) => k === "give-up")).toHaveLength(1);
    expect(page.log[1]).toBe("disconnect");
    // The network failure is told once, however many attempts fail.
    expect(page.log.filter((k) => k === "failure:network")).toHaveLength(1);
    // Nothing more happens once it gave up, even when the server is back.
    const back = await serve(s.port);
    await new Promise((r) => setTimeout(r, 200));
    expect(back.handshakes).toBe(0);
    expect(page.log.filter((k) => k === "connect")).toHaveLength(1);
  });

  it("connects again when the server comes back, and never gives up without a limit", async () => {
    const s = await serve();
    const page = watch(s.origin, { attempts: Infinity, delayMs: 20 });
    await page.next("connect");
    const reconnected = page.next("connect");
    await stop(s);
    // Away long enough for several failed attempts, then back on the same port.
    await page.next("failure:network");
    const back = await serve(s.port);
    await reconnected;
    expect(back.handshakes).toBe(1);
    expect(page.log).not.toContain("give-up");
  });

  it("retries a refusal of the server's own the same number of times, then gives up", async () => {
    const s = await serve(0, () => new Error("busy"));
    const page = watch(s.origin, { attempts: 2, delayMs: 20 });
    await page.next("give-up");
    // The first handshake and two more.
    expect(s.handshakes).toBe(3);
    expect(page.log).toEqual(["failure:network", "give-up"]);
  });

  it("stops at once on a refused session (the page goes to the login)", async () => {
    const s = await serve(0, () => new Error(JSON.stringify({ jwtMiddleware_error: true })));
    const page = watch(s.origin, { attempts: 5, delayMs: 20 });
    await page.next("failure:session-expired");
    await new Promise((r) => setTimeout(r, 200));
    expect(s.handshakes).toBe(1);
    expect(page.log).toEqual(["failure:session-expired"]);
  });
});
