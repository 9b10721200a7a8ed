import { Hono } from "hono";
import { clientIp, ok, pageQuery, readBody, requireMember, type ApiEnv } from "../http";
import type { MissingCreditFiled, MyMessageList, OpenedWallList } from "../../shared/contracts/support";
import { MissingCreditSchema, ReplySchema, idParam } from "./inputsHttp";
import { fileMissingCredit, listMyMessages, openedWalls, replyAsMember } from "./memberSupport";
import { SUPPORT_MESSAGES } from "./messages";

/** Member routes: the support page's threads and missing-credit reports (docs/api/admin.md#support). */
export function memberSupportRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/my-messages", requireMember, async (c) =>
    ok(c, (await listMyMessages(c.var.deps.db, c.var.member.id, pageQuery(c))) satisfies MyMessageList),
  );

  r.post("/my-messages/:id/reply", requireMember, async (c) => {
    const id = idParam(c.req.param("id"), SUPPORT_MESSAGES.notFound);
    const { body } = await readBody(c, ReplySchema);
    await c.var.deps.limiter.consume("contact", clientIp(c));
    await replyAsMember(c.var.deps.db, {
      messageId: id,
      userId: c.var.member.id,
      body,
      now: c.var.deps.clock(),
    });
    return ok(c, SUPPORT_MESSAGES.followUp);
  });

  r.get("/task-walls-opened", requireMember, async (c) =>
    ok(c, {
      records: await openedWalls(c.var.deps.db, c.var.member.id, c.var.deps.clock()),
    } satisfies OpenedWallList),
  );

  r.post("/missing-credit", requireMember, async (c) => {
    const input = await readBody(c, MissingCreditSchema);
    await c.var.deps.limiter.consume("contact", clientIp(c));
    return ok(
      c,
      (await fileMissingCredit(
        c.var.deps.db,
        c.var.member.id,
        input,
        c.var.deps.clock(),
      )) satisfies MissingCreditFiled,
    );
  });

  return r;
}
