import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { constants as zlib } from "node:zlib";
import { flatRoutes } from "remix-flat-routes";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: "es2019",
    cssMinify: true,
    rollupOptions: {
      // Only warnings known to be harmless are dropped, so `npm start` ends with the site's own
      // lines instead of a screen of them; any other warning is printed as before.
      onwarn(warning, warn) {
        // A resource route (a loader or action without a page: auth.google, language, the
        // bank file's CSV…) has no browser code, so its client chunk is empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        // A "use client" directive of a dependency: Remix has no server components, so it means nothing here.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        // The server bundle is one file, so the Hindi catalogues' dynamic import (which keeps them
        // out of the browser's first chunk) cannot split it there. The same warning in the browser
        // build would mean a heavier first page, so it is kept there.
        if (
          isSsrBuild &&
          warning.plugin === "vite:reporter" &&
          warning.message.includes("dynamic import will not move module into another chunk")
        )
          return;
        warn(warning);
      },
    },
  },
  plugins: [
    !process.env.VITEST &&
      remix({
        // Routes are found by remix-flat-routes (docs/decisions/0032-routes-by-audience.md):
        // app/routes/{_public+,member+,admin+}/ group the pages by audience, and a large route is
        // a folder whose route.tsx sits beside its *.server.ts, schema and components.
        ignoredRouteFiles: ["**/*"],
        routes: (defineRoutes) =>
          flatRoutes("routes", defineRoutes, {
            ignoredRouteFiles: ["**/.*", "**/*.server.*", "**/*.test.*", "**/__*"],
          }),
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
    // Members on slow networks get the smallest encoding their browser takes: scripts and styles
    // are compressed once, at the highest levels, and served as they are (server.ts). The server
    // build's copies of the styles are never sent: only the browser build is compressed.
    !process.env.VITEST &&
      !isSsrBuild &&
      compression({
        include: /^assets\/.*\.(js|css)$/,
        threshold: 512,
        algorithms: [
          defineAlgorithm("gzip", { level: 9 }),
          defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        ],
      }),
  ],
}));
