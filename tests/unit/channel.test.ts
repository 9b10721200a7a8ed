import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  fetchChannelStats,
  getChannelStats,
  resetChannelCache,
  type ChannelConfig,
} from "../../app/utils/channel.server";

/** A small local server speaking the video platform's channels endpoint (the real one cannot be reached here). */
let server: Server;
let origin: string;
let requests: URL[] = [];
let mode: "ok" | "slow" | "forbidden" | "empty" | "hidden" = "ok";

const channel = (hidden = false) => ({
  kind: "youtube#channelListResponse",
  items: [
    {
      id: "UC123",
      snippet: {
        title: "Rupee Rewards Official",
        description: "Tips and payment proofs.",
        thumbnails: {
          default: { url: "https://yt3.example.com/default.jpg" },
          medium: { url: "https://yt3.example.com/medium.jpg" },
        },
      },
      statistics: {
        viewCount: "123456",
        subscriberCount: "7890",
        hiddenSubscriberCount: hidden,
        videoCount: "42",
      },
    },
  ],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== "/youtube/v3/channels" || url.searchParams.get("key") !== "k")
      return send(403, { error: { code: 403 } });
    if (mode === "slow") return void setTimeout(() => send(200, channel()), 1000);
    if (mode === "forbidden") return send(403, { error: { code: 403, message: "quota" } });
    if (mode === "empty") return send(200, { items: [] });
    send(200, channel(mode === "hidden"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  requests = [];
  mode = "ok";
  resetChannelCache();
});

const config = (extra: Partial<ChannelConfig> = {}): ChannelConfig => ({
  origin,
  channelId: "UC123",
  apiKey: "k",
  ...extra,
});

describe("channel statistics", () => {
  it("reads title, thumbnail, description and the three counts", async () => {
    const result = await fetchChannelStats(config());
    expect(result).toEqual({
      ok: true,
      channel: {
        title: "Rupee Rewards Official",
        description: "Tips and payment proofs.",
        thumbnail: "https://yt3.example.com/medium.jpg",
        url: "https://www.youtube.com/channel/UC123",
        subscribers: 7890,
        views: 123456,
        videos: 42,
      },
    });
    expect(requests[0]?.searchParams.get("id")).toBe("UC123");
    expect(requests[0]?.searchParams.get("part")).toBe("snippet,statistics");
  });

  it("shows no subscriber count when the channel hides it", async () => {
    mode = "hidden";
    const result = await fetchChannelStats(config());
    expect(result.ok && result.channel.subscribers).toBeNull();
  });

  it("answers {ok:false} when not configured, without calling out", async () => {
    expect(await fetchChannelStats(config({ apiKey: undefined }))).toEqual({ ok: false });
    expect(await fetchChannelStats(config({ channelId: undefined }))).toEqual({ ok: false });
    expect(requests).toHaveLength(0);
  });

  it("answers {ok:false} on an error status, an unknown channel, an unreachable host or a slow answer", async () => {
    mode = "forbidden";
    expect(await fetchChannelStats(config())).toEqual({ ok: false });
    mode = "empty";
    expect(await fetchChannelStats(config())).toEqual({ ok: false });
    expect(await fetchChannelStats(config({ origin: "http://127.0.0.1:9" }))).toEqual({ ok: false });
    mode = "slow";
    const started = Date.now();
    expect(await fetchChannelStats(config({ timeoutMs: 200 }))).toEqual({ ok: false });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("caches the answer for 60 s, sharing one request between concurrent callers", async () => {
    const t0 = 1_000_000;
    const [a, b] = await Promise.all([getChannelStats(t0, config()), getChannelStats(t0 + 10, config())]);
    expect(a).toEqual(b);
    await getChannelStats(t0 + 59_999, config());
    expect(requests).toHaveLength(1);
    await getChannelStats(t0 + 60_000, config());
    expect(requests).toHaveLength(2);
  });
});
