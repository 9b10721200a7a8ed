import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import { campaigns } from "../db/schema";
import { newId } from "../lib/ids";
import {
  CAMPAIGN_MESSAGES,
  campaignDraftSchema,
  campaignSubtotal,
  memberAmount,
  priceFor,
  type CampaignDraft,
  type CampaignStatus,
  type CampaignType,
} from "../../shared/campaign";
import { PAGE_SIZE } from "../../shared/pagination";
import { DomainError } from "../lib/errors";
import {
  InsufficientFundsError,
  accountBalance,
  campaignEscrowAccount,
  lockAccounts,
  memberAccount,
  memberBalances,
  openCampaignEscrow,
  post,
} from "../ledger/ledger";
import { refuseWhileOwing } from "../ledger/debt";
import { PTC_MESSAGES } from "./messages";
import { ptcSettings, type PtcSettings } from "./settings";

/**
 * The advertiser's campaigns (issue 7): create (the subtotal moves from the deposit to the
 * campaign's own escrow), the list with its counters, pause / activate / delete, and the escrow's
 * refund when a campaign ends early (delete here, reject by an operator).
 */

/** A campaign row as stored. */
export type CampaignRow = typeof campaigns.$inferSelect;

/** Validates a create call's draft with the wizard's rules (shared/campaign.ts) and today's settings. */
export function parseDraft(settings: PtcSettings, draft: unknown): CampaignDraft {
  const parsed = campaignDraftSchema(settings).safeParse(draft);
  if (!parsed.success)
    throw new DomainError("invalid_input", parsed.error.issues[0]?.message ?? "Invalid campaign.");
  return parsed.data;
}

/**
 * Creates a campaign: its price per view from the pricing list, the viewer's share from the
 * setting, and one entry moving the subtotal from the advertiser's deposit to the campaign's
 * escrow — in one transaction. The same request id twice makes one campaign.
 */
export async function createCampaign(
  db: Db,
  input: { userId: string; draft: CampaignDraft; requestId?: string; now: Date; settings?: PtcSettings },
): Promise<{ campaignId: string; created: boolean }> {
  const settings = input.settings ?? (await ptcSettings(db));
  const { draft } = input;
  const price = priceFor(settings.pricing, draft.type, draft.durationSeconds);
  if (price === null) throw new DomainError("invalid_input", CAMPAIGN_MESSAGES.durationRequired);
  if (draft.totalViews < settings.minimumViews)
    throw new DomainError(
      "invalid_input",
      CAMPAIGN_MESSAGES.totalViewsMinimumAtCreate(settings.minimumViews),
    );
  const subtotal = campaignSubtotal(price, draft.totalViews);
  const requestId = input.requestId || null;

  const existing = async (tx: Db | Tx) =>
    requestId
      ? (
          await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.advertiserId, input.userId), eq(campaigns.requestId, requestId)))
        )[0]
      : undefined;
  const before = await existing(db);
  if (before) return { campaignId: before.id, created: false };

  try {
    return await db.transaction(async (tx) => {
      const id = newId();
      const inserted = await tx
        .insert(campaigns)
        .values({
          id,
          advertiserId: input.userId,
          type: draft.type,
          title: draft.title,
          url: draft.url,
          description: draft.description,
          durationSeconds: draft.durationSeconds,
          price,
          memberAmount: memberAmount(price, settings.memberShareBp),
          totalViews: draft.totalViews,
          intervalHours: draft.intervalHours,
          dailyLimit: draft.dailyLimit,
          requestId,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: [campaigns.advertiserId, campaigns.requestId] })
        .returning({ id: campaigns.id });
      if (!inserted[0]) {
        // A parallel call with the same request id committed first.
        const row = await existing(tx);
        if (!row) throw new DomainError("conflict", "Please try again.");
        return { campaignId: row.id, created: false };
      }
      // A member who owes after a task-wall reversal buys no campaign until earnings repay it.
      await refuseWhileOwing(tx, input.userId);
      const escrow = await openCampaignEscrow(tx, id);
      await post(tx, {
        idempotencyKey: `campaign:${id}:deposit`,
        kind: "campaign_deposit",
        userId: input.userId,
        memo: id,
        createdAt: input.now,
        lines: [
          { account: memberAccount(input.userId, "deposit"), amount: -subtotal },
          { account: escrow, amount: subtotal },
        ],
      });
      return { campaignId: id, created: true };
    });
  } catch (e) {
    if (e instanceof InsufficientFundsError)
      throw new DomainError("insufficient_balance", CAMPAIGN_MESSAGES.insufficientBalanceTitle);
    throw e;
  }
}

/**
 * Ends a campaign that still holds escrow (delete, reject): in the caller's transaction, with the
 * campaign row locked, the escrow's balance (the undelivered views × price) goes back to the
 * advertiser's deposit in one entry.
 */
