import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, pageQuery, readBodyAt, requireMember, requireRole } from "../http";
import { DomainError } from "../lib/errors";
import { wholeNumberIn } from "../lib/fields";
import {
  answerRightsRequest,
  listRightsRequests,
  RIGHTS_DAYS_MAX,
  RIGHTS_DAYS_MIN,
  RIGHTS_MESSAGES,
  setRightsRequestDays,
} from "./rightsRequests";

/**
 * The operators' rights requests over HTTP (issue 44 §2, docs/api/my-data.md): the list (owner and
 * support) with each request's age and due time, answering one (audited), and the owner's clock
 * setting. The member's own routes are api/accounts/rightsHttp.ts.
 */

const AnswerBody = z
  .object({
    status: z.enum(["done", "refused"], { message: "status must be done or refused." }),
    note: z.string().trim().min(1, "note is required.").max(1000, "note is at most 1000 characters."),
  })
  .strict();
const SettingsBody = z
  .object({ rights_request_days: wholeNumberIn("rights_request_days", RIGHTS_DAYS_MIN, RIGHTS_DAYS_MAX) })
  .strict();

export function adminRightsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/rights-requests", requireMember, requireRole("owner", "support"), async (c) => {
    const status = c.req.query("status") === "all" ? "all" : "open";
    return okRead(
      c,
      "/adminRoute/rights-requests",
      await listRightsRequests(c.var.deps.db, { page: pageQuery(c), status, now: c.var.deps.clock() }),
    );
  });

  r.post("/rights-requests/:id/answer", requireMember, requireRole("owner", "support"), async (c) => {
    const raw = c.req.param("id");
    const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    if (!id) throw new DomainError("not_found", RIGHTS_MESSAGES.notFound);
    const body = await readBodyAt(c, "/adminRoute/rights-requests/:id/answer", AnswerBody);
    await answerRightsRequest(c.var.deps.db, {
      id,
      actorUserId: c.var.member.id,
      status: body.status,
      note: body.note,
      now: c.var.deps.clock(),
    });
    return okWrite(c, "/adminRoute/rights-requests/:id/answer", RIGHTS_MESSAGES.answered);
  });

  r.patch("/rights-requests/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/rights-requests/settings", SettingsBody);
    await setRightsRequestDays(c.var.deps.db, c.var.member.id, body.rights_request_days);
    return okWrite(c, "/adminRoute/rights-requests/settings", RIGHTS_MESSAGES.settingsSaved);
  });

  return r;
}
