/**
 * Ad claims under load on PostgreSQL, against pgbench on the same server: many members, a few
 * campaigns. Every member starts a view of every campaign over real HTTP, the bench waits until
 * the views are claimable (the server's duration rule), then the clients claim them all as fast
 * as they can, then pgbench's TPC-B-like script runs with the same client count, and the books
 * are checked. `npm run bench:ptc`; see bench/README.md.
 */
import { eq, sql } from "drizzle-orm";
import { campaigns, users } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { convertBalance } from "../api/withdrawals/conversions";
import { creditEarning } from "../api/ledger/earnings";
import { PLATFORM, accountBalance, campaignEscrowAccount } from "../api/ledger/ledger";
import { createCampaign } from "../api/ads/campaigns";
import { createSession } from "../api/sessions/sessions";
import {
  OBJ_SECRET,
  reportLedgerInvariant,
  reportPgbench,
  reportPhase,
  runBench,
  tallyAnswers,
  reportRatio,
  timeApiThread,
} from "./api";
import { deal, sendLanes } from "./clients";
import { rng } from "./multinode/load";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 4);
/** One referrer for this many members: referral income is part of every such claim. */
const REFERRAL_GROUP = 10;
const PGBENCH_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const AD_SECONDS = 10;

/** A fixed shuffle (the same every run), so claims on one campaign interleave with the others. */
function shuffle<T>(list: T[], seed = 20261123): T[] {
  const rand = rng(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

runBench("ptc", async (api) => {
  const { db, base } = api;
  let failed = false;

  // Advertisers (one per campaign) with deposit, and their campaigns.
  const campaignIds: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    const a = await createMember(db, { name: `Advertiser ${i}`, email: `advertiser${i}@bench.test` });
    await db.transaction((tx) =>
      creditEarning(tx, {
        userId: a.id,
        source: "offerWall",
        amount: MEMBERS * 50 + 1000,
        idempotencyKey: `bench:adv:${a.id}`,
      }),
    );
    await convertBalance(db, {
      userId: a.id,
      rupees: Math.ceil((MEMBERS * 50) / 1000),
      direction: "withdrawToDeposit",
    });
    const { campaignId } = await createCampaign(db, {
      userId: a.id,
      draft: {
        type: "window",
        title: `Bench ad ${i}`,
        url: "https://example.com/",
        description: "Claimed by the bench",
        durationSeconds: AD_SECONDS,
        totalViews: MEMBERS,
        intervalHours: 24,
        dailyLimit: null,
      },
      now: new Date(),
    });
    campaignIds.push(campaignId);
  }
  // Members with a session each; every REFERRAL_GROUP-th is the referrer of the next ones.
  const members: { id: string; cookie: string }[] = [];
  let referrer: string | undefined;
  for (let i = 0; i < MEMBERS; i++) {
    const m = await createMember(db, {
      name: `Viewer ${i}`,
      email: `viewer${i}@bench.test`,
      referredBy: i % REFERRAL_GROUP === 0 ? undefined : referrer,
    });
    if (i % REFERRAL_GROUP === 0) referrer = m.id;
    const { token } = await createSession(db, m.id, true);
    members.push({ id: m.id, cookie: `sid=${token}` });
  }
  const [referred] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.referredBy} is not null`);

  const jobs = shuffle(members.flatMap((m) => campaignIds.map((c) => ({ member: m, campaign: c }))));
  console.log(
    `Ad views: ${MEMBERS} members (${referred?.n ?? 0} referred), ${CAMPAIGNS} campaigns, ${jobs.length} views, ${CLIENTS} clients (in a worker thread), PostgreSQL, obj bodies over HTTP`,
  );
  // One lane of jobs per client (bench/clients.ts).
  const lanes = deal(jobs, CLIENTS);

  const started = await sendLanes({
    base,
    secret: OBJ_SECRET,
    lanes: lanes.map((lane) =>
      lane.map((job) => ({
        method: "POST",
        path: "/userIncomeRoute/user_PTCAds_view_start",
        cookie: job.member.cookie,
        fields: { btnName: job.campaign },
      })),
    ),
  });
  const starts = tallyAnswers(started.answers.flat());
  const startSeconds = started.seconds;
  const tokens = new Map<(typeof jobs)[number], string>();
  lanes.forEach((lane, i) =>
    lane.forEach((job, j) => {
      const token = (started.answers[i]?.[j]?.msg as { viewToken?: string } | undefined)?.viewToken;
      if (token) tokens.set(job, token);
    }),
  );
  // The server's rule: a view is claimable once the ad's duration has passed since its start.
  await new Promise((r) => setTimeout(r, AD_SECONDS * 1000 + 500));

  const { result: claimed, report: reportApiThread } = await timeApiThread(() =>
    sendLanes({
      base,
      secret: OBJ_SECRET,
      lanes: lanes.map((lane) =>
        lane
          .filter((job) => tokens.has(job))
          .map((job) => ({
            method: "PATCH",
            path: "/userIncomeRoute/user_PTCAds_income_patch",
            cookie: job.member.cookie,
            fields: { btnName: job.campaign, btnClickEarn: 1, viewToken: tokens.get(job) },
          })),
      ),
    }),
  );
  const claims = tallyAnswers(claimed.answers.flat());
  const claimSeconds = claimed.seconds;

  console.log("\n| phase | ok | refused (4xx) | failed | ok/s | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  if (!reportPhase("view start", starts, startSeconds, jobs.length)) failed = true;
  if (!reportPhase("claim", claims, claimSeconds, jobs.length)) failed = true;
  const claimsPerS = claims.ok / claimSeconds;
  console.log(`\nclaims/second: ${claimsPerS.toFixed(1)} (${claimSeconds.toFixed(1)} s)`);
  reportApiThread("claims", claims.ok);

  const tps = await reportPgbench(api, { clients: CLIENTS, seconds: PGBENCH_SECONDS, scale: PGBENCH_SCALE });
  reportRatio("claims/s", claimsPerS / tps, 0.2);

  // The books after the run: the invariant, and every campaign's escrow against its views.
  const invariantOk = await reportLedgerInvariant(db);
  let escrowOk = true;
  let revenue = 0;
  for (const id of campaignIds) {
    const [c] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    const escrow = await accountBalance(db, campaignEscrowAccount(id));
    const expected = (c!.totalViews - c!.deliveredViews) * Number(c!.price);
    if (escrow !== expected) escrowOk = false;
    revenue += c!.deliveredViews * (Number(c!.price) - Number(c!.memberAmount));
    console.log(
      `campaign ${id}: ${c!.deliveredViews}/${c!.totalViews} views, ${c!.status}, escrow ${escrow}`,
    );
  }
  const revenueNow = await accountBalance(db, PLATFORM.revenue);
  console.log(`escrow = undelivered × price for every campaign → ${escrowOk ? "OK" : "MISMATCH"}`);
  console.log(
    `ad revenue ${revenue} ≤ platform:revenue ${revenueNow} → ${revenue <= revenueNow ? "OK" : "MISMATCH"}`,
  );
  if (!invariantOk || !escrowOk || revenue > revenueNow) failed = true;
  return failed;
}).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
