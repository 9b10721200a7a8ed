import { Hono } from "hono";
import { type ApiEnv, clientIp, okRead, okWrite, pageQuery, readBodyAt, requireMember } from "../http";
import { MissingCreditSchema, ReplySchema, idParam } from "./inputsHttp";
import { fileMissingCredit, listMyMessages, openedWalls, replyAsMember } from "./memberSupport";
import { SUPPORT_MESSAGES } from "./messages";

/** Member routes: the support page's threads and missing-credit reports (docs/api/admin.md#support). */
export function memberSupportRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/my-messages", requireMember, async (c) =>
    okRead(
      c,
      "/userMessageRoute/my-messages",
      await listMyMessages(c.var.deps.db, c.var.member.id, pageQuery(c)),
    ),
  );

  r.post("/my-messages/:id/reply", requireMember, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.notFound);
    const { body } = await readBodyAt(c, "/userMessageRoute/my-messages/:id/reply", ReplySchema);
    await c.var.deps.limiter.consume("contact", clientIp(c));
    await replyAsMember(c.var.deps.db, {
      messageId: id,
      userId: c.var.member.id,
      body,
      now: c.var.deps.clock(),
    });
    return okWrite(c, "/userMessageRoute/my-messages/:id/reply", SUPPORT_MESSAGES.followUp);
  });

  r.get("/task-walls-opened", requireMember, async (c) =>
    okRead(c, "/userMessageRoute/task-walls-opened", {
      records: await openedWalls(c.var.deps.db, c.var.member.id, c.var.deps.clock()),
    }),
  );

  r.post("/missing-credit", requireMember, async (c) => {
    const input = await readBodyAt(c, "/userMessageRoute/missing-credit", MissingCreditSchema);
    await c.var.deps.limiter.consume("contact", clientIp(c));
    return okWrite(
      c,
      "/userMessageRoute/missing-credit",
      await fileMissingCredit(c.var.deps.db, c.var.member.id, input, c.var.deps.clock()),
    );
  });

  return r;
}
