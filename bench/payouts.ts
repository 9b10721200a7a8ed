/**
 * 1,000 withdrawals paid through the local RazorpayX stand-in (tests/support/razorpayx.ts), over
 * real HTTP both ways, on PostgreSQL: members ask to withdraw through the API, operators approve
 * them with a few workers at once (each approval makes the fund account once per member, then the
 * payout under the withdrawal's id), the stand-in processes each payout (1 in 25 fails) and sends
 * its signed webhook, and the run waits until every withdrawal is final. Then: no payout twice at
 * the provider, every final status applied once, the books balanced.
 * `npm run bench:payouts`; see bench/README.md.
 */
import { eq, sql } from "drizzle-orm";
import { payoutMethods, payouts, users, withdrawals } from "../api/db/schema";
import { createMember } from "../api/accounts/accounts";
import { createSession } from "../api/sessions/sessions";
import { creditEarning } from "../api/ledger/earnings";
import { PLATFORM, accountBalance } from "../api/ledger/ledger";
import { setSetting } from "../api/site/settings";
import { encodeObj } from "../shared/obj.server";
import { siteEnvFor, startLocalRazorpayX } from "../tests/support/razorpayx";
import { OBJ_SECRET, reportLedgerInvariant, runBench, runWorkers } from "./api";
import { percentile } from "./pg";

const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 1000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const APPROVERS = Number(process.env.BENCH_APPROVERS ?? 4);
/** Requests a second the site sends RazorpayX (their guidance: 5–10); the stand-in refuses more with 429. */
const RPS = Number(process.env.BENCH_RPS ?? 10);
/** How long the stand-in takes to process a payout before its webhook. */
const PROCESS_MS = Number(process.env.BENCH_PROCESS_MS ?? 200);

