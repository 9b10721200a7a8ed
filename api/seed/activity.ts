import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { campaigns, conversions, withdrawals } from "../db/schema";
import { createMember } from "../accounts/accounts";
import { creditEarning, type EarningSource } from "../ledger/earnings";
import { PLATFORM, campaignEscrowAccount, memberAccount, memberBalances, post } from "../ledger/ledger";
import { istDayStart } from "../ledger/earningKinds";
import { createCampaign, refundEscrow } from "../ads/campaigns";
import { getSetting } from "../site/settings";
import { settleEffect, type PricedRoom } from "../games/settlement";
import { conversionCharge, rupeesToMilli } from "../../shared/money";
import { DAY_MS, HOUR_MS, idAt, prng } from "./random";

/**
 * A month of varied activity so the operators' overview has figures for a new user: members
 * joining over the last 30 days, their earnings on every channel, referral income, conversions,
 * tic-tac-toe games, advertisers buying campaigns whose views pay members (spend and revenue),
 * and withdrawals requested, approved, rejected and a few still pending. Every rupee goes through
 * the ledger's post() (directly or through creditEarning, createCampaign, settleEffect) with its
 * time in the past, so the daily roll-ups hold it as if it had happened then. It touches none of
 * the demo member's accounts. Deterministic (a fixed PRNG seed) and small: a few hundred entries.
 */

const DAYS = 30;
const MEMBERS = 36;

const FIRST = [
  "Aarav",
  "Isha",
  "Kabir",
  "Meera",
  "Rohan",
  "Sneha",
  "Arjun",
  "Diya",
  "Nikhil",
  "Pooja",
  "Farhan",
  "Lakshmi",
];
const LAST = [
  "Mehta",
  "Iyer",
  "Khan",
  "Reddy",
  "Das",
  "Nair",
  "Gupta",
  "Joshi",
  "Bose",
  "Pillai",
  "Shah",
  "Menon",
];

interface Member {
  id: string;
  joined: number;
  referrer: string | null;
}

