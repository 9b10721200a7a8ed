import { and, count, eq, gte, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { journalEntries, taskWalls } from "../db/schema";
import type { RealtimeNotifier } from "../deps";
import { milliToRupeeString } from "../../shared/money";
import { TASK_WALL_BALANCE_EVENT, type TaskWallBalance } from "../../shared/taskWall";
import { incomeToday } from "../ledger/earnings";
import { istDayStart } from "../ledger/earningKinds";
import { memberBalances } from "../ledger/ledger";
import { DEMO_WALL_ID, USER_ID_PLACEHOLDER, demoWallServed, listTaskWalls, type TaskWall } from "./config";
import { pendingAccount, pendingCredits, releaseDueCredits } from "../ledger/holds";
import { ledgerAccounts } from "../db/schema";
import { log } from "../../shared/log.server";
import { pick } from "../content/localized";
import type { Locale } from "../../shared/i18n/locale";

/**
 * Task walls as members see them (spec 2 §3, §7): the walls shown, each with the member's frame
 * address, the task-wall balance, and its push to the member's sockets after a credit.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the demo wall's being served depends on (demoWallServed). */
export type DemoConfig = Parameters<typeof demoWallServed>[0];

/** The frame address of a wall for a member: the template with the member's id, URL-encoded. */
export const frameUrlFor = (w: Pick<TaskWall, "frameUrlTemplate">, userId: string) =>
  w.frameUrlTemplate.split(USER_ID_PLACEHOLDER).join(encodeURIComponent(userId));

/** The walls a member is shown: the enabled ones, without the demo wall unless it is served. */
const shownToMembers = (demoWall: boolean) =>
  demoWall ? eq(taskWalls.enabled, true) : and(eq(taskWalls.enabled, true), ne(taskWalls.id, DEMO_WALL_ID));

/**
 * The task-wall balance (spec 2 §3): withdrawable, today's task-wall income and credits (IST), and
 * the walls shown (`demoWall`: whether this install serves the demo wall, demoWallServed); and
 * the task-wall credits still on hold (`pending_offerWall`).
 */
export async function taskWallBalance(
  db: Db,
  userId: string,
  now: Date,
  opts: { demoWall: boolean },
): Promise<TaskWallBalance> {
  const dayStart = istDayStart(now);
  const [balances, income, [completed], [walls], [pending]] = await Promise.all([
    memberBalances(db, userId),
    incomeToday(db, userId, "offerWall", now),
    // Credits are the member's offerWall earning entries (the seed's history has entries only).
    db
      .select({ n: count() })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          eq(journalEntries.kind, "offerWall"),
          gte(journalEntries.createdAt, dayStart),
          lt(journalEntries.createdAt, new Date(dayStart.getTime() + DAY_MS)),
        ),
      ),
    db.select({ n: count() }).from(taskWalls).where(shownToMembers(opts.demoWall)),
    db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, pendingAccount(userId))),
  ]);
  return {
    available_balance: milliToRupeeString(balances.withdrawable),
    pending_offerWall: milliToRupeeString(Number(pending?.balance ?? 0)),
    today_offerWallIncome: milliToRupeeString(income),
    total_offerWall: Number(walls?.n ?? 0),
    today_completed: Number(completed?.n ?? 0),
  };
}

/**
 * The Task Walls page: the enabled walls with the member's frame address, the balance, and the
 * credits on hold (the first 5); the demo wall only where it is served (`demoWall`). Credits whose
 * hold has ended are released first.
 */
export async function taskWallsForMember(
  db: Db,
  userId: string,
  now: Date,
  opts: { demoWall: boolean; locale?: Locale },
) {
  await releaseDueCredits(db, { userId, now });
  const [walls, balance, pending] = await Promise.all([
    listTaskWalls(db, { enabledOnly: true }),
    taskWallBalance(db, userId, now, opts),
    pendingCredits(db, userId),
  ]);
  return {
    pending,
    walls: walls
      .filter((w) => opts.demoWall || w.id !== DEMO_WALL_ID)
      .map((w) => ({
        id: w.id,
        name: pick(opts.locale ?? "en", w.name, w.nameHi),
        frameUrl: frameUrlFor(w, userId),
      })),
    balance,
  };
}

/** Pushes the member's new task-wall balance to their task-wall sockets (after a commit). */
export async function pushTaskWallBalance(
  deps: { db: Db; realtime: RealtimeNotifier; config: DemoConfig },
  userId: string,
  now: Date,
): Promise<void> {
  if (!deps.realtime.live) return;
  try {
    const msg = await taskWallBalance(deps.db, userId, now, { demoWall: demoWallServed(deps.config) });
    deps.realtime.emitToMember(userId, "taskWall", TASK_WALL_BALANCE_EVENT, { success: true, msg });
  } catch (e) {
    // The money has moved and the network is owed its answer: a lost push only delays the page.
    log.error({ err: e }, "task-wall balance push failed");
  }
}
