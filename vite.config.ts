import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { constants as zlib } from "node:zlib";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  build: { target: "es2019", cssMinify: true },
  plugins: [
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ["**/*.server.*", "**/*.test.*", "**/__*"],
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
