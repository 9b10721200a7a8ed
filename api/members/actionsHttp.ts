import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Operator routes: actions on a member (sessions, holds, suspension, ban, notes' neighbours, adjustments). */
export function adminMemberActionsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