const rowsOf = <T>(r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as T[];

async function main() {
  const rzp = await startLocalRazorpayX({
    maxRps: RPS,
    auto: {
      delayMs: PROCESS_MS,
      // Deterministic: every 25th payout (by its reference's last hex digit pair) fails.
      outcome: (p) =>
        parseInt((p.reference_id ?? "00").slice(-2), 16) % 25 === 0
          ? { status: "failed", reason: "Beneficiary bank is offline" }
          : { status: "processed" },
    },
  });
  try {
    await runBench(
      "payouts",
      async ({ db, base }) => {
        rzp.setWebhookUrl(`${base}/webhooks/payouts/razorpayx`);
        await setSetting(db, "payout_policy", { daily_limit: 0, four_eyes_above: 1_000_000_000 });
        const [method] = await db
          .insert(payoutMethods)
          .values({ name: "UPI", details: "UPI id (name@bank)", minimumAmount: 1_000 })
          .returning({ id: payoutMethods.id });
        const op = await createMember(db, {
          name: "Bench Operator",
          email: "ops@bench.test",
          role: "operator",
        });
        const { token: opToken } = await createSession(db, op.id, true, new Date(), { secondFactor: true });
        const opCookie = `sid=${opToken}`;
        const members: { id: string; cookie: string }[] = [];
        for (let i = 0; i < MEMBERS; i++) {
          const m = await createMember(db, { name: `Bench ${i}`, email: `bench${i}@example.com` });
          await db
            .update(users)
            .set({ payoutMethodId: method!.id, payoutAccountInfo: `bench${i}@okaxis` })
            .where(eq(users.id, m.id));
          await db.transaction((tx) =>
            creditEarning(tx, {
              userId: m.id,
              source: "ptc_ads",
              amount: 1_000_000_000,
              idempotencyKey: `bench:seed:${m.id}`,
            }),
          );
          const { token } = await createSession(db, m.id, true);
          members.push({ id: m.id, cookie: `sid=${token}` });
        }

        // The members ask (not timed): whole rupees from ₹50 to ₹249.
        const ids: string[] = [];
        await runWorkers(
          8,
          Array.from({ length: WITHDRAWALS }, (_, i) => i),
          async (i) => {
            const m = members[i % MEMBERS]!;
            const res = await fetch(`${base}/userAmount/userWithdrawal_record_post`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: m.cookie },
              body: JSON.stringify({
                obj: encodeObj(OBJ_SECRET, {
                  balance: 50 + ((i * 37) % 200),
                  type: "UPI",
                  request_id: `b${i}`,
                }),
              }),
            });
            if (res.status !== 200) throw new Error(`withdrawal ${i}: ${res.status} ${await res.text()}`);
          },
        );
        for (const w of await db.select({ id: withdrawals.id }).from(withdrawals)) ids.push(w.id);
        console.log(
          `${ids.length} withdrawals Pending; ${APPROVERS} operators approve them; RazorpayX at ${RPS} requests/s`,
        );

        // Approvals, timed: each one's answer comes after the provider's (fund account once, payout).
        const latencies: number[] = [];
        const answers = new Map<string, number>();
        const started = performance.now();
        const approveSeconds = await runWorkers(APPROVERS, ids, async (id) => {
          const t0 = performance.now();
          const res = await fetch(`${base}/adminRoute/withdrawals/${id}/settle`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: opCookie },
            body: JSON.stringify({ action: "approve", confirmRisk: true }),
          });
          latencies.push(performance.now() - t0);
          const body = (await res.json()) as { msg?: string; error_msg?: string };
          const key = `${res.status} ${String(body.msg ?? body.error_msg).slice(0, 60)}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
        });
        // Until every withdrawal is final (the last webhooks come PROCESS_MS after their create).
        const deadline = Date.now() + 120_000;
        let pending = Infinity;
        while (Date.now() < deadline) {
          const [row] = rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from withdrawals where status = 'Pending'`),
          );
          pending = Number(row?.n ?? 0);
          if (pending === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const allSeconds = (performance.now() - started) / 1000;
        latencies.sort((a, b) => a - b);

        const perReference = new Map<string, number>();
        for (const p of rzp.payouts.values())
          perReference.set(p.reference_id!, (perReference.get(p.reference_id!) ?? 0) + 1);
        const twice = [...perReference.values()].filter((n) => n > 1).length;
        const [counts] = rowsOf<Record<string, number>>(
          await db.execute(sql`select
            count(*) filter (where status = 'Success')::int as success,
            count(*) filter (where status = 'Reject')::int as reject,
            count(*) filter (where status = 'Pending')::int as pending
            from withdrawals`),
        );
        const [applied] = rowsOf<Record<string, number>>(
          await db.execute(sql`select
            (select count(*)::int from journal_entries where idempotency_key like 'payout-paid:%') as paid_entries,
            (select count(*)::int from journal_entries where idempotency_key like 'payout-refund:%') as refund_entries,
            (select count(*)::int from ${payouts} where status = 'processed') as processed,
            (select count(*)::int from ${payouts} where status = 'failed') as failed`),
        );
        const paidOut = await accountBalance(db, PLATFORM.paidOut);
        const pendingPayouts = await accountBalance(db, PLATFORM.pendingPayouts);
        const [sent] = rowsOf<{ s: string }>(
          await db.execute(
            sql`select coalesce(sum(amount), 0)::text as s from ${payouts} where status = 'processed'`,
          ),
        );

        console.log("\n| phase | count | seconds | per second | p50 ms | p99 ms |");
        console.log("|---|---|---|---|---|---|");
        console.log(
          `| approvals (payout created at the provider) | ${latencies.length} | ${approveSeconds.toFixed(1)} | ${(latencies.length / approveSeconds).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} |`,
        );
        console.log(
          `| approval → final status (webhook applied) | ${ids.length - pending} | ${allSeconds.toFixed(1)} | ${((ids.length - pending) / allSeconds).toFixed(1)} | | |`,
        );
        for (const [k, n] of answers) console.log(`  approvals answered ${n}×: ${k}`);
        const apiCalls = rzp.requests.length;
        console.log(
          `\nRazorpayX: ${rzp.payouts.size} payouts for ${perReference.size} withdrawals (${twice} paid twice), ${rzp.contacts.size} contacts, ${rzp.fundAccounts.size} fund accounts, ${apiCalls} API requests (${(apiCalls / approveSeconds).toFixed(1)}/s), ${rzp.rateLimited} refused with 429`,
        );
        console.log(
          `withdrawals: ${counts?.success} Success, ${counts?.reject} Reject, ${counts?.pending} Pending; entries: ${applied?.paid_entries} paid, ${applied?.refund_entries} refunds; attempts: ${applied?.processed} processed, ${applied?.failed} failed`,
        );
        console.log(
          `paid out ${paidOut} milli-rupees = processed attempts ${sent?.s}; pending payouts ${pendingPayouts}`,
        );
        const booksOk = await reportLedgerInvariant(db);
        return (
          !booksOk ||
          twice > 0 ||
          pending > 0 ||
          String(paidOut) !== sent?.s ||
          pendingPayouts !== 0 ||
          applied?.paid_entries !== counts?.success ||
          applied?.refund_entries !== counts?.reject
        );
      },
      { ...siteEnvFor(rzp), RAZORPAYX_MAX_RPS: String(RPS) },
    );
  } finally {
    await rzp.close();
  }
}

await main();
