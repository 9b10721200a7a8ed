/**
 * Several real nodes behind nginx, as docs/several-nodes.md describes them: ROLE=api
 * processes and ROLE=web processes (`server.ts`, each its own child process) sharing one
 * PostgreSQL database and Redis, and Debian's nginx in front — pages to the web nodes, the API's
 * paths and socket.io (WebSocket upgrade) to the API nodes. Used by bench/multinode.ts and
 * tests/integration/multinode.test.ts.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_PREFIXES } from "../../api/app";
import { startServerProcess, type ServerProcess } from "../../tests/support/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEMPLATE = path.join(import.meta.dirname, "nginx.conf");

export const SESSION_SECRET = "multinode-session-secret-multinode-session-0000";
export const OBJ_SECRET = "multinode-obj-secret-0000";

/** nginx's path: on PATH or Debian's /usr/sbin/nginx; installed with apt-get when missing. */
export function ensureNginx(log: (line: string) => void = console.log): string {
  const found = () => {
    try {
      return execFileSync("which", ["nginx"], { encoding: "utf8" }).trim();
    } catch {
      return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "";
    }
  };
  let nginx = found();
  if (nginx) return nginx;
  log("nginx is missing: apt-get install -y nginx");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["install", "-y", "nginx"], { env, stdio: "inherit" });
  } catch {
    execFileSync("apt-get", ["update"], { env, stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "nginx"], { env, stdio: "inherit" });
  }
  nginx = found();
  if (!nginx) throw new Error("nginx could not be installed (apt-get install -y nginx)");
  return nginx;
}

/** The web tier's build (ROLE=web serves build/): made with `npm run build` when missing. */
export function ensureBuild(log: (line: string) => void = console.log): void {
  if (existsSync(path.join(ROOT, "build/server/index.js")) && existsSync(path.join(ROOT, "build/client")))
    return;
  log("No build/: npm run build");
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
}

/** A free port in 4100–4199 (this machine's range for such servers). */
export async function freePortInRange(from = 4100, to = 4199): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${to}`);
}

/** The nginx configuration for these nodes (bench/multinode/nginx.conf with its blanks filled). */
export function nginxConfig(opts: { prefix: string; port: number; api: string[]; web: string[] }): string {
  const servers = (origins: string[]) =>
    origins.map((o) => `    server ${new URL(o).host} max_fails=1 fail_timeout=5s;`).join("\n");
  const locations = API_PREFIXES.map(
    (p) => `    location ^~ ${p} {\n      proxy_pass http://api;\n    }`,
  ).join("\n");
  return readFileSync(TEMPLATE, "utf8")
    .replaceAll("{{PREFIX}}", opts.prefix)
    .replaceAll("{{PORT}}", String(opts.port))
    .replaceAll("{{API_SERVERS}}", servers(opts.api))
    .replaceAll("{{WEB_SERVERS}}", servers(opts.web))
    .replaceAll("{{API_LOCATIONS}}", locations);
}

export interface Nginx {
  origin: string;
  child: ChildProcess;
  /** Writes a new configuration (other upstream nodes) and reloads it (SIGHUP); waits for the new workers. */
  reload(nodes: { api: string[]; web: string[] }): Promise<void>;
  errorLog(): string;
  stop(): Promise<void>;
}

