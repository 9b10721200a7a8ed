import { isIP } from "node:net";
import { log as logger } from "../../shared/log.server";

/**
 * The proxy check where ads are earned (issue 7 §3, ARCHITECTURE §10). Two common provider
 * protocols:
 * - `proxycheck` (proxycheck.io): GET {url}/v2/{ip}?key=…&vpn=1 → `{"<ip>": {"proxy": "yes"|"no"}}`
 * - `iphub` (IPHub): GET {url}/v2/ip/{ip} with header X-Key → `{"block": 0|1|2}`; only 1 is a proxy.
 * Answers are cached per address. A provider that fails or is slow never stops a member: the
 * address is allowed and the failure logged (and not cached, so the next view asks again).
 */
export interface ProxyCheck {
  /** True when the address is a proxy or VPN. */
  isProxy(ip: string): Promise<boolean>;
  readonly enabled: boolean;
}

export interface ProxyCheckOptions {
  provider?: "proxycheck" | "iphub";
  url?: string;
  key?: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** Most addresses kept in the cache; the oldest go first. */
  cacheSize?: number;
  log?: (message: string, error?: unknown) => void;
  /** The clock of the cache (tests). */
  now?: () => number;
}

/** The check where none is configured: every address is allowed. */
export const NO_PROXY_CHECK: ProxyCheck = { enabled: false, isProxy: async () => false };

export const PROXY_CHECK_TIMEOUT_MS = 2_000;
export const PROXY_CHECK_CACHE_MS = 60 * 60 * 1000;

export function createProxyCheck(opts: ProxyCheckOptions): ProxyCheck {
  const { provider, url } = opts;
  if (!provider || !url) return NO_PROXY_CHECK;
  const base = url.replace(/\/+$/, "");
  const key = opts.key ?? "";
  const timeoutMs = opts.timeoutMs ?? PROXY_CHECK_TIMEOUT_MS;
  const cacheMs = opts.cacheMs ?? PROXY_CHECK_CACHE_MS;
  const cacheSize = opts.cacheSize ?? 10_000;
  const log =
    opts.log ??
    ((message: string, error?: unknown) => logger.warn({ err: error }, `proxy check: ${message}`));
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { proxy: boolean; until: number }>();

  async function ask(ip: string): Promise<boolean> {
    const address = encodeURIComponent(ip);
    const res =
      provider === "proxycheck"
        ? await fetch(`${base}/v2/${address}?key=${encodeURIComponent(key)}&vpn=1`, {
            signal: AbortSignal.timeout(timeoutMs),
          })
        : await fetch(`${base}/v2/ip/${address}`, {
            headers: { "X-Key": key },
            signal: AbortSignal.timeout(timeoutMs),
          });
    if (!res.ok) throw new Error(`proxy check answered ${res.status}`);
    const body = (await res.json()) as unknown;
    if (provider === "proxycheck") {
      const entry = (body as Record<string, unknown> | null)?.[ip] as { proxy?: unknown } | undefined;
      if (!entry || typeof entry !== "object") throw new Error("proxy check answer without the address");
      return entry.proxy === "yes";
    }
    const block = (body as { block?: unknown } | null)?.block;
    if (typeof block !== "number") throw new Error("proxy check answer without block");
    return block === 1;
  }

  return {
    enabled: true,
    async isProxy(ip: string): Promise<boolean> {
      // Only real addresses are asked about (a request from inside the process has none).
      if (isIP(ip) === 0) return false;
      const hit = cache.get(ip);
      if (hit && hit.until > now()) return hit.proxy;
      let proxy: boolean;
      try {
        proxy = await ask(ip);
      } catch (e) {
        log(`Proxy check for ${ip} failed; allowed`, e);
        return false;
      }
      cache.delete(ip);
      cache.set(ip, { proxy, until: now() + cacheMs });
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
      return proxy;
    },
  };
}
