import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paged } from "../db/paging";
import { giftCodes, limitChanges, settings, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { newId } from "../lib/ids";
import { recordAudit } from "./audit";
import { SETTING_DEFAULTS, getSetting, setSetting, type SettingKey, type SettingValue } from "./settings";
import { milliToRupeeString } from "../../shared/money";
import { PAGE_SIZE } from "../../shared/pagination";
import type { LimitChangeList, LimitChangeRecord, LimitChangeStatus } from "../../shared/contracts/limits";

/**
 * Money limits that one owner cannot raise alone (issue 42, ADR 0030). Lowering a limit takes
 * effect at once; raising one is scheduled: it takes effect LIMIT_RAISE_DELAY_HOURS later unless an
 * owner cancels it first, and every owner sees it on the overview meanwhile. A site with a single
 * owner still works: its raise takes effect after the delay. The same delay opens a gift code
 * whose total value is above the gift-code threshold (api/giftCodes).
 *
 * The value in force is read by `moneyLimit`: a scheduled raise whose time has come counts at
 * once, before anything has written it into the settings (which `applyDueLimitChanges` does when
 * an owner next looks), so no timer decides when money rules change.
 */

export const LIMIT_RAISE_DELAY_HOURS = 24;

export type MoneyLimitKey = "adjustment_approval_threshold" | "payout_policy" | "gift_code_four_eyes_above";

/** The actor of a raise that took effect by itself, in the audit log. */
export const LIMITS_ACTOR = "system:limits";

export const LIMIT_MESSAGES = {
  saved: "Saved.",
  scheduled: (when: string) =>
    `Saved. Raising a money limit takes effect in ${LIMIT_RAISE_DELAY_HOURS} hours (${when}) unless an owner cancels it on the overview; lowering takes effect at once.`,
  notFound: "Limit change not found.",
  notScheduled: "This change already took effect or was cancelled.",
  cancelled: "Cancelled: the limit stays as it is.",
} as const;

type Policy = { daily_limit: number; four_eyes_above: number };

const whole = (v: unknown, fallback: number) =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : fallback;

/** A stored value read strictly: anything unreadable is the default. */
const NORMALIZE: { [K in MoneyLimitKey]: (v: unknown) => SettingValue<K> } = {
  adjustment_approval_threshold: (v) => whole(v, SETTING_DEFAULTS.adjustment_approval_threshold),
  gift_code_four_eyes_above: (v) => whole(v, SETTING_DEFAULTS.gift_code_four_eyes_above),
  payout_policy: (v) => {
    const p = (v && typeof v === "object" ? v : {}) as Partial<Policy>;
    return {
      daily_limit: whole(p.daily_limit, SETTING_DEFAULTS.payout_policy.daily_limit),
      four_eyes_above: whole(p.four_eyes_above, SETTING_DEFAULTS.payout_policy.four_eyes_above),
    };
  },
};

/** A daily limit of 0 means none: the loosest of all. */
const tighterDaily = (a: number, b: number) => (a === 0 ? b : b === 0 ? a : Math.min(a, b));

/** Of the value in force and the one asked for, what may apply at once: the tighter, part by part. */
const TIGHTER: { [K in MoneyLimitKey]: (now: SettingValue<K>, asked: SettingValue<K>) => SettingValue<K> } = {
  adjustment_approval_threshold: (a, b) => Math.min(a, b),
  gift_code_four_eyes_above: (a, b) => Math.min(a, b),
  payout_policy: (a, b) => ({
    daily_limit: tighterDaily(a.daily_limit, b.daily_limit),
    four_eyes_above: Math.min(a.four_eyes_above, b.four_eyes_above),
  }),
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const subjectOf = (key: MoneyLimitKey) => `setting:${key}`;
const due = () => sql`now()`;

/** The limit in force: a scheduled raise whose time has come, else the stored setting. */
export async function moneyLimit<K extends MoneyLimitKey>(db: Db | Tx, key: K): Promise<SettingValue<K>> {
  const [raised] = await db
    .select({ after: limitChanges.after })
    .from(limitChanges)
    .where(
      and(
        eq(limitChanges.subject, subjectOf(key)),
        eq(limitChanges.status, "scheduled"),
        lte(limitChanges.effectiveAt, due()),
      ),
    );
  const value = raised ? raised.after : await getSetting(db, key as SettingKey);
  return NORMALIZE[key](value) as SettingValue<K>;
}

/**
 * Writes the scheduled raises whose time has come (of one subject, or all) into the settings,
 * each audited under `system:limits`. Called inside the transaction of every limit change, and
 * when owners look at the overview or the list of changes.
 */
async function applyDue(tx: Tx, subject?: string): Promise<void> {
  const applied = await tx
    .update(limitChanges)
    .set({ status: "applied", decidedAt: sql`now()` })
    .where(
      and(
        eq(limitChanges.status, "scheduled"),
        lte(limitChanges.effectiveAt, due()),
        subject ? eq(limitChanges.subject, subject) : undefined,
      ),
    )
    .returning();
  for (const change of applied) {
    const key = change.subject.startsWith("setting:") ? (change.subject.slice(8) as MoneyLimitKey) : null;
    if (key) await setSetting(tx, key, change.after as SettingValue<typeof key>);
    await recordAudit(tx, {
      actorUserId: LIMITS_ACTOR,
      action: "limits.apply",
      target: key ? `settings:${key}` : change.subject,
      before: { value: change.before, requested_by: change.requestedBy },
      after: { value: change.after, change: change.id },
    });
  }
}

export async function applyDueLimitChanges(db: Db): Promise<void> {
  const [any] = await db
    .select({ id: limitChanges.id })
    .from(limitChanges)
    .where(and(eq(limitChanges.status, "scheduled"), lte(limitChanges.effectiveAt, due())))
    .limit(1);
  if (any) await db.transaction((tx) => applyDue(tx));
}

export interface LimitChangeOutcome<K extends MoneyLimitKey> {
  /** The value in force after this change. */
  now: SettingValue<K>;
  /** The raise waiting out its delay, if the change asked for one. */
  scheduled: { id: string; value: SettingValue<K>; effectiveAt: Date } | null;
  message: string;
}

/**
 * An owner's change of a money limit, in one transaction, audited: what tightens applies now, a
 * raise is scheduled (replacing any raise of the same limit still waiting). Two owners changing
 * the same limit at once queue on the setting's row.
 */
export async function changeMoneyLimit<K extends MoneyLimitKey>(
  db: Db,
  input: { actorUserId: string; key: K; value: SettingValue<K>; action: string },
): Promise<LimitChangeOutcome<K>> {
  const { key } = input;
  const subject = subjectOf(key);
  return db.transaction(async (tx) => {
    // The setting's row exists and is locked: changes of one limit run one after another.
    await tx
      .insert(settings)
      .values({ key, value: SETTING_DEFAULTS[key] })
      .onConflictDoNothing({ target: settings.key });
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, key)).for("update");
    await applyDue(tx, subject);
    const current = NORMALIZE[key](await getSetting(tx, key as SettingKey)) as SettingValue<K>;
    const asked = NORMALIZE[key](input.value) as SettingValue<K>;
    const now = TIGHTER[key](current, asked) as SettingValue<K>;
    const [replaced] = await tx
      .update(limitChanges)
      .set({ status: "replaced", decidedBy: input.actorUserId, decidedAt: sql`now()` })
      .where(and(eq(limitChanges.subject, subject), eq(limitChanges.status, "scheduled")))
      .returning();
    if (!same(now, current)) await setSetting(tx, key, now);
    let scheduled: LimitChangeOutcome<K>["scheduled"] = null;
    if (!same(asked, now)) {
      const [row] = await tx
        .insert(limitChanges)
        .values({
          id: newId(),
          subject,
          before: now,
          after: asked,
          status: "scheduled",
          requestedBy: input.actorUserId,
          effectiveAt: sql`now() + make_interval(hours => ${LIMIT_RAISE_DELAY_HOURS})`,
        })
        .returning();
      scheduled = { id: row!.id, value: asked, effectiveAt: row!.effectiveAt };
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.action,
      target: `settings:${key}`,
      before: { [key]: current, scheduled: replaced ? replaced.after : null },
      after: {
        [key]: now,
        scheduled: scheduled ? asked : null,
        effective_at: scheduled ? scheduled.effectiveAt.toISOString() : null,
      },
    });
    return {
      now,
      scheduled,
      message: scheduled
        ? LIMIT_MESSAGES.scheduled(scheduled.effectiveAt.toISOString())
        : LIMIT_MESSAGES.saved,
    };
  });
}

