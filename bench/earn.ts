/**
 * Short-link claims and offer-wall postbacks under load on PostgreSQL, against pgbench on the same
 * server. Every member starts every demo short link over real HTTP, the bench waits out the
 * server's minimum time, then all claims run as fast as the clients allow. Then an offer wall's
 * network sends signed postbacks for many transactions — each one twice at once, as a network's
 * retry would — and the bench checks that each transaction was credited exactly once. pgbench's
 * TPC-B-like script runs with the same client count, and the books are checked.
 * `npm run bench:earn`; see bench/README.md.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Agent } from "undici";
import { journalEntries, taskWalls } from "../api/db/schema";
import { seedShortLinks } from "../api/seed/shortLinks";
import { createMember } from "../api/accounts/accounts";
import { createSession } from "../api/sessions/sessions";
import { setSetting } from "../api/site/settings";
import { newId } from "../api/lib/ids";
import { encodeObj } from "../shared/obj.server";
import {
  OBJ_SECRET,
  reportLedgerInvariant,
  reportPgbench,
  reportPhase,
  runBench,
  runWorkers,
  tally,
  type Tally,
} from "./api";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const POSTBACKS = Number(process.env.BENCH_POSTBACKS ?? 2000);
const PGBENCH_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
/** The server's minimum time between a short link's start and its claim, for this run. */
const MIN_SECONDS = 2;
const WALL_SECRET = "bench-wall-secret";

