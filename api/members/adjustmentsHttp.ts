import { Hono } from "hono";
import type { ApiEnv } from "../http";

/** Operator routes: manual balance adjustments and their second-operator approvals. */
export function adminAdjustmentsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  return r;
}
