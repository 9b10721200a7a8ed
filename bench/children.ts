import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** The processes a benchmark starts (a site, a bare server): started, awaited on HTTP, stopped. */

const ROOT = path.resolve(import.meta.dirname, "..");

export async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

export function startChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; log: () => string } {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, log: () => out };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A bare node:http server in its own process, answering every request with `size` bytes of HTML. */
export function startBare(port: number, size: number) {
  const code = `
    const body = Buffer.alloc(${size}, "a");
    body.write("<!DOCTYPE html><html><body>");
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return startChild(process.execPath, ["-e", code], { PATH: process.env.PATH });
}
