import { z } from "zod";

/**
 * The home page's video-channel panel: statistics fetched on the server from the video platform's
 * data API (the key never reaches the browser), cached for a minute so each visitor does not cost
 * an API call, with a short timeout so a slow platform cannot hold up the home page.
 */
export interface ChannelStats {
  title: string;
  description: string;
  thumbnail: string | null;
  url: string;
  subscribers: number | null;
  views: number;
  videos: number;
}

export type ChannelResult = { ok: true; channel: ChannelStats } | { ok: false };

export const CHANNEL_CACHE_MS = 60_000;
export const CHANNEL_TIMEOUT_MS = 3_000;

export interface ChannelConfig {
  origin: string;
  channelId?: string;
  apiKey?: string;
  timeoutMs?: number;
}

const Count = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v))
  .pipe(z.number().int().nonnegative());

const ChannelsResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          description: z.string().default(""),
          customUrl: z.string().optional(),
          thumbnails: z.record(z.object({ url: z.string().url() })).default({}),
        }),
        statistics: z.object({
          viewCount: Count.default(0),
          subscriberCount: Count.optional(),
          hiddenSubscriberCount: z.boolean().default(false),
          videoCount: Count.default(0),
        }),
      }),
    )
    .default([]),
});

export function channelConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChannelConfig {
  return {
    origin: env.YOUTUBE_API_ORIGIN || "https://www.googleapis.com",
    channelId: env.YOUTUBE_CHANNEL_ID || undefined,
    apiKey: env.YOUTUBE_API_KEY || undefined,
  };
}

/** One uncached request to the platform; {ok:false} when not configured, unreachable, slow or answering nonsense. */
export async function fetchChannelStats(config: ChannelConfig): Promise<ChannelResult> {
  if (!config.channelId || !config.apiKey) return { ok: false };
  try {
    const url = new URL("/youtube/v3/channels", config.origin);
    url.searchParams.set("part", "snippet,statistics");
    url.searchParams.set("id", config.channelId);
    url.searchParams.set("key", config.apiKey);
    const res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(config.timeoutMs ?? CHANNEL_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false };
    const parsed = ChannelsResponse.safeParse(await res.json());
    const item = parsed.success ? parsed.data.items[0] : undefined;
    if (!item) return { ok: false };
    const thumbs = item.snippet.thumbnails;
    const thumbnail =
      (thumbs.medium ?? thumbs.high ?? thumbs.default ?? Object.values(thumbs)[0])?.url ?? null;
    return {
      ok: true,
      channel: {
        title: item.snippet.title,
        description: item.snippet.description,
        thumbnail: thumbnail && thumbnail.startsWith("https://") ? thumbnail : null,
        url: `https://www.youtube.com/channel/${encodeURIComponent(item.id)}`,
        subscribers: item.statistics.hiddenSubscriberCount ? null : (item.statistics.subscriberCount ?? null),
        views: item.statistics.viewCount,
        videos: item.statistics.videoCount,
      },
    };
  } catch {
    return { ok: false };
  }
}

let cached: { at: number; result: Promise<ChannelResult> } | undefined;

/**
 * The cached statistics (failures are cached too, so an unreachable platform is asked at most
 * once a minute). Concurrent callers share one request.
 */
export function getChannelStats(
  now = Date.now(),
  config: ChannelConfig = channelConfigFromEnv(),
): Promise<ChannelResult> {
  if (!cached || now - cached.at >= CHANNEL_CACHE_MS) cached = { at: now, result: fetchChannelStats(config) };
  return cached.result;
}

/** For tests: forget the cached answer. */
export function resetChannelCache(): void {
  cached = undefined;
}
