import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { Server } from "socket.io";
import { Redis } from "ioredis";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { attachRealtime } from "../../api/realtime";
import {
  LEASE_MS,
  MAX_SOCKETS_PER_MEMBER,
  TOO_MANY_SOCKETS,
  TOO_MANY_SOCKETS_DATA,
  socketSlots,
} from "../../api/realtime/socketCap";
import { createMember } from "../../api/accounts/accounts";
import { createSession } from "../../api/sessions/sessions";
import { memberSocket } from "../support/sockets";

type Outcome = { connected: true } | { connected: false; message: string };

describe.each(drivers("one"))("socket.io handshake is authenticated by the session cookie (%s)", (driver) => {
  let t: TestApi;
  let http: HttpServer;
  let io: Server;
  let url: string;
  let cookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApi(driver);
    http = createServer();
    io = attachRealtime(http, t.deps);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    await createMember(t.deps.db, { name: "Socket", email: "socket@example.com", password: "socket-pass-1" });
    const res = await t.request("/userRoute/login", {
      obj: { email_userName: "socket@example.com", password: "socket-pass-1", loginRemember_state: false },
    });
    cookie = sessionCookie(res.setCookie);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    await t.close();
  });

  function attempt(
    headers: Record<string, string>,
    transports: ("polling" | "websocket")[] = ["polling", "websocket"],
  ): Promise<Outcome> {
    const socket = connect(url, {
      extraHeaders: headers,
      transports,
      reconnection: false,
      timeout: 10_000,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.on("connect", () => resolve({ connected: true }));
      socket.on("connect_error", (err) => resolve({ connected: false, message: err.message }));
    });
  }

  it("connects with a live session cookie", async () => {
    expect(await attempt({ cookie: `theme=dark; ${cookie}` })).toEqual({ connected: true });
    expect(await attempt({ cookie }, ["websocket"])).toEqual({ connected: true });
  });

  it("refuses a handshake from another site, as the API refuses its posts, before the session is read", async () => {
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      for (const transports of [["polling"], ["websocket"]] as const) {
        const outcome = await attempt({ cookie, ...headers }, [...transports]);
        expect(outcome.connected, `${JSON.stringify(headers)} ${transports[0]}`).toBe(false);
      }
      // What the refusal says: a 403 from the handshake itself.
      const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
        headers: { cookie, ...headers },
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Cross-site request refused.");
    }
    // The site's own pages (Origin of the address it serves, or a same-origin fetch) connect.
    expect(await attempt({ cookie, origin: url }, ["websocket"])).toEqual({ connected: true });
    expect(await attempt({ cookie, "sec-fetch-site": "same-origin" }, ["polling"])).toEqual({
      connected: true,
    });
  });

  it("refuses control characters in an event's payload as invalid input, before any query", async () => {
    const socket = connect(url, { extraHeaders: { cookie }, transports: ["websocket"], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on("connect", resolve));
    for (const [event, payload] of [
      ["join_tic_tac_toe_room", { decodedRoomId: "\u0000" }],
      ["tic_tac_toe_make_move", { decodedRoomId: "ab\u0000", row: 0, col: 0 }],
      ["delete_waiting_timer_document", { decodedRoomId: "x\uD800" }],
    ] as const) {
      const ack = (await socket.timeout(5000).emitWithAck(event, payload)) as Record<string, unknown>;
      expect(ack, event).toMatchObject({ success: false, error_code: "invalid_input" });
      expect(String(ack.error_msg), event).toContain("contains a character that is not allowed");
    }
  });

  it(`caps a member's live sockets at ${MAX_SOCKETS_PER_MEMBER}: the next handshake is refused until one goes`, async () => {
    const cap = await freshMember(t, "cap");
    const open: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) open.push(await memberSocket(url, cap.cookie, sockets));
    // The 11th (polling or websocket) is refused at the handshake, saying why.
    for (const transports of [["websocket"], ["polling"]] as const) {
      const refused = await attemptWith(url, { cookie: cap.cookie }, [...transports], sockets);
      expect(refused).toEqual({ connected: false, message: TOO_MANY_SOCKETS, data: TOO_MANY_SOCKETS_DATA });
    }
    // Another member is not affected.
    const other = await freshMember(t, "other");
    expect(await attemptWith(url, { cookie: other.cookie }, ["websocket"], sockets)).toMatchObject({
      connected: true,
    });
    // One goes: its slot comes free.
    open[0]!.disconnect();
    await vi.waitFor(async () => expect(await io.in(`user:${cap.id}`).fetchSockets()).toHaveLength(9));
    expect(await attemptWith(url, { cookie: cap.cookie }, ["websocket"], sockets)).toMatchObject({
      connected: true,
    });
    expect(await attemptWith(url, { cookie: cap.cookie }, ["websocket"], sockets)).toMatchObject({
      connected: false,
      message: TOO_MANY_SOCKETS,
    });
  });

  it("refuses a handshake without a cookie with the token-missing flag", async () => {
    const outcome = await attempt({});
    expect(outcome.connected).toBe(false);
    expect(JSON.parse((outcome as { message: string }).message)).toEqual({
      jwtMiddleware_token_not_found_error: true,
    });
  });

  it("refuses an unknown or revoked session with jwtMiddleware_error", async () => {
    const unknown = await attempt({ cookie: "sid=invented-token" });
    expect(unknown.connected).toBe(false);
    expect(JSON.parse((unknown as { message: string }).message)).toEqual({ jwtMiddleware_error: true });

    expect((await t.request("/userRoute/logout", { method: "POST", cookie })).status).toBe(200);
    const revoked = await attempt({ cookie }, ["websocket"]);
    expect(revoked.connected).toBe(false);
    expect(JSON.parse((revoked as { message: string }).message)).toEqual({ jwtMiddleware_error: true });
  });
});

