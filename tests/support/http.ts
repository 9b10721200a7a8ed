import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApi } from "../../api/app";
import type { Deps } from "../../api/deps";
import { attachRealtime, type RealtimeServer } from "../../api/realtime";

/**
 * The API (and, when asked, socket.io) on a real HTTP server on port 0, as server.ts composes
 * them. The site's own address (`deps.selfOrigin`) becomes this listener's, so the postbacks the
 * site sends itself (demo network, operator tools) reach it.
 */
export interface ServedApi {
  origin: string;
  io?: RealtimeServer;
  close(): Promise<void>;
}

export async function serveApi(
  deps: Deps,
  opts: { realtime?: { adapterKey?: string; sweepEveryMs?: number } } = {},
): Promise<ServedApi> {
  const server = createServer(getRequestListener(createApi(deps).fetch));
  // The game sweeper is off unless a test asks: tests sweep themselves, with a moved clock.
  const io = opts.realtime ? attachRealtime(server, deps, { sweepEveryMs: 0, ...opts.realtime }) : undefined;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  deps.selfOrigin = origin;
  return {
    origin,
    io,
    async close() {
      server.closeAllConnections();
      if (io) await new Promise<void>((resolve) => void io.close(() => resolve()));
      else await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
