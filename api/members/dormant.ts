import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import type { Deps } from "../deps";
import { memberActivity, payoutMethods, users, withdrawals } from "../db/schema";
import { getSetting } from "../site/settings";
import { memberBalances } from "../ledger/balances";
import { requestWithdrawal } from "../withdrawals/withdrawals";
import { eraseMember } from "./erasure";
import { DomainError } from "../lib/errors";
import { publicOrigin } from "../config";
import { formatRupees } from "../../shared/money";
import { formatTime } from "../../shared/time";
import { isLocale, type Locale } from "../../shared/i18n/locale";
import { DORMANT_WARNING_HOURS, type DormantPolicy } from "../../shared/retention";
import { log } from "../../shared/log.server";

/**
 * Dormant accounts (issue 44 §4, ADR 0035). With the owner's `dormant_after_days` set (0, the
 * default, is off), a member not seen for that long less 48 hours is mailed a warning in their
 * language saying what will happen to their balance; a visit (any signed-in request) within the 48
 * hours cancels it; after them the account is erased by eraseMember (reason "dormant"), which
 * forfeits what is left to `platform:forfeited` in the ledger. With the policy "payout", a
 * withdrawable balance of at least the bound method's minimum is first asked for as a normal
 * withdrawal to the bound account; a member with a pending withdrawal is skipped and warned again
 * a week later. Every step claims its rows FOR UPDATE SKIP LOCKED, so the job on several nodes at
 * once warns and erases each member once, and the visit's update of the same row either comes
 * first (the erasure finds the member seen and stops) or waits for the erasure.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A skipped member (a pending withdrawal) is not warned again before this. */
export const RECHECK_MS = 7 * DAY_MS;
/** A node writes a member's visit at most this often. */
export const TOUCH_EVERY_MS = HOUR_MS;
/** Members one claim warns. */
const WARN_BATCH = 100;
/** Members one run erases at most (the next run carries on). */
const ERASE_MAX = 200;

// ------------------------------------------------------------------------------------ visits

/** This node's last write of each member's visit (bounded: cleared when it grows past the cap). */
const touched = new Map<string, number>();
const TOUCHED_MAX = 50_000;

/**
 * Records a signed-in request as the member's visit: at most once an hour per node; clears a
 * dormant warning. A failure is logged, never the request's answer.
 */
export async function touchActivity(db: Db, userId: string, now: Date): Promise<void> {
  const at = now.getTime();
  const last = touched.get(userId);
  if (last !== undefined && at >= last && at - last < TOUCH_EVERY_MS) return;
  if (touched.size >= TOUCHED_MAX) touched.clear();
  touched.set(userId, at);
  try {
    await db
      .insert(memberActivity)
      .values({ userId, lastSeenAt: now })
      .onConflictDoUpdate({
        target: memberActivity.userId,
        set: {
          lastSeenAt: sql`greatest(${memberActivity.lastSeenAt}, excluded.last_seen_at)`,
          warnedAt: null,
          eraseAfter: null,
          recheckAt: null,
        },
      });
  } catch (e) {
    touched.delete(userId);
    log.error({ err: e }, "recording a member's visit failed");
  }
}

/** Forgets this node's visit cache (tests that move the clock back). */
export function forgetTouches(): void {
  touched.clear();
}

// ------------------------------------------------------------------------------------ words

interface DormantWords {
  subject: (site: string) => string;
  hello: (name: string) => string;
  notSeen: (site: string, date: string) => string;
  payout: (amount: string, method: string) => string;
  forfeit: (amount: string) => string;
  nothing: string;
  pending: string;
  visit: (link: string) => string;
}