type CapOutcome = { connected: true } | { connected: false; message: string; data?: unknown };

/** One handshake to `origin` with `headers`: connected, or the connect_error's message and data. */
function attemptWith(
  origin: string,
  headers: Record<string, string>,
  transports: ("polling" | "websocket")[],
  opened: Socket[],
): Promise<CapOutcome> {
  const socket = connect(origin, { extraHeaders: headers, transports, reconnection: false, forceNew: true });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.on("connect", () => resolve({ connected: true }));
    socket.on("connect_error", (err: Error & { data?: unknown }) =>
      resolve({ connected: false, message: err.message, ...(err.data ? { data: err.data } : {}) }),
    );
  });
}

/** A new member with a session: id and cookie. */
async function freshMember(t: TestApi, name: string) {
  const m = await createMember(t.deps.db, {
    name: `Cap ${name}`,
    email: `${name}-${randomBytes(6).toString("hex")}@example.com`,
  });
  const { token } = await createSession(t.deps.db, m.id, false);
  return { id: m.id, cookie: `sid=${token}` };
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("the socket cap across nodes (Redis)", () => {
  let t: TestApi;
  const nodes: { http: HttpServer; io: Server; url: string }[] = [];
  const sockets: Socket[] = [];
  const clients: Redis[] = [];
  // This run's own keys: other runs sharing the Redis server never count against it.
  const adapterKey = `socket.io-test-${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    t = await startTestApi(drivers("one")[0]!, { REDIS_URL });
    // A handshake while the shared client is still connecting is counted on its node alone (the
    // next renewal counts it everywhere): the test's counts start once Redis is ready.
    const shared = t.deps.redis!;
    if (shared.status !== "ready") await once(shared, "ready");
    for (let i = 0; i < 2; i++) {
      const http = createServer();
      const io = attachRealtime(http, t.deps, { adapterKey, sweepEveryMs: 0 });
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      nodes.push({ http, io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of clients) c.disconnect();
    for (const n of nodes) await new Promise<void>((resolve) => void n.io.close(() => resolve()));
    await t.close();
  });

  const redis = async () => {
    const c = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    clients.push(c);
    if (c.status !== "ready") await once(c, "ready");
    return c;
  };

  it("counts a member's sockets on every node together", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const m = await freshMember(t, "nodes");
    const onA: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
      const node = i < 6 ? a : b;
      const s = await memberSocket(node.url, m.cookie, sockets);
      if (node === a) onA.push(s);
    }
    for (const node of [a, b])
      expect(await attemptWith(node.url, { cookie: m.cookie }, ["websocket"], sockets)).toMatchObject({
        connected: false,
        message: TOO_MANY_SOCKETS,
      });
    // A socket on node A goes: node B may take its slot.
    onA[0]!.disconnect();
    const check = await redis();
    const key = `${adapterKey}:member-sockets:${m.id}`;
    await vi.waitFor(async () => expect(await check.zcard(key)).toBe(MAX_SOCKETS_PER_MEMBER - 1));
    expect(await attemptWith(b.url, { cookie: m.cookie }, ["websocket"], sockets)).toEqual({
      connected: true,
    });
    expect(await attemptWith(a.url, { cookie: m.cookie }, ["websocket"], sockets)).toMatchObject({
      connected: false,
      message: TOO_MANY_SOCKETS,
    });
  });

  it("a node that died frees its slots when their leases end; a live node's renewed leases hold", async () => {
    let clock = Date.parse("2026-05-04T06:00:00Z");
    const keyPrefix = `socket-cap-test-${randomBytes(6).toString("hex")}`;
    const node = async () =>
      socketSlots({ redis: await redis(), keyPrefix, clock: () => clock, renewEveryMs: 0 });
    const [live, dying, other] = [await node(), await node(), await node()];
    for (let i = 0; i < 5; i++) {
      expect(await live.take("m", `live-${i}`)).toBe(true);
      expect(await dying.take("m", `dying-${i}`)).toBe(true);
    }
    expect(await other.take("m", "x")).toBe(false);
    // The live node renews its leases; the dying one is gone without a word (no release, no renewal).
    clock += LEASE_MS - 1_000;
    await live.renew();
    clock += 2_000;
    // The dying node's five leases ended; the live node's five hold.
    for (let i = 0; i < 5; i++) expect(await other.take("m", `other-${i}`)).toBe(true);
    expect(await other.take("m", "x")).toBe(false);
    for (const n of [live, dying, other]) n.stop();
  });

  it("while Redis is not connected, each node still caps its own sockets, without waiting for it", async () => {
    const down = new Redis("redis://127.0.0.1:1", { lazyConnect: true });
    clients.push(down);
    const slots = socketSlots({ redis: down, keyPrefix: "unreachable", renewEveryMs: 0 });
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) expect(await slots.take("m", `s-${i}`)).toBe(true);
    expect(await slots.take("m", "one-more")).toBe(false);
    slots.release("m", "s-0");
    expect(await slots.take("m", "one-more")).toBe(true);
    slots.stop();
  });
});