export async function seedActivity(tx: Tx, now: number, passwordHash: string | null): Promise<void> {
  const rand = prng(20261126);
  const asDb = tx as unknown as Db;
  const today = istDayStart(new Date(now)).getTime();
  /** An instant on the IST day `back` days ago, between 08:00 and 22:00 IST, never in the future. */
  const at = (back: number) => {
    const t =
      today - back * DAY_MS + 8 * HOUR_MS + rand.int(0, 14 * 60 - 1) * 60_000 + rand.int(0, 59) * 1000;
    return Math.min(t, now - rand.int(2, 30) * 60_000);
  };

  // Members joining over the month, a few each day; about a third referred by an earlier one.
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const back = DAYS - 1 - Math.floor((i * DAYS) / MEMBERS);
    const joined = at(back);
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 5 + 3) % LAST.length]!;
    const referrer =
      members.length > 3 && rand.next() < 0.35 ? members[rand.int(0, members.length - 1)]!.id : null;
    const m = await createMember(asDb, {
      name: `${first} ${last}`,
      email: `${first}.${last}${i + 1}@example.com`.toLowerCase(),
      mobileNumber: 9700000000 + i * 7919,
      passwordHash,
      referredBy: referrer,
      createdAt: new Date(joined),
    });
    members.push({ id: m.id, joined, referrer });
  }

  let n = 0;
  const rateBp = await getSetting(tx, "referral_rate_bp");
  const referrerOf = new Map(members.map((m) => [m.id, m.referrer]));
  const earn = (userId: string, source: EarningSource, amount: number, when: number, extra = {}) =>
    creditEarning(tx, {
      userId,
      // Known already: saves reading the member and the rate for every credit.
      referral: { referredBy: referrerOf.get(userId) ?? null, rateBp },
      source,
      amount,
      idempotencyKey: `seed:activity:${n++}`,
      memo: "demo activity",
      createdAt: new Date(when),
      // No real games were played for these prizes, so they are funded like other earnings.
      ...(source === "bettingGames" ? { fundingAccount: PLATFORM.earningsFunding } : {}),
      ...extra,
    });
  const amount = (min: number, max: number) => rand.int(min / 10, max / 10) * 10;

  // Earnings: ads most days, short links often, a task-wall offer now and then.
  for (let back = DAYS - 1; back >= 0; back--) {
    const dayEnd = today - (back - 1) * DAY_MS;
    for (const m of members) {
      if (m.joined >= dayEnd) continue;
      const after = (t: number) => Math.max(t, m.joined + 60_000);
      if (rand.next() < 0.3) await earn(m.id, "ptc_ads", amount(250, 1500), after(at(back)));
      if (rand.next() < 0.18) await earn(m.id, "click_short_link", amount(500, 2500), after(at(back)));
      if (rand.next() < 0.05) await earn(m.id, "offerWall", amount(8000, 40000), after(at(back)));
    }
  }

  // Advertisers: three members turn task-wall earnings into deposit and buy a campaign; members
  // view some of its ads (the price leaves escrow: the viewer's share and the platform's revenue);
  // each campaign is later deleted and its unspent escrow refunded, so no demo ad stays running.
  for (const [k, back] of [25, 16, 7].entries()) {
    const advertiser = members[k * 5 + 1]!;
    const t0 = at(back);
    await earn(advertiser.id, "offerWall", rupeesToMilli(400), t0 - 2 * HOUR_MS);
    await convert(tx, advertiser.id, rupeesToMilli(300), "withdrawToDeposit", new Date(t0 - HOUR_MS));
    const { campaignId } = await createCampaign(asDb, {
      userId: advertiser.id,
      draft: {
        type: "window",
        title: `Spring offer ${k + 1}`,
        url: "https://example.com/offer",
        description: "A demo campaign.",
        durationSeconds: 15,
        totalViews: 2000 + k * 500,
        intervalHours: 24,
        dailyLimit: null,
      },
      requestId: `seed-activity-campaign-${k}`,
      now: new Date(t0),
    });
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const price = Number(c!.price);
    const share = Number(c!.memberAmount);
    const viewers = members.filter((m) => m.joined < t0 && m.id !== advertiser.id);
    const views = rand.int(12, 24);
    for (let v = 0; v < views; v++) {
      const viewer = viewers[v % viewers.length]!;
      const when = Math.min(t0 + (v + 1) * 40 * 60_000, now - 60_000);
      await earn(viewer.id, "ptc_ads", share, when, {
        fundingLines: [
          { account: campaignEscrowAccount(campaignId), amount: -price },
          { account: PLATFORM.revenue, amount: price - share },
        ],
      });
    }
    await tx.update(campaigns).set({ deliveredViews: views }).where(eq(campaigns.id, campaignId));
    const ended = new Date(Math.min(t0 + 3 * DAY_MS, now - 30 * 60_000));
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    await refundEscrow(tx, row!, "delete", ended);
    await tx.update(campaigns).set({ status: "deleted" }).where(eq(campaigns.id, campaignId));
  }

  // Games: pairs of members with deposit play paid tic-tac-toe rooms (fees, prize, revenue).
  const players = members.slice(8, 14);
  for (const p of players) {
    const t = Math.max(p.joined, today - 15 * DAY_MS) + HOUR_MS;
    await earn(p.id, "offerWall", rupeesToMilli(80), t);
    await convert(tx, p.id, rupeesToMilli(60), "withdrawToDeposit", new Date(t + HOUR_MS));
  }
  for (let g = 0; g < 8; g++) {
    const a = players[g % players.length]!;
    const b = players[(g + 1 + (g % 3)) % players.length]!;
    if (a.id === b.id) continue;
    const room: PricedRoom = {
      id: `seed-activity-game-${g}`,
      name: "Bronze Room",
      entryFee: 10_000,
      prize: 18_000,
    };
    const seats = [
      { userId: a.id, symbol: "X" as const },
      { userId: b.id, symbol: "O" as const },
    ];
    const when = new Date(Math.min(today - (10 - g) * DAY_MS + 20 * HOUR_MS, now - 20 * 60_000));
    const balances = new Set<string>();
    const funded = await Promise.all(seats.map(async (s) => (await memberBalances(tx, s.userId)).deposit));
    if (funded.some((d) => d < room.entryFee)) continue;
    for (const s of seats)
      await settleEffect(tx, balances, room, seats, { type: "charge", userId: s.userId }, when);
    await settleEffect(
      tx,
      balances,
      room,
      seats,
      { type: "settle", outcome: g % 4 === 3 ? "draw" : g % 2 ? "O" : "X" },
      when,
    );
  }

  // A few members convert deposit back (the 5 % charge is revenue).
  for (const p of players.slice(0, 3)) {
    const { deposit } = await memberBalances(tx, p.id);
    if (deposit >= 5000)
      await convert(
        tx,
        p.id,
        Math.floor(deposit / 2000) * 1000,
        "depositToWithdraw",
        new Date(today - 2 * DAY_MS + 15 * HOUR_MS),
      );
  }

  // Withdrawals: a few approved (the public payment-proof page keeps its three pages of the demo's
  // payouts), some rejected, three still pending.
  const methods = [
    { name: "UPI", account: (i: number) => `member${i}@upi` },
    { name: "Paytm", account: (i: number) => String(9700000000 + i * 7919) },
  ];
  const requests: { m: Member; i: number; rupees: number }[] = [];
  for (const [i, m] of members.entries()) {
    if (i % 5 !== 0) continue;
    const { withdrawable } = await memberBalances(tx, m.id);
    const rupees = Math.min(Math.floor(withdrawable / 1000 / 10) * 10, 200);
    if (rupees >= 10) requests.push({ m, i, rupees });
  }
  for (const [w, { m, i, rupees }] of requests.entries()) {
    const method = methods[i % methods.length]!;
    const pending = w >= requests.length - 3;
    const rejected = w % 2 === 1 || w >= 4;
    const when = pending
      ? now - (requests.length - w) * 9 * HOUR_MS
      : at(Math.max(1, Math.floor((now - m.joined) / DAY_MS / 2)));
    // Never before the member joined, never in the future; settled after it was asked.
    const asked = Math.min(Math.max(when, m.joined + 20 * 60_000), now - 5 * 60_000);
    const settledAt = new Date(Math.max(asked, Math.min(asked + rand.int(3, 30) * HOUR_MS, now - 60_000)));
    await withdraw(tx, {
      userId: m.id,
      amount: rupeesToMilli(rupees),
      method: method.name,
      account: method.account(i),
      at: new Date(asked),
      outcome: pending ? "Pending" : rejected ? "Reject" : "Success",
      settledAt,
    });
  }
}

