import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { LIMIT_MESSAGES, cancelLimitChange, listLimitChanges } from "./limits";

const StatusQuery = z.enum(["scheduled", "applied", "cancelled", "replaced", "all"], {
  errorMap: () => ({ message: "status must be scheduled, applied, cancelled, replaced or all." }),
});
const Empty = z.object({}).strict();

/** Operator routes: raises of money limits waiting out their delay, and cancelling one (owner). */
export function adminLimitsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/limitChanges", requireMember, requireRole("owner"), async (c) => {
    const parsed = StatusQuery.safeParse(c.req.query("status") ?? "scheduled");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    const list = await listLimitChanges(c.var.deps.db, { status: parsed.data, page: pageQuery(c) });
    return okRead(c, "/adminRoute/limitChanges", list);
  });

  r.post("/limitChanges/:id/cancel", requireMember, requireRole("owner"), async (c) => {
    const id = c.req.param("id");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(404, LIMIT_MESSAGES.notFound);
    await readBodyAt(c, "/adminRoute/limitChanges/:id/cancel", Empty);
    return okWrite(
      c,
      "/adminRoute/limitChanges/:id/cancel",
      await cancelLimitChange(c.var.deps.db, { id, actorUserId: c.var.member.id }),
    );
  });

  return r;
}
