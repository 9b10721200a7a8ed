import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The real server (`server.ts`) as a child process, the way it runs in production: its own event
 * loop, its own connection pool, its own sweeper. ROLE=api needs no build. Used by the tests that
 * kill a node, and by the games benchmark.
 */
export interface ServerProcess {
  /** `http://127.0.0.1:{port}` (the process listens on a free port). */
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Settles when the process has exited, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends it (SIGTERM by default; SIGKILL is a node lost) and waits for it to exit; removes its data folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rr-node-"));
  // Nothing of the caller's own configuration leaks in: only what is given here.
  const {
    DATABASE_URL: _d,
    REDIS_URL: _r,
    PUBLIC_ORIGIN: _p,
    REDIS_ADAPTER_KEY: _k,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--import", "tsx", "server.ts"], {
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
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (running) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start within ${opts.timeoutMs ?? 60_000} ms:\n${output}`)),
        opts.timeoutMs ?? 60_000,
      );
      const onData = () => {
        const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
        if (!m) return;
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stderr!.off("data", onData);
        resolve(`http://127.0.0.1:${m[1]}`);
      };
      // The start banner is on stderr; the JSON log line (at info) on stdout.
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
    return { origin, child, output: () => output, exited, stop };
  } catch (e) {
    await stop("SIGKILL");
    throw e;
  }
}
