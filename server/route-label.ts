import type { ServerBuild } from "@remix-run/node";

/**
 * The metrics' and logs' name for a page request: the Remix route's pattern
 * (`/member/last-page/:token`), never the path itself, which can carry a token or an e-mail
 * address. Patterns come from the server build's route manifest, so every page has one and an
 * unknown path (a scanner's guess) is `(other)`: the labels stay few whatever is asked.
 */
export function pageRouteLabeler(routes: ServerBuild["routes"] | undefined) {
  const patterns: string[][] = [];
  if (routes) {
    const fullPath = (id: string): string => {
      const r = routes[id];
      if (!r) return "";
      const parent = r.parentId ? fullPath(r.parentId) : "";
      return r.path ? `${parent}/${r.path}` : parent;
    };
    const seen = new Set<string>();
    for (const id of Object.keys(routes)) {
      const p = fullPath(id).replace(/\/+/g, "/") || "/";
      if (seen.has(p)) continue;
      seen.add(p);
      patterns.push(p.split("/").filter(Boolean));
    }
    // Most specific first: more static segments, then longer; a splat last.
    const score = (segs: string[]) =>
      segs.reduce((n, s) => n + (s === "*" ? 0 : s.startsWith(":") ? 1 : 3), 0);
    patterns.sort((a, b) => score(b) - score(a));
  }
  const matches = (pattern: string[], segs: string[]) => {
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      if (p === "*") return true;
      const s = segs[i];
      if (p.startsWith(":")) {
        if (s === undefined && !p.endsWith("?")) return false;
        continue;
      }
      if (s === undefined || p.toLowerCase() !== s.toLowerCase()) return false;
    }
    return segs.length <= pattern.length;
  };
  const label = (pathname: string): string => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    if (pathname === "/socket.io" || pathname.startsWith("/socket.io/")) return "/socket.io/*";
    const data = pathname.endsWith(".data");
    const path = data ? pathname.slice(0, -5).replace(/\/_root$/, "") || "/" : pathname;
    const segs = path.split("/").filter(Boolean);
    const hit = patterns.find((p) => matches(p, segs));
    if (!hit) return /\.[a-z0-9]+$/i.test(path) ? "(static)" : "(other)";
    const pattern = `/${hit.join("/")}`;
    return data ? `${pattern}.data` : pattern;
  };
  // Asked for every page: the paths seen last are answered from memory (a scanner's many paths
  // only empty it now and then).
  const known = new Map<string, string>();
  return (pathname: string): string => {
    let hit = known.get(pathname);
    if (hit === undefined) {
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, (hit = label(pathname)));
    }
    return hit;
  };
}

/** How many paths' labels a labeler remembers. */
const KNOWN_PATHS = 1_000;