/** nginx as a child process (not a daemon) with its own prefix, configuration, pid and logs in a temp dir. */
export async function startNginx(opts: {
  port: number;
  api: string[];
  web: string[];
  log?: (line: string) => void;
}): Promise<Nginx> {
  const nginx = ensureNginx(opts.log);
  const prefix = mkdtempSync(path.join(tmpdir(), "rr-nginx-"));
  // Run as root, nginx's workers run as nobody: they must be able to use the temp folders.
  chmodSync(prefix, 0o755);
  for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi", "logs"]) {
    mkdirSync(path.join(prefix, d));
    chmodSync(path.join(prefix, d), 0o777);
  }
  const conf = path.join(prefix, "nginx.conf");
  const write = (nodes: { api: string[]; web: string[] }) =>
    writeFileSync(conf, nginxConfig({ prefix, port: opts.port, ...nodes }));
  write(opts);
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  execFileSync(nginx, ["-t", "-q", "-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const child = spawn(
    nginx,
    ["-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}\n${errorLog()}`);
    try {
      await fetch(`${origin}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`nginx did not listen on ${origin}: ${stderr}\n${errorLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    child,
    errorLog,
    async reload(nodes) {
      write(nodes);
      child.kill("SIGHUP");
      // The old workers finish their requests and go; new ones read the new upstreams.
      await new Promise((r) => setTimeout(r, 1000));
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** One node of a rolling restart: stopped with SIGTERM, waited for, started again on its port. */
export interface Restart {
  role: "api" | "web";
  /** host:port (the same before and after). */
  host: string;
  /** When SIGTERM was sent, on the caller's clock (ms). */
  at: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** SIGTERM → the process exited. */
  drainMs: number;
  /** Exited → the new process listening and its /readyz answering 200. */
  startMs: number;
  /** When /readyz first answered 200, on the caller's clock (ms). */
  readyAt: number;
}

export interface Cluster {
  /** nginx's address: what every client of the load talks to. */
  origin: string;
  nginx: Nginx;
  api: ServerProcess[];
  web: ServerProcess[];
  /**
   * Stops node `index` of `role` with SIGTERM (it drains), waits for it to exit, starts it again on
   * the same port and waits for its /readyz; the new process takes the old one's place in `api` or `web`.
   */
  restart(role: "api" | "web", index: number, now: () => number): Promise<Restart>;
  /** Every node's output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Waits for `origin`'s /readyz to answer 200. */
async function waitReady(origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${origin}/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts `apiNodes` ROLE=api and `webNodes` ROLE=web processes on `databaseUrl` (migrated and
 * seeded by the caller) and nginx in front on a free port in 4100–4199. The web nodes reach the
 * API through nginx (API_ORIGIN), so a lost API node is skipped for them too. `nginxApiNodes`
 * (default all) are the API nodes nginx is first configured with.
 */
export async function startCluster(opts: {
  databaseUrl: string;
  apiNodes: number;
  webNodes: number;
  nginxApiNodes?: number;
  /** nginx's port (default: a free one in 4100–4199). */
  port?: number;
  redisUrl?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<Cluster> {
  ensureBuild(opts.log);
  const port = opts.port ?? (await freePortInRange());
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: "development",
    // The "listening on" line the start waits for is an info line.
    LOG_LEVEL: "info",
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    // This run's own socket.io channels on a shared Redis server.
    REDIS_ADAPTER_KEY: `socket.io-multinode-${randomBytes(6).toString("hex")}`,
    SESSION_SECRET,
    OBJ_SECRET,
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: "1",
    RATE_LIMITS: "off",
    HUMAN_CHECK: "off",
    SEED_DEMO: "off",
    // Above nginx's upstream keepalive_timeout (4 s): a draining node waits for nginx to close its
    // idle connections (server.ts, shutdown) and is not cut short.
    SHUTDOWN_GRACE_SECONDS: "15",
    ...opts.env,
  };
  const api: ServerProcess[] = [];
  const web: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all([...api, ...web].map((n) => n.stop("SIGKILL")));
  };
  try {
    const started = await Promise.allSettled([
      ...Array.from({ length: opts.apiNodes }, () =>
        startServerProcess({ ...env, ROLE: "api" }, { timeoutMs: 120_000 }).then((n) => api.push(n)),
      ),
      ...Array.from({ length: opts.webNodes }, () =>
        startServerProcess({ ...env, ROLE: "web", API_ORIGIN: origin }, { timeoutMs: 120_000 }).then((n) =>
          web.push(n),
        ),
      ),
    ]);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    nginx = await startNginx({
      port,
      api: api.slice(0, opts.nginxApiNodes ?? api.length).map((n) => n.origin),
      web: web.map((n) => n.origin),
      log: opts.log,
    });
  } catch (e) {
    await stop();
    throw e;
  }
  /** The output of the processes a restart replaced. */
  const replaced: string[] = [];
  const restart = async (role: "api" | "web", index: number, now: () => number): Promise<Restart> => {
    const nodes = role === "api" ? api : web;
    const old = nodes[index]!;
    const port = new URL(old.origin).port;
    const at = now();
    old.child.kill("SIGTERM");
    const { code, signal } = await old.exited;
    await old.stop();
    const drainMs = now() - at;
    replaced.push(
      `--- ${role} ${index + 1} (${old.origin}) before its restart\n${old.output().slice(-4000)}`,
    );
    const fresh = await startServerProcess(
      { ...env, ROLE: role, PORT: port, ...(role === "web" ? { API_ORIGIN: origin } : {}) },
      { timeoutMs: 120_000 },
    );
    nodes[index] = fresh;
    await waitReady(fresh.origin);
    const readyAt = now();
    return {
      role,
      host: new URL(old.origin).host,
      at,
      code,
      signal,
      drainMs,
      startMs: readyAt - at - drainMs,
      readyAt,
    };
  };
  const output = () =>
    [
      ...replaced,
      ...api.map((n, i) => `--- api ${i + 1} (${n.origin})\n${n.output().slice(-4000)}`),
      ...web.map((n, i) => `--- web ${i + 1} (${n.origin})\n${n.output().slice(-4000)}`),
      `--- nginx error.log\n${nginx!.errorLog().slice(-4000)}`,
    ].join("\n");
  return { origin, nginx, api, web, restart, output, stop };
}
