import { describe, expect, it } from "vitest";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { I18nextProvider } from "react-i18next";
import { GeneralErrorBoundary } from "../../app/components/error-boundary";
import { createI18n } from "../../app/i18n/i18n";
import en from "../../app/i18n/en";

/**
 * Server-renders one route whose loader throws `thrown` (a Response, as loaders must) or whose
 * render failed with `renderError` (recorded the way Remix re-renders after a render error).
 */
async function renderFailure(opts: { thrown?: Response; renderError?: Error }): Promise<string> {
  const routes = [
    {
      id: "page",
      path: "/",
      loader: () => {
        if (opts.thrown) throw opts.thrown;
        return null;
      },
      Component: () => h("p", null, "the page"),
      ErrorBoundary: () => h(GeneralErrorBoundary, { fullPage: true }),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  if (opts.renderError) context.errors = { page: opts.renderError };
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = await createI18n("en", en);
  return renderToString(
    h(I18nextProvider, { i18n }, h(StaticRouterProvider, { router, context, hydrate: false })),
  );
}

describe("the error boundary", () => {
  it("shows a calm 'Something went wrong' page with a way home for a server failure", async () => {
    for (const status of [500, 502, 503]) {
      const html = await renderFailure({ thrown: new Response("db down", { status }) });
      expect(html).toContain("Something went wrong, please try again.");
      expect(html).toContain('href="/"');
      expect(html).not.toContain("Upgrade Your Browser");
    }
  });

  it("keeps 'Upgrade Your Browser' for an error while rendering only", async () => {
    const html = await renderFailure({ renderError: new Error("unsupported") });
    expect(html).toContain("Upgrade Your Browser");
    expect(html).toContain("Something went wrong.");
    expect(html).toContain('href="/contact-us"');
  });

  it("renders each client error by its status", async () => {
    const cases: [number, string][] = [
      [404, "Page Not Found"],
      [403, "Request Refused"],
      [413, "Request Too Large"],
      [400, "Invalid Request"],
    ];
    for (const [status, title] of cases) {
      const html = await renderFailure({ thrown: new Response("no", { status }) });
      expect(html, String(status)).toContain(title);
      expect(html, String(status)).not.toContain("Upgrade Your Browser");
    }
  });
});
