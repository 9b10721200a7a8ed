import { Hono } from "hono";
import { ok, requireMember, requireRole, type ApiEnv } from "../http";
import { listContactMessages } from "../content/contact";
import type { ContactMessageList } from "../../shared/contracts/operators";

/** Operator routes: support messages, replies, canned replies. */
export function adminSupportRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/messages", requireMember, requireRole("support"), async (c) =>
    ok(c, { records: await listContactMessages(c.var.deps.db) } satisfies ContactMessageList),
  );

  return r;
}
