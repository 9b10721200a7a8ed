import { parseConfig } from "../api/config";

/**
 * Imported first by server.ts. The configuration is read from the real environment (NODE_ENV=production
 * still means a strict deployment: secrets required, demo seed off). Then React and Remix are told
 * to run their production builds, which they choose from NODE_ENV when first imported: a plain
 * `npm start` with no configuration serves the production runtime too. Only the Vite dev server
 * (VITE_DEV=on) keeps the development builds. Nothing else may read NODE_ENV at request time:
 * decisions like the Secure cookie flag come from `config` (see WebContext.secureCookies).
 */
export const config = parseConfig();
export const viteDevOn = process.env.VITE_DEV === "on";
// The log's default level follows the configured environment (shared/log.server.ts: `warn` for
// tests), decided here before NODE_ENV is changed below.
if (config.NODE_ENV === "test") process.env.LOG_LEVEL ??= "warn";
if (!viteDevOn) process.env.NODE_ENV = "production";
