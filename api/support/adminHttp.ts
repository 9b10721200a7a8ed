import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  readBody,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { CannedSchema, ReplySchema, StatusFilter, StatusSchema, idParam } from "./inputsHttp";
import { contactThread, listContactMessages, replyAsOperator, setMessageStatus } from "./support";
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from "./cannedReplies";
import { SUPPORT_MESSAGES, statusMessage } from "./messages";
import { setGrievanceOfficer } from "./grievance";
import { wholeNumberIn } from "../../shared/fields";
import { GRIEVANCE_CLOCK_LIMITS } from "../../shared/grievance";

/** The grievance officer's details and clocks (owner): each text bounded, the clocks whole numbers. */
const GrievanceOfficerSchema = z
  .object({
    name: z.string().trim().max(120, "name must be at most 120 characters."),
    email: z.union([z.literal(""), z.string().trim().email("email must be an e-mail address.").max(254)]),
    address: z.string().trim().max(500, "address must be at most 500 characters."),
    acknowledge_hours: wholeNumberIn(
      GRIEVANCE_CLOCK_LIMITS.acknowledge_hours,
      "acknowledge_hours must be from 1 to 24.",
      "Required",
    ),
    resolve_days: wholeNumberIn(
      GRIEVANCE_CLOCK_LIMITS.resolve_days,
      "resolve_days must be from 1 to 15.",
      "Required",
    ),
  })
  .strict();

/** Operator routes: support messages, replies, canned replies (docs/api/admin.md#support). */
export function adminSupportRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const support = [requireMember, requireRole("support")] as const;

  // PATCH /adminRoute/grievance/settings: the owner names the grievance officer (issue 44), audited.
  r.patch("/grievance/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBody(c, GrievanceOfficerSchema);
    await setGrievanceOfficer(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/grievance/settings", "Grievance officer saved.");
  });

  r.get("/messages", ...support, async (c) => {
    const parsed = StatusFilter.safeParse(c.req.query("status") || "all");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid status.");
    return okRead(
      c,
      "/adminRoute/messages",
      await listContactMessages(c.var.deps.db, {
        status: parsed.data,
        page: pageQuery(c),
      }),
    );
  });

  r.get("/messages/:id", ...support, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.notFound);
    return okRead(c, "/adminRoute/messages/:id", await contactThread(c.var.deps.db, id));
  });

  r.post("/messages/:id/reply", ...support, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.notFound);
    const { body } = await readBodyAt(c, "/adminRoute/messages/:id/reply", ReplySchema);
    const { mailed } = await replyAsOperator(c.var.deps, {
      messageId: id,
      operatorId: c.var.member.id,
      body,
    });
    return okWrite(
      c,
      "/adminRoute/messages/:id/reply",
      mailed ? SUPPORT_MESSAGES.replied : SUPPORT_MESSAGES.repliedMailFailed,
    );
  });

  r.post("/messages/:id/status", ...support, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.notFound);
    const { status } = await readBodyAt(c, "/adminRoute/messages/:id/status", StatusSchema);
    await setMessageStatus(c.var.deps.db, {
      messageId: id,
      operatorId: c.var.member.id,
      status,
      now: c.var.deps.clock(),
    });
    return okWrite(c, "/adminRoute/messages/:id/status", statusMessage(status));
  });

  r.get("/canned-replies", ...support, async (c) =>
    okRead(c, "/adminRoute/canned-replies", { records: await listCannedReplies(c.var.deps.db) }),
  );

  r.post("/canned-replies", ...support, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/canned-replies", CannedSchema);
    await createCannedReply(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/canned-replies", SUPPORT_MESSAGES.cannedSaved);
  });

  r.patch("/canned-replies/:id", ...support, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.cannedNotFound);
    const body = await readBodyAt(c, "/adminRoute/canned-replies/:id", CannedSchema);
    await updateCannedReply(c.var.deps.db, c.var.member.id, id, body);
    return okWrite(c, "/adminRoute/canned-replies/:id", SUPPORT_MESSAGES.cannedSaved);
  });

  r.delete("/canned-replies/:id", ...support, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.cannedNotFound);
    await deleteCannedReply(c.var.deps.db, c.var.member.id, id);
    return okWrite(c, "/adminRoute/canned-replies/:id", SUPPORT_MESSAGES.cannedDeleted);
  });

  return r;
}
