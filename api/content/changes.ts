import type { Redis } from "ioredis";
import type { Config } from "../config";
import { log } from "../../shared/log.server";

/**
 * Word that the public pages changed (the site's words: FAQ, home sections, policies, the
 * statistics base), so every web node drops the anonymous pages it keeps (server/page-cache.ts)
 * and the next visitor sees the change at once. In one process (the default) the word goes
 * straight to the watchers of the same `deps`; with REDIS_URL it also goes out on a Redis channel
 * (under REDIS_ADAPTER_KEY, the site's prefix) that every node watches. A split deployment
 * without Redis keeps a page at most PAGE_CACHE_SECONDS.
 *
 * The members' kept dashboards need no word: their version includes the announcements' own row
 * versions (api/sessions/sessions.ts), so any change to them is a new version on every node.
 */
export interface ChangeDeps {
  config: Pick<Config, "REDIS_ADAPTER_KEY">;
  redis?: Redis;
}

const watchers = new WeakMap<object, Set<() => void>>();

export function publicPagesChannel(config: Pick<Config, "REDIS_ADAPTER_KEY">): string {
  return `${config.REDIS_ADAPTER_KEY}#public-pages-changed`;
}

/** Tells this process's watchers and (with Redis) every node's that the public pages changed. */
export function publicPagesChanged(deps: ChangeDeps): void {
  for (const onChange of watchers.get(deps) ?? []) onChange();
  deps.redis?.publish(publicPagesChannel(deps.config), String(Date.now())).catch((err: unknown) => {
    log.error({ err }, "Could not tell the other nodes that the public pages changed");
  });
}

/**
 * Calls `onChange` whenever the public pages change (from this process or, with Redis, any node).
 * Answers a function that stops watching.
 */
export function watchPublicPages(deps: ChangeDeps, onChange: () => void): () => void {
  let set = watchers.get(deps);
  if (!set) watchers.set(deps, (set = new Set()));
  set.add(onChange);
  const channel = publicPagesChannel(deps.config);
  const subscriber = deps.redis?.duplicate();
  if (subscriber) {
    subscriber.on("message", (name: string) => {
      if (name === channel) onChange();
    });
    subscriber.on("error", (err: unknown) => log.error({ err }, "Public pages channel"));
    subscriber.subscribe(channel).catch((err: unknown) => {
      log.error({ err }, "Could not watch the public pages channel");
    });
  }
  return () => {
    set.delete(onChange);
    subscriber?.disconnect();
  };
}
