import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { pageRouteLabeler } from "../../server/route-label";

/** Pages are named by their route pattern in logs and metrics, never by a path that carries a token. */
describe("pageRouteLabeler", () => {
  const route = (id: string, path: string | undefined, parentId?: string, index?: boolean) => ({
    [id]: { id, path, parentId, index, module: {} },
  });
  // Ids are the files' places (app/routes/member+/dashboard.tsx): a label is never one of them.
  const routes = {
    ...route("root", ""),
    ...route("routes/_public+/_layout", undefined, "root"),
    ...route("routes/_public+/_index", undefined, "routes/_public+/_layout", true),
    ...route(
      "routes/_public+/password-reset-form.$token",
      "password-reset-form/:token",
      "routes/_public+/_layout",
    ),
    ...route("routes/member+/_layout", "member", "root"),
    ...route("routes/member+/dashboard", "dashboard", "routes/member+/_layout"),
    ...route("routes/member+/last-page.$token", "last-page/:token", "routes/member+/_layout"),
    ...route("routes/member+/task-wall_.$", "task-wall/*", "routes/member+/_layout"),
    ...route("routes/$", "*", "root"),
  } as unknown as ServerBuild["routes"];
  const label = pageRouteLabeler(routes);

  it("names a page by its pattern, a token never", () => {
    expect(label("/password-reset-form/9f2c1e0b7a")).toBe("/password-reset-form/:token");
    expect(label("/member/last-page/abc123token")).toBe("/member/last-page/:token");
    expect(label("/member/dashboard")).toBe("/member/dashboard");
    expect(label("/member/dashboard.data")).toBe("/member/dashboard.data");
    expect(label("/")).toBe("/");
    expect(label("/member/task-wall/offers/7")).toBe("/member/task-wall/*");
  });

  it("keeps the labels few whatever is asked", () => {
    expect(label("/wp-login.php")).toBe("/*");
    expect(label("/assets/entry.client-AbC123.js")).toBe("/assets/*");
    expect(pageRouteLabeler(undefined)("/anything/at/all")).toBe("(other)");
    expect(pageRouteLabeler(undefined)("/favicon.ico")).toBe("(static)");
  });
});
