import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Operator routes: the site's words (announcements, FAQ, home sections, policies, instructions, page texts). */
export function adminContentRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
