import { count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users, withdrawals } from "../db/schema";
import { createMember, hashPassword } from "../accounts/accounts";
import { DEMO_PRIVACY } from "../privacy/consent";
import { creditEarning, type EarningSource } from "../ledger/earnings";
import { PLATFORM, ensurePlatformAccounts, memberAccount, post } from "../ledger/ledger";
import { seedTaskWalls } from "./taskWalls";
import { seedShortLinks } from "./shortLinks";
import { seedSupport } from "./support";
import { seedActivity } from "./activity";
import { seedRisk } from "./risk";
import { seedAds } from "./ads";

export { AD_SAMPLE_PATH, DEMO_ADVERTISER, DEMO_YOUTUBE_URL } from "./ads";
import { seedGames } from "./games";
import { publicOrigin } from "../config";
import { rupeesToMilli } from "../../shared/money";
import { DAY_MS, HOUR_MS, idAt, istDayStartMs, prng } from "./random";
import { seedContent } from "./siteContent";
import { PAYOUT_METHODS } from "./content";

/**
 * Demo content for a first start: public texts, payout methods, a demo member with two months of
 * earnings, a referred friend, and paid withdrawals for the payment-proof page. Every rupee goes
 * through the ledger (`creditEarning`, `post`), so the demo data obeys the same invariant as real
 * data. Runs only on a database without members, in one transaction, so a failed seed leaves
 * nothing behind and is retried on the next start.
 */

export const DEMO_MEMBER = {
  email: "demo@example.com",
  password: "demo-password-123",
  name: "Demo Member",
} as const;
export const DEMO_FRIEND = { email: "friend@example.com", name: "Demo Friend" } as const;
const HISTORY_DAYS = 60;

export { DEMO_STATS_BASE } from "./siteContent";

/** Any constant: serialises two processes seeding the same PostgreSQL at once. */
const SEED_LOCK = 73_102_025;

interface EarningPlan {
  source: EarningSource;
  /** Per IST day: how many entries (inclusive range) and the chance the source is used at all. */
  perDay: [number, number];
  chance: number;
  /** Milli-rupees, inclusive range, in steps of 10 milli-rupees. */
  amount: [number, number];
}

// About four entries a day: enough for a lively dashboard, few enough to seed in a moment.
const DEMO_PLAN: EarningPlan[] = [
  { source: "ptc_ads", perDay: [1, 2], chance: 0.95, amount: [250, 1500] },
  { source: "click_short_link", perDay: [1, 2], chance: 0.7, amount: [500, 2500] },
  { source: "offerWall", perDay: [1, 1], chance: 0.3, amount: [5000, 25000] },
  { source: "bettingGames", perDay: [1, 1], chance: 0.2, amount: [9000, 9000] },
];

// Each of the friend's earnings also posts the demo member's referral share, so fewer of them.
const FRIEND_PLAN: EarningPlan[] = [
  { source: "ptc_ads", perDay: [1, 1], chance: 0.55, amount: [250, 1200] },
  { source: "click_short_link", perDay: [1, 1], chance: 0.2, amount: [500, 2000] },
  { source: "offerWall", perDay: [1, 1], chance: 0.1, amount: [8000, 30000] },
];

/** Active members whose paid withdrawals fill the payment-proof page. */
const PAYERS: {
  name: string;
  email: string;
  mobile: number;
  method: string;
  account: string;
  withdrawals: number;
}[] = [
  {
    name: "Priya Sharma",
    email: "priya@example.com",
    mobile: 9812345670,
    method: "UPI",
    account: "priya@okaxis",
    withdrawals: 6,
  },
  {
    name: "Rahul Verma",
    email: "rahul@example.com",
    mobile: 9823456781,
    method: "Paytm",
    account: "9823456781",
    withdrawals: 5,
  },
  {
    name: "Anjali Singh",
    email: "anjali@example.com",
    mobile: 9834567892,
    method: "Bank Transfer (IMPS)",
    account: "501002345678, HDFC0001234, Anjali Singh",
    withdrawals: 4,
  },
  {
    name: "Vikram Patel",
    email: "vikram@example.com",
    mobile: 9845678903,
    method: "UPI",
    account: "vikram.patel@ybl",
    withdrawals: 5,
  },
  {
    name: "Suresh Kumar",
    email: "suresh@example.com",
    mobile: 9856789014,
    method: "Paytm",
    account: "9856789014",
    withdrawals: 5,
  },
];