export async function refundEscrow(
  tx: Tx,
  c: typeof campaigns.$inferSelect,
  reason: "delete" | "reject",
  now: Date,
): Promise<number> {
  const escrow = campaignEscrowAccount(c.id);
  const deposit = memberAccount(c.advertiserId, "deposit");
  await lockAccounts(tx, [escrow, deposit]);
  const refund = await accountBalance(tx, escrow);
  if (refund > 0)
    await post(tx, {
      idempotencyKey: `campaign:${c.id}:refund`,
      kind: "campaign_refund",
      userId: c.advertiserId,
      memo: `${c.id} ${reason}`,
      createdAt: now,
      lines: [
        { account: escrow, amount: -refund },
        { account: deposit, amount: refund },
      ],
    });
  return refund;
}

export type CampaignAction = "paused" | "active" | "delete";

/**
 * The advertiser pauses, activates or deletes one of their campaigns. Pause and activate change
 * the status only; delete refunds the undelivered views' escrow to the deposit in one entry and
 * hides the campaign. Claims lock the same row, so none credits after the change commits.
 */
export async function changeCampaign(
  db: Db,
  input: { userId: string; campaignId: string; action: CampaignAction; now: Date },
): Promise<{ deposit: number; message: string }> {
  const message = await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.advertiserId, input.userId)))
      .for("update");
    if (!c || c.status === "deleted") throw new DomainError("not_found", PTC_MESSAGES.notFound);
    if (input.action === "paused") {
      if (c.status !== "active" && c.status !== "paused")
        throw new DomainError("conflict", PTC_MESSAGES.cannotPause);
      await tx.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, c.id));
      return PTC_MESSAGES.paused;
    }
    if (input.action === "active") {
      if ((c.status !== "active" && c.status !== "paused") || c.deliveredViews >= c.totalViews)
        throw new DomainError("conflict", PTC_MESSAGES.cannotActivate);
      await tx.update(campaigns).set({ status: "active" }).where(eq(campaigns.id, c.id));
      return PTC_MESSAGES.activated;
    }
    // A rejected campaign was refunded when it was rejected.
    const refund = c.status === "rejected" ? 0 : await refundEscrow(tx, c, "delete", input.now);
    await tx
      .update(campaigns)
      .set({
        status: "deleted",
        deletedAt: input.now,
        endedAt: c.endedAt ?? input.now,
        refund: sql`${campaigns.refund} + ${refund}`,
      })
      .where(eq(campaigns.id, c.id));
    return PTC_MESSAGES.deleted;
  });
  const { deposit } = await memberBalances(db, input.userId);
  return { deposit, message };
}

export interface CampaignFilter {
  status: "all" | "active" | "paused";
  type: "all" | CampaignType;
  search: string;
  page: number;
}

/** LIKE pattern for a literal substring. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function campaignView(c: CampaignRow) {
  return {
    id: c.id,
    type: c.type,
    status: c.status as CampaignStatus | "deleted",
    title: c.title,
    description: c.description,
    url: c.url,
    durationSeconds: c.durationSeconds,
    totalViews: c.totalViews,
    deliveredViews: c.deliveredViews,
    intervalHours: c.intervalHours,
    dailyLimit: c.dailyLimit,
    price: Number(c.price),
    memberAmount: Number(c.memberAmount),
    subtotal: Number(c.price) * c.totalViews,
    spend: Number(c.price) * c.deliveredViews,
    refund: Number(c.refund),
    createdAt: c.createdAt,
  };
}
export type CampaignView = ReturnType<typeof campaignView>;

/** The advertiser list: counters over all live campaigns, and one filtered page, newest first. */
export async function advertiserSummary(db: Db, userId: string, filter: CampaignFilter) {
  const live = and(eq(campaigns.advertiserId, userId), ne(campaigns.status, "deleted"));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${campaigns.status} = 'active'))::int`,
      paused: sql<number>`(count(*) filter (where ${campaigns.status} = 'paused'))::int`,
      remaining: sql<string>`coalesce(sum(${campaigns.totalViews} - ${campaigns.deliveredViews}) filter (where ${campaigns.status} in ('active', 'paused')), 0)`,
    })
    .from(campaigns)
    .where(live);
  const conditions: (SQL | undefined)[] = [live];
  if (filter.status !== "all") conditions.push(eq(campaigns.status, filter.status));
  if (filter.type !== "all") conditions.push(eq(campaigns.type, filter.type));
  const search = filter.search.trim();
  if (search) conditions.push(sql`${campaigns.title} ilike ${likeContains(search)}`);
  const where = and(...conditions);
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(where),
    filter.page,
    PAGE_SIZE.campaigns,
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
  );
  const balances = await memberBalances(db, userId);
  return {
    total: Number(counts?.total ?? 0),
    active: Number(counts?.active ?? 0),
    paused: Number(counts?.paused ?? 0),
    remainingViews: Number(counts?.remaining ?? 0),
    campaigns: rows.map(campaignView),
    pagination,
    balances,
  };
}