/**
 * Schedules the opening of a large gift code (inside its creation's transaction): the code's
 * `active_from` is the change's `effective_at`, and cancelling the change disables the code.
 */
export async function scheduleGiftCode(
  tx: Tx,
  input: { actorUserId: string; giftCodeId: number; summary: Record<string, unknown> },
): Promise<Date> {
  const [row] = await tx
    .insert(limitChanges)
    .values({
      id: newId(),
      subject: `gift_code:${input.giftCodeId}`,
      before: null,
      after: input.summary,
      status: "scheduled",
      requestedBy: input.actorUserId,
      effectiveAt: sql`now() + make_interval(hours => ${LIMIT_RAISE_DELAY_HOURS})`,
    })
    .returning({ effectiveAt: limitChanges.effectiveAt });
  return row!.effectiveAt;
}

/** An owner cancels a scheduled raise before it takes effect (a gift code's: the code is disabled). */
export async function cancelLimitChange(db: Db, input: { id: string; actorUserId: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(limitChanges)
      .set({ status: "cancelled", decidedBy: input.actorUserId, decidedAt: sql`now()` })
      .where(
        and(
          eq(limitChanges.id, input.id),
          eq(limitChanges.status, "scheduled"),
          sql`${limitChanges.effectiveAt} > now()`,
        ),
      )
      .returning();
    if (!row) {
      const [known] = await tx
        .select({ id: limitChanges.id })
        .from(limitChanges)
        .where(eq(limitChanges.id, input.id));
      throw known
        ? new DomainError("already_settled", LIMIT_MESSAGES.notScheduled)
        : new DomainError("not_found", LIMIT_MESSAGES.notFound);
    }
    if (row.subject.startsWith("gift_code:")) {
      await tx
        .update(giftCodes)
        .set({ disabledAt: sql`now()`, disabledBy: input.actorUserId })
        .where(and(eq(giftCodes.id, Number(row.subject.slice(10))), sql`${giftCodes.disabledAt} is null`));
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "limits.cancel",
      target: row.subject.startsWith("setting:") ? `settings:${row.subject.slice(8)}` : row.subject,
      before: { value: row.before, scheduled: row.after, requested_by: row.requestedBy },
      after: { value: row.before, scheduled: null },
    });
    return LIMIT_MESSAGES.cancelled;
  });
}

