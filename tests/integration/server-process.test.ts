import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect } from "socket.io-client";

/**
 * The real server process (API and socket.io, ROLE=api so no build is needed): input that one
 * client controls must never end it.
 */
describe("one client's input cannot stop the server process", () => {
  let child: ChildProcess;
  let origin: string;
  let output = "";
  let exited: number | null | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rr-process-"));

  beforeAll(async () => {
    const { DATABASE_URL: _d, REDIS_URL: _r, PUBLIC_ORIGIN: _p, ...inherited } = process.env;
    child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...inherited,
        NODE_ENV: "test",
        ROLE: "api",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "off",
        HUMAN_CHECK: "off",
        RATE_LIMITS: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.on("exit", (code) => (exited = code));
    origin = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /listening on (http:\/\/localhost:\d+)/.exec(output);
        if (m) resolve(m[1]!.replace("localhost", "127.0.0.1"));
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (exited === undefined) {
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await done;
    }
    rmSync(dataDir, { recursive: true, force: true });
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