/** Earnings following a plan over the last HISTORY_DAYS IST days, between 07:00 and 22:59 IST, never in the future. */
function planEarnings(plan: EarningPlan[], now: number, rand: ReturnType<typeof prng>) {
  const out: { source: EarningSource; amount: number; at: Date }[] = [];
  for (let back = HISTORY_DAYS; back >= 0; back--) {
    const dayStart = istDayStartMs(now - back * DAY_MS);
    for (const p of plan) {
      if (rand.next() > p.chance) continue;
      const n = rand.int(p.perDay[0], p.perDay[1]);
      for (let i = 0; i < n; i++) {
        const at = dayStart + 7 * HOUR_MS + rand.int(0, 16 * 60 - 1) * 60_000 + rand.int(0, 59) * 1000;
        if (at > now - 60_000) continue;
        out.push({
          source: p.source,
          amount: rand.int(p.amount[0] / 10, p.amount[1] / 10) * 10,
          at: new Date(at),
        });
      }
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function creditAll(
  tx: Tx,
  userId: string,
  key: string,
  items: { source: EarningSource; amount: number; at: Date }[],
) {
  let total = 0;
  for (const [i, e] of items.entries()) {
    await creditEarning(tx, {
      userId,
      source: e.source,
      amount: e.amount,
      idempotencyKey: `seed:${key}:${i}`,
      memo: "demo history",
      createdAt: e.at,
      // No real games were played, so demo game winnings are funded like other earnings
      // (the game escrow account may not go below zero).
      ...(e.source === "bettingGames" ? { fundingAccount: PLATFORM.earningsFunding } : {}),
    });
    total += e.amount;
  }
  return total;
}

interface PaidWithdrawal {
  userId: string;
  amount: number;
  method: string;
  account: string;
  at: Date;
  settledAt: Date;
}

/** Inserts Success withdrawals and posts their two ledger movements (request, then payout). */
async function recordPaidWithdrawals(tx: Tx, list: PaidWithdrawal[]) {
  if (list.length === 0) return;
  const rows = list.map((w) => ({
    id: idAt(w.at),
    userId: w.userId,
    amount: w.amount,
    methodName: w.method,
    accountInfo: w.account,
    status: "Success" as const,
    settledAt: w.settledAt,
    createdAt: w.at,
  }));
  await tx.insert(withdrawals).values(rows);
  for (const w of rows) {
    await post(tx, {
      idempotencyKey: `withdrawal:${w.id}`,
      kind: "withdrawal",
      userId: w.userId,
      createdAt: w.createdAt,
      lines: [
        { account: memberAccount(w.userId, "withdrawable"), amount: -w.amount },
        { account: PLATFORM.pendingPayouts, amount: w.amount },
      ],
    });
    await post(tx, {
      idempotencyKey: `withdrawal-settle:${w.id}`,
      kind: "withdrawal_paid",
      userId: w.userId,
      createdAt: w.settledAt,
      lines: [
        { account: PLATFORM.pendingPayouts, amount: -w.amount },
        { account: PLATFORM.paidOut, amount: w.amount },
      ],
    });
  }
}

async function hasMembers(db: Db | Tx): Promise<boolean> {
  // Operators don't count: an operator created before the first start must not block the demo seed.
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "member"));
  return Number(row?.n ?? 0) > 0;
}

/** Seeds demo content on an empty database (no members yet — operators aside); does nothing otherwise. */
export async function seedIfEmpty(
  db: Db,
  opts: { log?: (line: string) => void; siteName?: string; publicOrigin?: string; port?: number } = {},
): Promise<void> {
  if (await hasMembers(db)) return;
  const started = Date.now();
  const site = opts.siteName ?? "Rupee Rewards";
  // Hashed once, outside the transaction (argon2 is deliberately slow); the demo accounts share it.
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasMembers(tx)) return false;
    await ensurePlatformAccounts(tx);
    const now = Date.now();
    const rand = prng(20250101);
    const methods = await seedContent(tx, site, now);
    const methodId = (name: string) => methods.find((m) => m.name === name)?.id ?? null;
    // createMember opens its own transaction; on a transaction handle that becomes a savepoint.
    const asDb = tx as unknown as Db;

    const joined = new Date(istDayStartMs(now - (HISTORY_DAYS + 5) * DAY_MS) + 11 * HOUR_MS);
    const demo = await createMember(asDb, {
      name: DEMO_MEMBER.name,
      email: DEMO_MEMBER.email,
      mobileNumber: 9876543210,
      passwordHash,
      createdAt: joined,
      privacy: DEMO_PRIVACY,
    });
    await tx
      .update(users)
      .set({
        payoutMethodId: methodId("UPI"),
        payoutAccountInfo: "demo@upi",
        city: "Pune",
        state: "Maharashtra",
      })
      .where(eq(users.id, demo.id));
    const friend = await createMember(asDb, {
      name: DEMO_FRIEND.name,
      email: DEMO_FRIEND.email,
      mobileNumber: 9876501234,
      passwordHash,
      referredBy: demo.id,
      createdAt: new Date(joined.getTime() + 2 * DAY_MS),
      privacy: DEMO_PRIVACY,
    });

    await creditAll(tx, demo.id, "demo", planEarnings(DEMO_PLAN, now, rand));
    await creditAll(tx, friend.id, "friend", planEarnings(FRIEND_PLAN, now, rand));

    const paid: PaidWithdrawal[] = [];
    const payout = (userId: string, rupees: number, method: string, account: string, daysAgo: number) => {
      const at = new Date(now - daysAgo * DAY_MS - rand.int(0, 6 * 60) * 60_000);
      const settledAt = new Date(Math.min(at.getTime() + rand.int(6, 40) * HOUR_MS, now - 60_000));
      paid.push({ userId, amount: rupeesToMilli(rupees), method, account, at, settledAt });
    };
    payout(demo.id, 200, "UPI", "demo@upi", 31);
    payout(demo.id, 150, "UPI", "demo@upi", 12);

    for (const [n, p] of PAYERS.entries()) {
      const member = await createMember(asDb, {
        name: p.name,
        email: p.email,
        mobileNumber: p.mobile,
        passwordHash: null,
        createdAt: new Date(joined.getTime() - (n + 1) * 7 * DAY_MS),
      });
      await tx
        .update(users)
        .set({ payoutMethodId: methodId(p.method), payoutAccountInfo: p.account })
        .where(eq(users.id, member.id));
      const minimum = PAYOUT_METHODS.find((m) => m.name === p.method)?.minimumRupees ?? 50;
      let withdrawn = 0;
      for (let i = 0; i < p.withdrawals; i++) {
        const rupees = rand.int(minimum / 10, minimum / 10 + 120) * 10;
        withdrawn += rupees;
        payout(member.id, rupees, p.method, p.account, rand.int(1, 50));
      }
      // Task-wall earnings every couple of weeks that paid for those withdrawals, with some left over.
      const earnings: { source: EarningSource; amount: number; at: Date }[] = [];
      for (let back = HISTORY_DAYS - rand.int(0, 5); back >= 2; back -= rand.int(12, 16)) {
        earnings.push({
          source: "offerWall",
          amount: 0,
          at: new Date(now - back * DAY_MS - rand.int(0, 10 * 60) * 60_000),
        });
      }
      const each =
        Math.ceil((rupeesToMilli(withdrawn) + rand.int(50, 400) * 1000) / earnings.length / 10) * 10;
      for (const e of earnings) e.amount = each;
      await creditAll(tx, member.id, `payer${n}`, earnings);
    }

    await recordPaidWithdrawals(tx, paid);
    await seedAds(asDb, passwordHash, joined, opts.publicOrigin, now);
    await seedTaskWalls(tx);
    await seedGames(tx);
    await seedSupport(tx, now);
    await seedActivity(tx, now, passwordHash);
    await seedRisk(tx, now, methodId("UPI"), passwordHash);
    await seedShortLinks(
      tx,
      publicOrigin({ PUBLIC_ORIGIN: opts.publicOrigin, PORT: opts.port ?? 3000 }),
      now,
    );
    return true;
  });
  if (seeded) {
    opts.log?.(
      `Seeded demo content in ${Date.now() - started} ms (demo login: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}).`,
    );
  }
}