const WORDS: Record<Locale, DormantWords> = {
  en: {
    subject: (site) => `${site}: your account will be deleted in 48 hours`,
    hello: (name) => `Hello ${name},`,
    notSeen: (site, date) =>
      `You have not signed in to ${site} for a long time, so your account and your personal data will be deleted after ${date}.`,
    payout: (amount, method) =>
      `Your balance of ${amount} will first be paid to your bound ${method} account; what is left under the minimum is forfeited.`,
    forfeit: (amount) => `Your balance of ${amount} will be forfeited when the account is deleted.`,
    nothing: "Your account holds no balance.",
    pending: "A withdrawal that is waiting to be paid is paid first; the account is deleted after it.",
    visit: (link) => `To keep your account, sign in before then: ${link}`,
  },
  hi: {
    subject: (site) => `${site}: आपका खाता 48 घंटे में हटा दिया जाएगा`,
    hello: (name) => `नमस्ते ${name},`,
    notSeen: (site, date) =>
      `आपने लंबे समय से ${site} में साइन इन नहीं किया है, इसलिए ${date} के बाद आपका खाता और आपका व्यक्तिगत डेटा हटा दिया जाएगा।`,
    payout: (amount, method) =>
      `आपका ${amount} का बैलेंस पहले आपके जोड़े गए ${method} खाते में भेजा जाएगा; न्यूनतम राशि से कम जो बचेगा वह ज़ब्त हो जाएगा।`,
    forfeit: (amount) => `खाता हटाए जाने पर आपका ${amount} का बैलेंस ज़ब्त हो जाएगा।`,
    nothing: "आपके खाते में कोई बैलेंस नहीं है।",
    pending: "भुगतान की प्रतीक्षा कर रही निकासी पहले भेजी जाएगी; खाता उसके बाद हटाया जाएगा।",
    visit: (link) => `अपना खाता बनाए रखने के लिए उससे पहले साइन इन करें: ${link}`,
  },
};

// ------------------------------------------------------------------------------------ the job

export interface DormantRun {
  warned: number;
  erased: number;
  /** Withdrawals asked for under the payout policy. */
  paidOut: number;
  /** Skipped for a pending withdrawal (warned again later). */
  skipped: number;
}

type JobDeps = Pick<Deps, "db" | "mailer" | "config" | "clock">;

/** The bound payout method and its minimum (milli-rupees), when the member has one bound and active. */
async function boundMethod(db: Db, userId: string) {
  const [row] = await db
    .select({
      name: payoutMethods.name,
      minimum: payoutMethods.minimumAmount,
      active: payoutMethods.active,
      info: users.payoutAccountInfo,
    })
    .from(users)
    .innerJoin(payoutMethods, eq(payoutMethods.id, users.payoutMethodId))
    .where(eq(users.id, userId));
  return row && row.active && row.info?.trim() ? { name: row.name, minimum: Number(row.minimum ?? 0) } : null;
}

/** Whether the member has a withdrawal waiting to be paid. */
async function hasPending(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "Pending")))
    .limit(1);
  return Boolean(row);
}

/** The warning's lines about the balance, in the member's words. */
async function balanceLines(
  db: Db,
  userId: string,
  policy: DormantPolicy,
  w: DormantWords,
): Promise<string[]> {
  const { withdrawable, deposit } = await memberBalances(db, userId);
  const lines: string[] = [];
  const total = withdrawable + deposit;
  const method = policy === "payout" ? await boundMethod(db, userId) : null;
  if (total <= 0) lines.push(w.nothing);
  else if (method && withdrawable >= method.minimum && withdrawable >= 1000)
    lines.push(w.payout(formatRupees(total), method.name));
  else lines.push(w.forfeit(formatRupees(total)));
  if (await hasPending(db, userId)) lines.push(w.pending);
  return lines;
}

