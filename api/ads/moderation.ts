import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { adCheatLog, adViews, campaigns, shortLinks, users } from "../db/schema";
import type { CampaignStatus } from "../../shared/campaign";
import { PAGE_SIZE } from "../../shared/pagination";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { PTC_MESSAGES } from "./messages";
import { campaignView, refundEscrow } from "./campaigns";

/** The operator's side of ads: every campaign, pause and reject, a campaign's views, the cheat log. */

/** Every campaign (deleted ones too), newest first, one page. */
export async function listCampaignsForOperator(
  db: Db,
  filter: { status: "all" | CampaignStatus | "deleted"; page: number },
) {
  const where = filter.status === "all" ? undefined : eq(campaigns.status, filter.status);
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(where),
    filter.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ c: campaigns, advertiser: users.userName })
      .from(campaigns)
      .leftJoin(users, eq(users.id, campaigns.advertiserId))
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
  );
  return {
    records: rows.map((r) => ({
      ...campaignView(r.c),
      advertiserId: r.c.advertiserId,
      advertiser: r.advertiser,
    })),
    pagination,
  };
}

/** An operator pauses a campaign (audited). */
export async function operatorPauseCampaign(db: Db, actorUserId: string, campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (c.status !== "active") throw new DomainError("conflict", PTC_MESSAGES.cannotPause);
    await tx.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, c.id));
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.pause",
      target: `campaign:${c.id}`,
      before: { status: c.status },
      after: { status: "paused" },
    });
  });
}

/** An operator rejects a campaign: the undelivered views' escrow goes back to the advertiser (audited). */
export async function rejectCampaign(
  db: Db,
  actorUserId: string,
  campaignId: string,
  now: Date,
): Promise<{ refund: number }> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (c.status !== "active" && c.status !== "paused")
      throw new DomainError("conflict", "Only an active or paused campaign can be rejected.");
    const refund = await refundEscrow(tx, c, "reject", now);
    await tx
      .update(campaigns)
      .set({ status: "rejected", endedAt: now, refund: sql`${campaigns.refund} + ${refund}` })
      .where(eq(campaigns.id, c.id));
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.reject",
      target: `campaign:${c.id}`,
      before: { status: c.status, deliveredViews: c.deliveredViews },
      after: { status: "rejected", refund },
    });
    return { refund };
  });
}

/** A campaign's views, newest first, one page (operators). */
export async function campaignViewLog(db: Db, campaignId: string, page: number) {
  const [exists] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!exists) throw new DomainError("not_found", PTC_MESSAGES.notFound);
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adViews)
      .where(eq(adViews.campaignId, campaignId)),
    page,
    PAGE_SIZE.operatorLists,
    db
      .select({ v: adViews, userName: users.userName })
      .from(adViews)
      .leftJoin(users, eq(users.id, adViews.userId))
      .where(eq(adViews.campaignId, campaignId))
      .orderBy(desc(adViews.startedAt), desc(adViews.id)),
  );
  return {
    records: rows.map(({ v, userName }) => ({
      id: v.id,
      userId: v.userId,
      userName,
      startedAt: v.startedAt,
      claimableAt: v.claimableAt,
      expiresAt: v.expiresAt,
      consumedAt: v.consumedAt,
      amount: v.amount === null ? null : Number(v.amount),
      ip: v.ip,
    })),
    pagination,
  };
}

/** The cheat log (ads and short links, or one channel), newest first, one page (operators). */
export async function cheatLog(db: Db, page: number, channel?: (typeof adCheatLog.$inferSelect)["channel"]) {
  const where = channel ? eq(adCheatLog.channel, channel) : undefined;
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adCheatLog)
      .where(where),
    page,
    PAGE_SIZE.operatorLists,
    db
      .select({ l: adCheatLog, userName: users.userName, title: campaigns.title, linkName: shortLinks.name })
      .from(adCheatLog)
      .leftJoin(users, eq(users.id, adCheatLog.userId))
      .leftJoin(campaigns, eq(campaigns.id, adCheatLog.campaignId))
      .leftJoin(shortLinks, eq(shortLinks.id, adCheatLog.shortLinkId))
      .where(where)
      .orderBy(desc(adCheatLog.createdAt), desc(adCheatLog.id)),
  );
  return {
    records: rows.map(({ l, userName, title, linkName }) => ({
      id: l.id,
      channel: l.channel,
      userId: l.userId,
      userName,
      campaignId: l.campaignId,
      campaignTitle: title,
      shortLinkId: l.shortLinkId,
      shortLinkName: linkName,
      reason: l.reason,
      ip: l.ip,
      time: l.createdAt,
    })),
    pagination,
  };
}
