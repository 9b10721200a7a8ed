/** What server.ts hands every loader and action (see app/utils/api.server.ts). */
export interface WebContext {
  /** Sends a request to the API: in-process in the single-process default, over HTTP when ROLE=web. */
  apiFetch: (request: Request) => Promise<Response>;
  objSecret: string;
  internalToken: string;
  sessionSecret: string;
  publicEnv: PublicEnv;
  /** The browser's address, forwarded to the API for rate limits. */
  clientIp: string;
  /** Cookies get the Secure flag: decided by the parsed configuration (production), never at request time. */
  secureCookies: boolean;
  /** Tags this page view's API calls, so the API checks the session once for all of them. */
  pageRequestId: string;
  /** This page's Content-Security-Policy nonce: every inline script carries it (app/entry.server.tsx). */
  cspNonce: string;
  /**
   * Present when this page may be kept rendered for the session (server/member-page-cache.ts): a
   * loader says under which data version (`keep`), or that the page must not be kept (`refuse`).
   */
  pageKeeping?: PageKeeping;
}

export interface PageKeeping {
  keep(version: string): void;
  refuse(): void;
}

/** The only configuration the browser sees. */
export interface PublicEnv {
  SITE_NAME: string;
  GOOGLE_ENABLED: boolean;
  HUMAN_CHECK: "altcha" | "off";
  YOUTUBE_CHANNEL_ID: string | null;
  /** The IFrame Player API script of the YouTube ad page. */
  YOUTUBE_PLAYER_API_URL: string;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebContext {}
}
