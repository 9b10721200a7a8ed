import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Operator routes: the console's overview. */
export function adminOverviewRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
