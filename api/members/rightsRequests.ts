import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberErasures, rightsRequests, users, type RightsRequestKind } from "../db/schema";
import { getSetting, updateSettingAudited } from "../site/settings";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";
import type { RightsRequestList } from "../../shared/contracts/rights";

/**
 * Members' rights requests (issue 44 §2): each export, erasure or correction is a request on the
 * owner's clock (`rights_request_days`, default 7) — open until answered, due that many days
 * after it was made. The site answers the ones it fulfils by itself (an export made, an erasure
 * done, a correction saved); the console lists the open ones, overdue first, and an operator
 * answers the rest (audited).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const RIGHTS_DAYS_MIN = 1;
export const RIGHTS_DAYS_MAX = 90;

/** Opens a request in the caller's transaction; answers its id. */
export async function openRightsRequest(
  tx: Tx,
  input: { userId: string; kind: RightsRequestKind; now: Date; detail?: Record<string, unknown> },
): Promise<number> {
  const days = await getSetting(tx, "rights_request_days");
  const [row] = await tx
    .insert(rightsRequests)
    .values({
      userId: input.userId,
      kind: input.kind,
      dueAt: new Date(input.now.getTime() + days * DAY_MS),
      detail: input.detail ?? {},
      createdAt: input.now,
    })
    .returning({ id: rightsRequests.id });
  return row!.id;
}

/** A request fulfilled (or refused) by the site itself, in the caller's transaction. */
export async function answerBySite(
  tx: Tx,
  id: number,
  status: "done" | "refused",
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .update(rightsRequests)
    .set({
      status,
      answeredAt: now,
      detail: sql`${rightsRequests.detail} || ${JSON.stringify(detail)}::jsonb`,
    })
    .where(and(eq(rightsRequests.id, id), eq(rightsRequests.status, "open")));
}

/** A request made and answered at once (a correction saved): on the clock's record all the same. */
export async function recordAnsweredRequest(
  tx: Tx,
  input: { userId: string; kind: RightsRequestKind; now: Date; detail?: Record<string, unknown> },
): Promise<void> {
  const id = await openRightsRequest(tx, input);
  await answerBySite(tx, id, "done", input.now);
}

/** The console's list: open requests first (due first, so overdue ones lead), then the answered, newest first. */
export async function listRightsRequests(
  db: Db,
  opts: { page: number; status: "open" | "all"; now: Date },
): Promise<RightsRequestList> {
  const where = opts.status === "open" ? eq(rightsRequests.status, "open") : undefined;
  const [[total], days] = await Promise.all([
    db.select({ n: count() }).from(rightsRequests).where(where),
    getSetting(db, "rights_request_days"),
  ]);
  const pagination = pageOf(opts.page, PAGE_SIZE.operatorLists, Number(total?.n ?? 0));
  const rows = await db
    .select({
      r: rightsRequests,
      userName: users.userName,
      erasedAt: memberErasures.erasedAt,
    })
    .from(rightsRequests)
    .leftJoin(users, eq(users.id, rightsRequests.userId))
    .leftJoin(memberErasures, eq(memberErasures.userId, rightsRequests.userId))
    .where(where)
    .orderBy(
      sql`case when ${rightsRequests.status} = 'open' then 0 else 1 end`,
      sql`case when ${rightsRequests.status} = 'open' then ${rightsRequests.dueAt} end asc`,
      desc(rightsRequests.createdAt),
      asc(rightsRequests.id),
    )
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  const now = opts.now.getTime();
  return {
    records: rows.map(({ r, userName, erasedAt }) => ({
      id: r.id,
      member_id: r.userId,
      // An erased member is never shown by the name they had.
      member: erasedAt ? null : (userName ?? null),
      erased: Boolean(erasedAt),
      kind: r.kind,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      due_at: r.dueAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      age_hours: Math.floor(((r.answeredAt?.getTime() ?? now) - r.createdAt.getTime()) / (60 * 60 * 1000)),
      overdue: r.status === "open" && now > r.dueAt.getTime(),
      note: typeof r.detail.note === "string" ? r.detail.note : null,
    })),
    status: opts.status,
    rights_request_days: days,
    pagination,
  };
}

/** How many requests are open and how many of them are past their due time (the overview's card). */
export async function rightsRequestCounts(db: Db, now: Date): Promise<{ open: number; overdue: number }> {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${rightsRequests.dueAt} < ${now.toISOString()}::timestamptz)`,
    })
    .from(rightsRequests)
    .where(eq(rightsRequests.status, "open"));
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export const RIGHTS_MESSAGES = {
  notFound: "Request not found.",
  answeredAlready: "This request was answered already.",
  answered: "Request answered.",
  settingsSaved: "Rights request time saved.",
} as const;

/** An operator answers an open request (done or refused, with a note): audited with before and after. */
export async function answerRightsRequest(
  db: Db,
  input: { id: number; actorUserId: string; status: "done" | "refused"; note: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(rightsRequests)
      .where(eq(rightsRequests.id, input.id))
      .for("update");
    if (!before) throw new DomainError("not_found", RIGHTS_MESSAGES.notFound);
    if (before.status !== "open") throw new DomainError("conflict", RIGHTS_MESSAGES.answeredAlready);
    await tx
      .update(rightsRequests)
      .set({
        status: input.status,
        answeredAt: input.now,
        answeredBy: input.actorUserId,
        detail: { ...before.detail, note: input.note },
      })
      .where(eq(rightsRequests.id, input.id));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "rights_request.answer",
      target: `rights_request:${input.id}`,
      before: { status: before.status },
      after: { status: input.status, note: input.note },
    });
  });
}

/** The owner sets the days within which requests are answered (audited). */
export async function setRightsRequestDays(db: Db, actorUserId: string, days: number): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "rights_request_days",
    value: days,
    action: "rights_request.days",
  });
}
