import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Every page of the site, read from the production build's route table (the Remix server build
 * that the browser tests serve), so a new route is swept by tests/e2e/widths.spec.ts and
 * tests/e2e/no-js-forms.spec.ts without a line written for it. A page is a route with a component
 * that no other route nests in (layouts are seen through their pages); its URL is its full path.
 * A path with parameters needs an example below: the sweeps fail on one that has none.
 */
export type Audience = "public" | "member" | "operator";

export interface SitePage {
  /** The route's full path, e.g. `/admin/members/:id/risk`. */
  pattern: string;
  /** A URL that reaches it (`{member}` stands for the sweeping member's id). */
  url: string;
  audience: Audience;
  /** Whether the route module answers posts (exports an action). */
  hasAction: boolean;
  /** Whether it is a page (a component no other route nests in). */
  isPage: boolean;
  /** Where a post reaches its action: an index route's takes `?index`. */
  postUrl: string;
}

/**
 * URLs for the paths with parameters; `null` for a page reached only from a mail's link, which
 * redirects at once (nothing to lay out, no form).
 */
const EXAMPLES: Record<string, string | null> = {
  "/member/betting-games/tic-tac-toe/play/:roomId":
    "/member/betting-games/tic-tac-toe/play/not-a-room?type=practice",
  "/password-reset-form/:token": "/password-reset-form/not-a-token",
  "/email-verification/:token/:email": null,
  "/verify-email/:token": null,
  "/signup/ref/:id": "/signup/ref/demo",
  "/member/last-page/:token": "/member/last-page/not-a-token",
  "/admin/campaigns/:id": "/admin/campaigns/not-a-campaign",
  "/admin/messages/:id": "/admin/messages/1",
  "/admin/members/:id": "/admin/members/{member}",
  "/admin/members/:id/actions": "/admin/members/{member}/actions",
  "/admin/members/:id/adjust": "/admin/members/{member}/adjust",
  "/admin/members/:id/risk": "/admin/members/{member}/risk",
  "/member/tax/certificate/:fy/:quarter": "/member/tax/certificate/2026-27/3",
  "/member/task-wall/*": "/member/task-wall/not-a-wall",
  "/s/:code": "/s/not-a-code",
  "/member/*": "/member/no-such-page",
  "/*": "/no-such-page",
  // The ad pages a view opens: without a view they answer their own refusal page.
  "/member/waitRedirecting": "/member/waitRedirecting/?link=https%3A%2F%2Fads.example%2F&view=not-a-view",
  "/member/iframe": "/member/iframe/?link=https%3A%2F%2Fads.example%2F%7C%7C10&view=not-a-view",
  "/demo-wall": "/demo-wall?user_id=demo",
};

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; action?: unknown };
}

function fullPath(routes: Record<string, BuiltRoute>, id: string | undefined): string {
  const route = id ? routes[id] : undefined;
  if (!route) return "";
  const parent = fullPath(routes, route.parentId);
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
}

function audienceOf(pattern: string): Audience {
  if (pattern === "/admin" || pattern.startsWith("/admin/")) return "operator";
  if (pattern === "/member" || pattern.startsWith("/member/")) return "member";
  return "public";
}

let routes: Promise<SitePage[]> | undefined;

/** Every route with a URL, from `build/server/index.js` (the tests run after `npm run build`). */
export function siteRoutes(): Promise<SitePage[]> {
  routes ??= (async () => {
    const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
      routes: Record<string, BuiltRoute>;
    };
    const parents = new Set(Object.values(build.routes).map((r) => r.parentId));
    const found = new Map<string, SitePage>();
    const missing: string[] = [];
    for (const route of Object.values(build.routes)) {
      const hasAction = typeof route.module.action === "function";
      const isPage =
        typeof route.module.default === "function" && !parents.has(route.id) && route.id !== "root";
      if (!hasAction && !isPage) continue;
      const pattern = fullPath(build.routes, route.id) || "/";
      let url: string | null = pattern;
      if (pattern in EXAMPLES) url = EXAMPLES[pattern]!;
      else if (/[:*]/.test(pattern)) missing.push(pattern);
      if (url === null) continue;
      const key = `${pattern}${route.index ? "?index" : ""}`;
      const postUrl = route.index ? `${url}${url.includes("?") ? "&" : "?"}index` : url;
      found.set(key, { pattern, url, audience: audienceOf(pattern), hasAction, isPage, postUrl });
    }
    if (missing.length > 0)
      throw new Error(
        `routes with parameters and no example URL in tests/e2e/site-pages.ts: ${missing.join(", ")}`,
      );
    return [...found.values()].sort((a, b) => a.pattern.localeCompare(b.pattern));
  })();
  return routes;
}

/** The site's pages (each URL once). */
export async function sitePages(): Promise<SitePage[]> {
  const pages = new Map<string, SitePage>();
  for (const r of await siteRoutes()) if (r.isPage && !pages.has(r.url)) pages.set(r.url, r);
  return [...pages.values()];
}

/** The URL of `page` for a member whose id is `memberId`. */
export function urlFor(page: SitePage, memberId: string): string {
  return page.url.replace("{member}", memberId);
}