/** Warns the members due a warning (claimed in batches); a mail that failed leaves them unwarned. */
async function warnDue(deps: JobDeps, days: number, policy: DormantPolicy, now: Date): Promise<number> {
  const { db } = deps;
  const seenBefore = new Date(now.getTime() - days * DAY_MS + DORMANT_WARNING_HOURS * HOUR_MS);
  const eraseAfter = new Date(now.getTime() + DORMANT_WARNING_HOURS * HOUR_MS);
  let warned = 0;
  for (;;) {
    const claimed = rowsOf<{ user_id: string }>(
      await db.execute(sql`update member_activity set warned_at = ${now.toISOString()}::timestamptz,
          erase_after = ${eraseAfter.toISOString()}::timestamptz
        where user_id in (
          select a.user_id from member_activity a join users u on u.id = a.user_id
          where a.last_seen_at <= ${seenBefore.toISOString()}::timestamptz and a.warned_at is null
            and (a.recheck_at is null or a.recheck_at <= ${now.toISOString()}::timestamptz)
            and u.role = 'member' and u.banned_at is null
          order by a.last_seen_at limit ${WARN_BATCH}
          for update of a skip locked)
        returning user_id`),
    );
    if (claimed.length === 0) break;
    for (const { user_id: userId } of claimed) {
      const [u] = await db
        .select({ name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (!u) continue;
      const locale: Locale = isLocale(u.language) ? u.language : "en";
      const w = WORDS[locale];
      const site = deps.config.SITE_NAME;
      try {
        const lines = await balanceLines(db, userId, policy, w);
        await deps.mailer.send({
          to: u.email,
          subject: w.subject(site),
          text: [
            w.hello(u.name),
            "",
            w.notSeen(site, formatTime(eraseAfter.toISOString(), locale)),
            "",
            ...lines,
            "",
            w.visit(`${publicOrigin(deps.config)}/login`),
            "",
          ].join("\n"),
        });
        warned++;
      } catch (e) {
        // Not warned, not erased: the next run tries again.
        log.error({ err: e }, "dormant warning mail failed");
        await db
          .update(memberActivity)
          .set({ warnedAt: null, eraseAfter: null })
          .where(and(eq(memberActivity.userId, userId), eq(memberActivity.warnedAt, now)));
      }
    }
    if (claimed.length < WARN_BATCH) break;
  }
  return warned;
}

/**
 * One due member, in one transaction holding their activity row: still unseen since the warning,
 * they are skipped (a pending withdrawal), paid out (policy payout) or erased.
 */
async function eraseOne(
  deps: JobDeps,
  policy: DormantPolicy,
  now: Date,
): Promise<"none" | "erased" | "paid_out" | "skipped" | "gone"> {
  return deps.db.transaction(async (tx) => {
    const [due] = rowsOf<{ user_id: string; warned_at: Date | string }>(
      await tx.execute(sql`select user_id, warned_at from member_activity
        where erase_after <= ${now.toISOString()}::timestamptz and warned_at is not null
          and last_seen_at < warned_at
        order by erase_after limit 1 for update skip locked`),
    );
    if (!due) return "none";
    const userId = due.user_id;
    const warnedAt = new Date(due.warned_at);
    const txDb = tx as unknown as Db;
    const skip = async () => {
      await tx
        .update(memberActivity)
        .set({ warnedAt: null, eraseAfter: null, recheckAt: new Date(now.getTime() + RECHECK_MS) })
        .where(eq(memberActivity.userId, userId));
    };
    if (await hasPending(txDb, userId)) {
      await skip();
      return "skipped";
    }
    if (policy === "payout") {
      const method = await boundMethod(txDb, userId);
      const { withdrawable } = await memberBalances(tx, userId);
      const rupees = Math.floor(withdrawable / 1000);
      if (method && rupees > 0 && rupees * 1000 >= method.minimum) {
        try {
          await requestWithdrawal(txDb, {
            userId,
            rupees,
            type: method.name,
            requestId: `dormant:${userId}:${warnedAt.getTime()}`,
            now,
          });
          await skip();
          return "paid_out";
        } catch (e) {
          // Refused (a debt, the risk policy's waiting period…): what is left is forfeited.
          if (!(e instanceof DomainError)) throw e;
          log.info({ code: e.code }, "dormant payout refused; the balance is forfeited");
        }
      }
    }
    const result = await eraseMember(txDb, userId, { reason: "dormant", now });
    await tx.delete(memberActivity).where(eq(memberActivity.userId, userId));
    return result.erased ? "erased" : "gone";
  });
}

/** The dormant-account job: off unless the owner set `dormant_after_days`. Safe on several nodes at once. */
export async function runDormant(deps: JobDeps, now: Date = deps.clock()): Promise<DormantRun> {
  const run: DormantRun = { warned: 0, erased: 0, paidOut: 0, skipped: 0 };
  const days = await getSetting(deps.db, "dormant_after_days");
  if (!days || days <= 0) return run;
  const policy: DormantPolicy =
    (await getSetting(deps.db, "dormant_balance_policy")) === "forfeit" ? "forfeit" : "payout";
  for (let i = 0; i < ERASE_MAX; i++) {
    let r: Awaited<ReturnType<typeof eraseOne>>;
    try {
      r = await eraseOne(deps, policy, now);
    } catch (e) {
      // Rolled back whole (e.g. a withdrawal asked for meanwhile): the next run tries again.
      log.error({ err: e }, "dormant erasure failed");
      break;
    }
    if (r === "none") break;
    if (r === "erased") run.erased++;
    if (r === "paid_out") run.paidOut++;
    if (r === "skipped") run.skipped++;
  }
  run.warned = await warnDue(deps, days, policy, now);
  return run;
}
