import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Operator routes: member search and a member's page. */
export function adminMembersRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