/** How a change's value reads for people: rupees for the thresholds, both parts of the policy. */
function describe(subject: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (subject === subjectOf("payout_policy")) {
    const p = NORMALIZE.payout_policy(value);
    const daily =
      p.daily_limit === 0 ? "no daily limit" : `daily limit ₹${milliToRupeeString(p.daily_limit)}`;
    return `${daily}, four eyes above ₹${milliToRupeeString(p.four_eyes_above)}`;
  }
  if (subject.startsWith("gift_code:")) {
    const g = value as { code?: string; total_value?: string };
    return `${g.code ?? "?"}: total value ₹${g.total_value ?? "?"}`;
  }
  return typeof value === "number" ? `₹${milliToRupeeString(value)}` : JSON.stringify(value);
}

const LIMIT_NAMES: Record<string, string> = {
  [subjectOf("adjustment_approval_threshold")]: "Adjustment approval threshold",
  [subjectOf("payout_policy")]: "Payout policy",
  [subjectOf("gift_code_four_eyes_above")]: "Gift-code threshold",
};

/** The changes of money limits, newest first: scheduled ones (or all), paged. */
export async function listLimitChanges(
  db: Db,
  input: { status: LimitChangeStatus | "all"; page: number },
): Promise<LimitChangeList> {
  await applyDueLimitChanges(db);
  const where = input.status === "all" ? undefined : eq(limitChanges.status, input.status);
  const { pagination, rows } = await paged(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(limitChanges)
      .where(where),
    input.page,
    PAGE_SIZE.operatorLists,
    db
      .select({ c: limitChanges, requester: users.userName })
      .from(limitChanges)
      .leftJoin(users, eq(users.id, limitChanges.requestedBy))
      .where(where)
      .orderBy(desc(limitChanges.createdAt), desc(limitChanges.id)),
  );
  return {
    records: rows.map(({ c, requester }): LimitChangeRecord => ({
      id: c.id,
      subject: c.subject,
      name: LIMIT_NAMES[c.subject] ?? (c.subject.startsWith("gift_code:") ? "Gift code" : c.subject),
      before: describe(c.subject, c.before),
      after: describe(c.subject, c.after),
      status: c.status,
      requested_by: requester ?? c.requestedBy,
      requested_at: c.createdAt.toISOString(),
      effective_at: c.effectiveAt.toISOString(),
    })),
    pagination,
    delay_hours: LIMIT_RAISE_DELAY_HOURS,
  };
}

/** The raise of one limit waiting out its delay, if any. */
export async function scheduledRaise<K extends MoneyLimitKey>(
  db: Db | Tx,
  key: K,
): Promise<{ id: string; value: SettingValue<K>; effectiveAt: Date } | null> {
  const [row] = await db
    .select({ id: limitChanges.id, after: limitChanges.after, effectiveAt: limitChanges.effectiveAt })
    .from(limitChanges)
    .where(
      and(
        eq(limitChanges.subject, subjectOf(key)),
        eq(limitChanges.status, "scheduled"),
        sql`${limitChanges.effectiveAt} > now()`,
      ),
    );
  return row
    ? { id: row.id, value: NORMALIZE[key](row.after) as SettingValue<K>, effectiveAt: row.effectiveAt }
    : null;
}
