import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect } from "socket.io-client";
import { serverProcessDatabase } from "../support/db";
import { startServerProcess, type ServerProcess } from "../support/server-process";

/**
 * The real server process (API and socket.io, ROLE=api so no build is needed): input that one
 * client controls must never end it.
 */
describe("one client's input cannot stop the server process", () => {
  let database: Awaited<ReturnType<typeof serverProcessDatabase>>;
  let server: ServerProcess;
  let origin: string;
  let exited: number | null | undefined;

  beforeAll(async () => {
    database = await serverProcessDatabase();
    server = await startServerProcess(database.env, { timeoutMs: 120_000 });
    origin = server.origin;
    void server.exited.then(({ code }) => (exited = code));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  function handshake(cookie: string): Promise<string> {
    const socket = connect(origin, {
      extraHeaders: { cookie },
      transports: ["polling"],
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    return new Promise((resolve) => {
      const done = (outcome: string) => {
        socket.disconnect();
        resolve(outcome);
      };
      socket.on("connect", () => done("connected"));
      socket.on("connect_error", (err) => done(err.message));
    });
  }

  it("answers a malformed session cookie in the socket handshake with the session flag, and stays up", async () => {
    for (const cookie of ["sid=%", "sid=%E0%A4%A", "a=%; sid=%zz", "sid"]) {
      const outcome = await handshake(cookie);
      expect(outcome === "connected" ? outcome : JSON.parse(outcome)).toEqual(
        cookie === "sid" ? { jwtMiddleware_token_not_found_error: true } : { jwtMiddleware_error: true },
      );
    }
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(exited).toBeUndefined();
  });

  it("answers a malformed cookie on a member route with the session flag", async () => {
    const res = await fetch(`${origin}/userRoute/userDataGet_dashboard`, { headers: { cookie: "sid=%" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, jwtMiddleware_error: true });
    expect(exited).toBeUndefined();
  });
});
