import { parseConfig } from "../../api/config";
import { createApi } from "../../api/app";
import { createDeps, type Deps } from "../../api/deps";
import { encodeObj } from "../../shared/obj.server";
import type { Mail, Mailer } from "../../api/site/mailer";
import { freshDatabase, type Driver } from "./db";
import type { Database } from "../../api/db/client";

/**
 * A real API over a real database, called through its fetch interface (the same contract the
 * web tier uses in process). Mail is captured in `mails` unless a mailer is given.
 */
export interface TestApi {
  deps: Deps;
  database: Database;
  mails: Mail[];
  /** Raw request: path, method, JSON body or `obj`, cookie. */
  request(
    path: string,
    init?: {
      method?: string;
      obj?: unknown;
      json?: unknown;
      rawBody?: string;
      cookie?: string;
      headers?: Record<string, string>;
      /** The body's Content-Type; JSON unless given, none when null. */
      contentType?: string | null;
    },
  ): Promise<{ status: number; body: any; setCookie: string[]; headers: Headers }>;
  /** The API's routes as Hono registered them (method and path pattern, e.g. /adminRoute/campaigns/:id/views). */
  routes: { method: string; path: string }[];
  close(): Promise<void>;
}

export async function startTestApi(
  driver: Driver,
  env: Record<string, string> = {},
  opts: { mailer?: Mailer } = {},
): Promise<TestApi> {
  const database = await freshDatabase(driver);
  const config = parseConfig({
    NODE_ENV: "test",
    HUMAN_CHECK: "off",
    RATE_LIMITS: "off",
    SESSION_SECRET: "test-session-secret-test-session-secret-0000",
    OBJ_SECRET: "test-obj-secret-0000",
    ...env,
  });
  const mails: Mail[] = [];
  const mailer: Mailer = opts.mailer ?? { send: async (m) => void mails.push(m) };
  const deps = await createDeps(config, { database, mailer });
  const app = createApi(deps);
  return {
    deps,
    database,
    mails,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    async request(path, init = {}) {
      const headers = new Headers({ host: "localhost:3000", ...init.headers });
      if (init.cookie) headers.set("cookie", init.cookie);
      let body: string | undefined = init.rawBody;
      if (init.obj !== undefined) body = JSON.stringify({ obj: encodeObj(config.objSecret, init.obj) });
      else if (init.json !== undefined) body = JSON.stringify(init.json);
      const contentType = init.contentType === undefined ? "application/json" : init.contentType;
      if (body !== undefined && contentType !== null) headers.set("content-type", contentType);
      const res = await app.fetch(
        new Request(`http://localhost:3000${path}`, {
          method: init.method ?? (body !== undefined ? "POST" : "GET"),
          headers,
          body,
        }),
      );
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return {
        status: res.status,
        body: parsed,
        setCookie: res.headers.getSetCookie(),
        headers: res.headers,
      };
    },
    async close() {
      await deps.close();
    },
  };
}

/** `sid=...` from a login response's Set-Cookie, ready to send back. */
export function sessionCookie(setCookie: string[]): string {
  const c = setCookie.find((s) => s.startsWith("sid="));
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return c.split(";")[0]!;
}
