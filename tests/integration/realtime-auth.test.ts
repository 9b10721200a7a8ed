import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { Server } from "socket.io";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { attachRealtime } from "../../api/realtime";
import { createMember } from "../../api/domain/accounts";

type Outcome = { connected: true } | { connected: false; message: string };

describe.each(drivers())("socket.io handshake is authenticated by the session cookie (%s)", (driver) => {
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
