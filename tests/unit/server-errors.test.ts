import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import * as entryServer from "../../app/entry.server";
import { captureLogs } from "../../shared/log.server";

/**
 * Issue 42: an error on the web tier's server (a loader, an action, a render) goes through the
 * site's JSON logger with its request id — one escaped line a request, never the raw message on
 * stderr, where an attacker-chosen text could pass for a line of its own. Run through Remix's own
 * request handler with the site's server entry, as server.ts runs it.
 */
const INJECTED = 'boom\n{"level":30,"msg":"operator login ok"}\n';

function buildWith(loader: () => unknown): ServerBuild {
  return {
    mode: "production",
    entry: { module: entryServer as unknown as ServerBuild["entry"]["module"] },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } as never },
      "routes/boom": {
        id: "routes/boom",
        parentId: "root",
        path: "boom",
        module: { loader } as never,
      },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {},
      url: "/manifest.js",
      version: "test",
    } as never,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {} as never,
    isSpaMode: false,
  };
}

const context = { pageRequestId: "req-issue-42-abcdef" } as unknown as AppLoadContext;

describe("server errors of the web tier", () => {
  let stderr: string[];
  let restore: (() => void)[];
  beforeEach(() => {
    stderr = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      stderr.push(String(chunk));
      return true;
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      stderr.push(args.map(String).join(" "));
    });
    restore = [() => write.mockRestore(), () => consoleError.mockRestore()];
  });
  afterEach(() => restore.forEach((r) => r()));

  it("logs a loader's error as one JSON line with the request id, escaped, and nothing on stderr", async () => {
    const handler = createRequestHandler(
      buildWith(() => {
        throw new Error(INJECTED);
      }),
      "production",
    );
    const logs = captureLogs("info");
    let res: Response;
    try {
      res = await handler(new Request("http://localhost:3000/boom"), context);
    } finally {
      logs.stop();
    }
    expect(res.status).toBe(500);
    expect(stderr).toEqual([]);
    const lines = logs.lines.join("").split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown> & { err: { message: string } };
    expect(line).toMatchObject({ level: "error", reqId: "req-issue-42-abcdef", method: "GET" });
    expect(line.err.message).toBe(INJECTED);
    // The message's line breaks are escaped inside the one line: no line of its own.
    expect(logs.lines.join("")).not.toContain('\n{"level":30');
  });

  it("says nothing for a request the browser gave up on", async () => {
    const handler = createRequestHandler(
      buildWith(() => {
        throw new Error("aborted on the way");
      }),
      "production",
    );
    const controller = new AbortController();
    controller.abort();
    const logs = captureLogs("info");
    try {
      await handler(new Request("http://localhost:3000/boom", { signal: controller.signal }), context).catch(
        () => undefined,
      );
    } finally {
      logs.stop();
    }
    expect(logs.lines).toEqual([]);
    expect(stderr).toEqual([]);
  });

  it("handleError reads the error a route error response carries, and works without a request id", () => {
    const logs = captureLogs("info");
    try {
      entryServer.handleError(new TypeError("bad header"), {
        request: new Request("http://localhost:3000/x", { method: "POST" }),
        params: {},
        context: {} as AppLoadContext,
      });
    } finally {
      logs.stop();
    }
    const line = JSON.parse(logs.lines.join("")) as Record<string, unknown> & { err: { type: string } };
    expect(line).toMatchObject({ level: "error", method: "POST" });
    expect(line.err.type).toBe("TypeError");
    expect(stderr).toEqual([]);
  });
});
