import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Member routes: the support page's threads and missing-credit reports. */
export function memberSupportRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