/** A balance conversion as the converter posts it (the conversions row and its entry), backdated. */
async function convert(
  tx: Tx,
  userId: string,
  amount: number,
  direction: "withdrawToDeposit" | "depositToWithdraw",
  at: Date,
) {
  const from = direction === "depositToWithdraw" ? "deposit" : "withdrawable";
  const to = direction === "depositToWithdraw" ? "withdrawable" : "deposit";
  const charge = conversionCharge(direction, amount);
  const id = idAt(at);
  await tx.insert(conversions).values({ id, userId, direction, amount, charge, createdAt: at });
  await post(tx, {
    idempotencyKey: `conversion:${id}`,
    kind: "conversion",
    userId,
    memo: direction,
    createdAt: at,
    lines: [
      { account: memberAccount(userId, from), amount: -amount },
      { account: memberAccount(userId, to), amount: amount - charge },
      { account: PLATFORM.revenue, amount: charge },
    ],
  });
}

/** A withdrawal request and, unless still pending, its settlement, as the payout queue posts them. */
async function withdraw(
  tx: Tx,
  w: {
    userId: string;
    amount: number;
    method: string;
    account: string;
    at: Date;
    outcome: "Pending" | "Success" | "Reject";
    settledAt: Date;
  },
) {
  const id = idAt(w.at);
  const settled = w.outcome !== "Pending";
  await tx.insert(withdrawals).values({
    id,
    userId: w.userId,
    amount: w.amount,
    methodName: w.method,
    accountInfo: w.account,
    status: w.outcome,
    remark: w.outcome === "Reject" ? "The payout account details do not match the member's name." : null,
    settledAt: settled ? w.settledAt : null,
    createdAt: w.at,
  });
  await post(tx, {
    idempotencyKey: `withdrawal:${id}`,
    kind: "withdrawal",
    userId: w.userId,
    createdAt: w.at,
    lines: [
      { account: memberAccount(w.userId, "withdrawable"), amount: -w.amount },
      { account: PLATFORM.pendingPayouts, amount: w.amount },
    ],
  });
  if (!settled) return;
  const approve = w.outcome === "Success";
  await post(tx, {
    idempotencyKey: `withdrawal-settle:${id}`,
    kind: approve ? "withdrawal_paid" : "withdrawal_refund",
    userId: w.userId,
    createdAt: w.settledAt,
    lines: [
      { account: PLATFORM.pendingPayouts, amount: -w.amount },
      { account: approve ? PLATFORM.paidOut : memberAccount(w.userId, "withdrawable"), amount: w.amount },
    ],
  });
}
