import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  clientIp,
  okRead,
  okWrite,
  readBodyAt,
  readObjAt,
  requireMember,
  siteOriginOf,
} from "../http";
import { milliToRupeeString } from "../../shared/money";
import { sanitizeHtml } from "../lib/sanitize";
import type { FirstPageAnswer, FirstPageBody } from "../../shared/contracts/shortLinks";
import { SHORT_LINK_MESSAGES, shortLinksForMember, startShortLink } from "./shortLinks";
import { claimShortLink, shortLinkTokenOf } from "./claims";
import { contentLocale } from "../content/localized";

/**
 * The member's side of short links, under /userIncomeRoute (spec 2 §3, §7; docs/api/shortlinks.md):
 * the list, the first page (start: a token and the shortener's short URL), the end page's token
 * lookup and the last page (claim).
 */

const text = (field: string, max: number) =>
  z
    .string({ invalid_type_error: `${field} must be text.` })
    .max(max, `${field} must be at most ${max} characters.`);

/** `obj_already`: what the list page knows of the link; the destination is never the client's. */
const FirstPageSchema = z
  .object({
    shortnerDomain: text("shortnerDomain", 253),
    // Both accepted for compatibility and ignored: the end page is always the site's own (siteOrigin).
    endPageRoute: text("endPageRoute", 200),
    clientOrigin: text("clientOrigin", 200),
    linkId: text("linkId", 64).optional(),
  })
  .strict() satisfies z.ZodType<FirstPageBody>;

const ClaimSchema = z
  .object({
    uniqueToken: z.unknown().transform((v, ctx) => {
      if (typeof v !== "string" || v.trim() === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SHORT_LINK_MESSAGES.tokenMissing });
        return z.NEVER;
      }
      return v.trim();
    }),
  })
  .strict();

export function shortLinksRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/user_shortlink_data_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    const d = await shortLinksForMember(deps.db, member.id, deps.clock(), siteOriginOf(c), contentLocale(c));
    return okRead(c, "/userIncomeRoute/user_shortlink_data_get", {
      shortedLinksData: d.links.map((l) => ({
        _id: l.id,
        shortnerName: l.name,
        shortnerDomain: l.shortenerDomain,
        time: l.timeLabel,
        amount: milliToRupeeString(l.amount),
        how_to_complete: l.howToComplete,
        isDisable: l.renewsAt !== null,
        expireTimer: l.renewsAt?.toISOString() ?? null,
        completedClicks: l.completedToday,
        how_much_click_allow: l.clicksPerDay,
      })),
      userAvailableBalance: milliToRupeeString(d.withdrawable),
      pendingEarnings: milliToRupeeString(d.pendingEarnings),
      today_shortLinkIncome: milliToRupeeString(d.incomeToday),
      totalLinks: d.links.length,
      completedClick: d.completedToday,
      pendingClick: d.clicksLeft,
      other_data_shortLink_instructions: d.instructions.map((html) => sanitizeHtml(html)),
    });
  });

  r.patch("/user_shortlink_firstPage_data_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("shortLinks", member.id);
    const body = await readObjAt(
      c,
      "/userIncomeRoute/user_shortlink_firstPage_data_patch",
      FirstPageSchema,
      "obj_already",
    );
    const started = await startShortLink(deps.db, {
      userId: member.id,
      linkId: body.linkId,
      shortenerDomain: body.shortnerDomain,
      ip: clientIp(c),
      now: deps.clock(),
      origin: siteOriginOf(c),
      timeoutMs: deps.config.SHORTENER_TIMEOUT_MS,
      allowPrivateTargets: deps.config.NODE_ENV !== "production",
    });
    const answer: FirstPageAnswer = started.existing
      ? { existingRecord: { shortUrl: started.shortUrl } }
      : { shortUrl: started.shortUrl };
    return okWrite(c, "/userIncomeRoute/user_shortlink_firstPage_data_patch", answer);
  });

  r.get("/user_shortlink_token_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    const found = await shortLinkTokenOf(deps.db, member.id, c.req.query("token") ?? "");
    if (!found) throw new ApiError(404, SHORT_LINK_MESSAGES.notFound);
    return okRead(c, "/userIncomeRoute/user_shortlink_token_get", {
      shortnerName: found.name,
      amount: milliToRupeeString(found.amount),
      claimableAt: found.claimableAt.toISOString(),
      expiresAt: found.expiresAt.toISOString(),
      consumed: found.consumed,
    });
  });

  r.patch("/user_shortlink_lastPage_data_patch", requireMember, async (c) => {
    const { deps, member } = c.var;
    await deps.limiter.consume("shortLinks", member.id);
    const body = await readBodyAt(c, "/userIncomeRoute/user_shortlink_lastPage_data_patch", ClaimSchema);
    const claimed = await claimShortLink(deps.db, {
      userId: member.id,
      token: body.uniqueToken,
      ip: clientIp(c),
      now: deps.clock(),
      proxyCheck: deps.proxyCheck,
    });
    return okWrite(c, "/userIncomeRoute/user_shortlink_lastPage_data_patch", {
      message: SHORT_LINK_MESSAGES.credited(claimed.amount),
      amount: milliToRupeeString(claimed.amount),
      userAvailableBalance: milliToRupeeString(claimed.withdrawable),
    });
  });

  return r;
}