runBench("earn", async (api) => {
  const { db, base } = api;
  let ok = true;

  await db.transaction((tx) => seedShortLinks(tx, base, Date.now()));
  await setSetting(db, "shortlink_min_seconds", MIN_SECONDS);
  const links = await db.execute(sql`select id from short_links where enabled order by sort_order`);
  const linkIds = ((links as { rows?: { id: string }[] }).rows ?? (links as unknown as { id: string }[])).map(
    (r) => r.id,
  );

  const members: { id: string; cookie: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await createMember(db, { name: `Clicker ${i}`, email: `clicker${i}@bench.test` });
    const { token } = await createSession(db, m.id, true);
    members.push({ id: m.id, cookie: `sid=${token}` });
  }

  const agent = new Agent({ connections: CLIENTS, keepAliveTimeout: 30_000 });
  const timed = async (
    t: Tally,
    send: () => Promise<Response>,
    success: (res: Response, text: string) => boolean,
  ) => {
    const started = performance.now();
    try {
      const res = await send();
      const text = await res.text();
      t.latencies.push(performance.now() - started);
      if (success(res, text)) t.ok++;
      else {
        if (res.status >= 400 && res.status < 500) t.refused++;
        else t.failed++;
        const key = `${res.status} ${text.slice(0, 120)}`;
        t.answers.set(key, (t.answers.get(key) ?? 0) + 1);
      }
      return text;
    } catch (e) {
      t.failed++;
      t.answers.set(String(e), (t.answers.get(String(e)) ?? 0) + 1);
      return undefined;
    }
  };
  const json = (res: Response, text: string) =>
    res.status === 200 && (JSON.parse(text) as { success?: boolean }).success === true;
  const run = <T>(jobs: T[], work: (job: T) => Promise<void>) => runWorkers(CLIENTS, jobs, work);

  // ---- Short links: start every link for every member, then claim them all.
  const jobs = members.flatMap((m) => linkIds.map((linkId) => ({ m, linkId })));
  console.log(
    `Short links: ${MEMBERS} members × ${linkIds.length} links = ${jobs.length} clicks through the built-in shortener, ${CLIENTS} clients, PostgreSQL, over HTTP`,
  );
  const starts = tally();
  const tokens = new Map<(typeof jobs)[number], string>();
  const startSeconds = await run(jobs, async (job) => {
    const text = await timed(
      starts,
      () =>
        fetch(`${base}/userIncomeRoute/user_shortlink_firstPage_data_patch`, {
          method: "PATCH",
          headers: { "content-type": "application/json", cookie: job.m.cookie },
          body: JSON.stringify({
            obj_already: encodeObj(OBJ_SECRET, {
              shortnerDomain: "",
              endPageRoute: "/member/last-page",
              clientOrigin: base,
              linkId: job.linkId,
            }),
          }),
          dispatcher: agent,
        } as RequestInit),
      json,
    );
    const shortUrl = text ? (JSON.parse(text) as { msg?: { shortUrl?: string } }).msg?.shortUrl : undefined;
    // The built-in shortener's code leads to the end page; the token is its last segment.
    if (shortUrl) {
      const code = shortUrl.split("/").pop()!;
      const target = (await (
        await fetch(`${base}/shortener/${code}`, { dispatcher: agent } as RequestInit)
      ).json()) as {
        msg?: { url?: string };
      };
      const token = target.msg?.url?.split("/").pop();
      if (token) tokens.set(job, token);
    }
  });
  await new Promise((r) => setTimeout(r, MIN_SECONDS * 1000 + 500));
  const claims = tally();
  const claimSeconds = await run(jobs, async (job) => {
    const token = tokens.get(job);
    if (!token) return;
    await timed(
      claims,
      () =>
        fetch(`${base}/userIncomeRoute/user_shortlink_lastPage_data_patch`, {
          method: "PATCH",
          headers: { "content-type": "application/json", cookie: job.m.cookie },
          body: JSON.stringify({ uniqueToken: token }),
          dispatcher: agent,
        } as RequestInit),
      json,
    );
  });

  // ---- Offer-wall postbacks: each transaction twice at once (a network's retry).
  const wallId = newId();
  await db.insert(taskWalls).values({
    id: wallId,
    name: "Bench Wall",
    frameUrlTemplate: "https://wall.example/?uid={user_id}",
    secret: WALL_SECRET,
    scheme: "md5_fields",
    signatureFields: ["user_id", "transaction_id", "amount"],
    signatureSeparator: ":",
    signatureParam: "signature",
    milliPerPoint: 1,
    capPerPostback: 100_000,
    successBody: "1",
  });
  const transactions = Array.from({ length: POSTBACKS }, (_, i) => ({
    tx: `bench-${i}`,
    member: members[i % members.length]!,
    points: 100 + (i % 7) * 50,
  }));
  const sends = transactions.flatMap((t) => [t, t]);
  console.log(
    `\nOffer-wall postbacks: ${POSTBACKS} transactions, each sent twice at once (${sends.length} requests), md5 signatures, ${CLIENTS} clients`,
  );
  const postbacks = tally();
  const postbackSeconds = await run(sends, async (t) => {
    const amount = String(t.points);
    const signature = createHash("md5")
      .update([t.member.id, t.tx, amount, WALL_SECRET].join(":"))
      .digest("hex");
    const q = new URLSearchParams({ user_id: t.member.id, transaction_id: t.tx, amount, signature });
    await timed(
      postbacks,
      () => fetch(`${base}/postback/offerwall/${wallId}?${q}`, { dispatcher: agent } as RequestInit),
      (res, text) => res.status === 200 && text === "1",
    );
  });
  await agent.close();

  console.log("\n| phase | ok | refused (4xx) | failed | ok/s | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  ok = reportPhase("short link start", starts, startSeconds, jobs.length) && ok;
  ok = reportPhase("short link claim", claims, claimSeconds, jobs.length) && ok;
  ok = reportPhase("postback (2× each)", postbacks, postbackSeconds, sends.length) && ok;
  const claimsPerS = claims.ok / claimSeconds;
  const postbacksPerS = postbacks.ok / postbackSeconds;
  console.log(`\nshort-link claims/second: ${claimsPerS.toFixed(1)} (${claimSeconds.toFixed(1)} s)`);
  console.log(`postbacks/second: ${postbacksPerS.toFixed(1)} (${postbackSeconds.toFixed(1)} s)`);

  // Each transaction credited exactly once, each click once.
  const [credits] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.kind, "offerWall"),
        sql`${journalEntries.idempotencyKey} like ${`offerwall:${wallId}:%`}`,
      ),
    );
  const [clicks] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(eq(journalEntries.kind, "click_short_link"));
  console.log(
    `offer-wall credits: ${credits?.n} for ${POSTBACKS} transactions → ${credits?.n === POSTBACKS ? "OK" : "MISMATCH"}`,
  );
  console.log(
    `short-link credits: ${clicks?.n} for ${jobs.length} clicks → ${clicks?.n === jobs.length ? "OK" : "MISMATCH"}`,
  );
  if (credits?.n !== POSTBACKS || clicks?.n !== jobs.length) ok = false;

  const tps = await reportPgbench(api, { clients: CLIENTS, seconds: PGBENCH_SECONDS, scale: PGBENCH_SCALE });
  console.log(`ratio short-link claims/s ÷ pgbench tps: ${(claimsPerS / tps).toFixed(3)}`);
  console.log(`ratio postbacks/s ÷ pgbench tps: ${(postbacksPerS / tps).toFixed(3)}`);
  ok = (await reportLedgerInvariant(db)) && ok;
  return !ok;
}).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
