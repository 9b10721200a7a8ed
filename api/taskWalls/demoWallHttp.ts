import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, readBodyAt, requireMember } from "../http";
import { DomainError } from "../lib/errors";
import { DEMO_MESSAGES, completeDemoOffer, demoOffers, demoWallServed } from "./demoWall";

/**
 * The demo network, served by the site (docs/api/taskwalls.md): its offers for a member, and
 * completing one (which sends a signed postback to the site's own endpoint). A member may act
 * only as themself: `user_id` must be the session's member. Only on a demo install: elsewhere
 * every path answers 404, before anything else.
 */

const CompleteSchema = z
  .object({
    user_id: z
      .string({ invalid_type_error: "user_id must be text.", required_error: "user_id is required." })
      .max(64),
    offer_id: z
      .string({ invalid_type_error: "offer_id must be text.", required_error: "offer_id is required." })
      .max(64),
  })
  .strict();

function requireSelf(memberId: string, userId: string | undefined): void {
  if (userId !== memberId) throw new DomainError("forbidden", DEMO_MESSAGES.notYou);
}

export function demoWallRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.use("*", async (c, next) => {
    if (!demoWallServed(c.var.deps.config)) throw new DomainError("not_found", DEMO_MESSAGES.unavailable);
    await next();
  });

  r.get("/offers", requireMember, async (c) => {
    const { deps, member } = c.var;
    requireSelf(member.id, c.req.query("user_id"));
    return okRead(c, "/demoWall/offers", await demoOffers(deps.db, member.id));
  });

  r.post("/complete", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("money", member.id);
    const body = await readBodyAt(c, "/demoWall/complete", CompleteSchema);
    requireSelf(member.id, body.user_id);
    return okWrite(c, "/demoWall/complete", await completeDemoOffer(deps, member.id, body.offer_id));
  });

  return r;
}
