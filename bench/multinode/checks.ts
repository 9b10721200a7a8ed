/**
 * What must hold after the multi-node run: failures only where a node was killed under a request,
 * every game over and settled once, every credit once, the ledger invariant, the escrows.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/db/client";
import { campaigns } from "../../api/db/schema";
import {
  PLATFORM,
  accountBalance,
  campaignEscrowAccount,
  checkLedgerInvariant,
} from "../../api/ledger/ledger";
import { sweep } from "../../api/games/sweeper";
import { NO_GAME_NOTIFIER } from "../../api/games/rooms";
import { RoomStates } from "../../api/games/roomStates";
import { RECONNECT_SECONDS, TURN_SECONDS, WAIT_SECONDS } from "../../shared/ticTacToeEvents";
import type { GameStats, Ledgerish, Sent } from "./load";
import type { Site } from "./site";
import type { Restart } from "./cluster";
import { InFlight } from "../../api/lib/inFlight";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** How long after a kill a failed request still counts as one that was in flight on the lost node. */
export const IN_FLIGHT_GRACE_MS = 5000;

/**
 * A request sent this soon after the kill signal still went to the dying node: nginx had written it
 * on a kept-alive connection before the node's connections were reset (nginx never resends a POST
 * or PATCH it has written).
 */
export const KILL_SETTLE_MS = 500;

export interface Kill {
  /** ms on the load's clock. */
  at: number;
  /** host:port of the killed nodes. */
  hosts: string[];
}

export interface Classified {
  total: number;
  ok: number;
  refused: number;
  /** 5xx or no answer, sent before a kill (or KILL_SETTLE_MS after) and failed within IN_FLIGHT_GRACE_MS after it. */
  inFlight: Sent[];
  /** Every other 5xx or missing answer. */
  unexpected: Sent[];
}

export function classify(sent: Sent[], kills: Kill[]): Classified {
  const out: Classified = { total: sent.length, ok: 0, refused: 0, inFlight: [], unexpected: [] };
  for (const s of sent) {
    if (s.status > 0 && s.status < 400) out.ok++;
    else if (s.status >= 400 && s.status < 500) out.refused++;
    else if (
      kills.some(
        (k) => s.started <= k.at + KILL_SETTLE_MS && s.ended >= k.at && s.ended <= k.at + IN_FLIGHT_GRACE_MS,
      )
    )
      out.inFlight.push(s);
    else out.unexpected.push(s);
  }
  return out;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * Settles what the run left open as the nodes' sweeper would once every deadline has passed (the
 * sweeper run here, with a clock past the longest timer), then checks the books. Answers the checks.
 */
export async function checkBooks(
  url: string,
  site: Site,
  run: { http: Classified; books: Ledgerish; games: GameStats; gameRooms: Set<string>; kills: Kill[] },
): Promise<{ checks: Check[]; swept: number }> {
  const database = await openDatabase({ url, maxConnections: 2 });
  const db = database.db;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  try {
    // ---- Failures: only requests in flight on a killed node.
    const lostAcks = run.games.lost.filter(
      (l) => !run.kills.some((k) => l.at <= k.at + KILL_SETTLE_MS && l.at >= k.at - 15_000),
    ).length;
    const sample = run.http.unexpected
      .slice(0, 5)
      .map(
        (s) =>
          `${s.kind} ${s.status || s.error} at ${(s.started / 1000).toFixed(1)} s via ${s.upstream ?? "?"}`,
      )
      .join("; ");
    check(
      "no 5xx or lost request other than in flight on a killed node",
      run.http.unexpected.length === 0 && lostAcks === 0,
      `${run.http.total} requests: ${run.http.ok} ok, ${run.http.refused} refused (4xx), ${run.http.inFlight.length} failed in flight on a killed node, ${run.http.unexpected.length} other failures${sample ? ` (${sample})` : ""}; socket acks lost: ${run.games.lost.length} (${lostAcks} not around a kill${run.games.lost.length ? `: ${run.games.lost.map((l) => `${l.event} asked at ${(l.at / 1000).toFixed(2)} s, failed at ${(l.failedAt / 1000).toFixed(2)} s (${l.reason})`).join("; ")}` : ""}); ${run.games.abandoned} still awaited when the run closed its sockets`,
    );

    // ---- Games: the sweeper (clock past every timer) settles whatever the run left open.
    const future = new Date(
      Date.now() + (Math.max(TURN_SECONDS, WAIT_SECONDS, RECONNECT_SECONDS) + 60) * 1000,
    );
    const afterSweep = new InFlight();
    const swept = await sweep(
      {
        db,
        clock: () => future,
        notifier: NO_GAME_NOTIFIER,
        nodeEnv: "development",
        inFlight: afterSweep,
        states: new RoomStates(),
      },
      future,
    );
    await afterSweep.settled(10_000);
    const rooms = rowsOf<{ status: string; n: number; unsettled: number }>(
      await db.execute(sql`select status, count(*)::int as n,
          count(*) filter (where settled_at is null)::int as unsettled
        from game_rooms group by status`),
    );
    const byStatus = Object.fromEntries(rooms.map((r) => [r.status, r]));
    const open = (byStatus.waiting?.n ?? 0) + (byStatus.playing?.n ?? 0);
    const unsettled = rooms.reduce((s, r) => s + r.unsettled, 0);
    check(
      "every game finished (or cancelled) and settled",
      open === 0 && unsettled === 0 && run.gameRooms.size > 0,
      `${run.gameRooms.size} rooms played in: ${rooms.map((r) => `${r.status} ${r.n}`).join(", ")}; ${unsettled} unsettled; ${swept} left for the sweeper`,
    );
    // The rooms' own entries (the seed's demo history has game entries without rooms).
    const [money] = rowsOf<{
      wins: number;
      prizes: number;
      revenues: number;
      seats: number;
      fees: number;
      refundSeats: number;
      refunds: number;
    }>(
      await db.execute(sql`with paid as (select * from game_rooms where entry_fee > 0),
        seats as (select p.room_id, p.user_id, r.status, r.winner from game_players p join paid r on r.id = p.room_id)
        select
          (select count(*) from paid where status = 'finished' and winner in ('X', 'O'))::int as wins,
          (select count(*) from journal_entries j join paid r on j.idempotency_key = 'game-prize:' || r.id)::int as prizes,
          (select count(*) from journal_entries j join paid r on j.idempotency_key = 'game-revenue:' || r.id)::int as revenues,
          (select count(*) from seats)::int as seats,
          (select count(*) from journal_entries j join seats s
             on j.idempotency_key = 'game-fee:' || s.room_id || ':' || s.user_id)::int as fees,
          (select count(*) from seats where status = 'cancelled' or winner = 'draw')::int as "refundSeats",
          (select count(*) from journal_entries j join seats s
             on j.idempotency_key = 'game-refund:' || s.room_id || ':' || s.user_id)::int as refunds`),
    );
    const g = money!;
    check(
      "every paid game settled once (a prize and a revenue entry per win, a fee per seat, a refund per seat of a draw or a cancelled room)",
      g.prizes === g.wins && g.revenues === g.wins && g.fees === g.seats && g.refunds === g.refundSeats,
      `paid wins ${g.wins}: prize entries ${g.prizes}, revenue entries ${g.revenues}; paid seats ${g.seats}: fee entries ${g.fees}; seats of draws and cancelled rooms ${g.refundSeats}: refund entries ${g.refunds}`,
    );
    // Each paid room holds its fees on its own escrow (api/games/escrow.ts); the platform's older one no longer moves.
    const escrow = await accountBalance(db, PLATFORM.gameEscrow);
    const [roomEscrows] = rowsOf<{ n: number; nonzero: number }>(
      await db.execute(sql`select count(*)::int as n, count(*) filter (where balance <> 0)::int as nonzero
        from (select a.id, coalesce(sum(l.amount), 0) as balance from ledger_accounts a
          left join journal_lines l on l.account_id = a.id
          where a.id like 'game:%:escrow' group by a.id) e`),
    );
    check(
      "the game escrows are empty once every game is over",
      escrow === 0 && roomEscrows!.nonzero === 0,
      `${roomEscrows!.n} room escrows, ${roomEscrows!.nonzero} not at 0; platform:game_escrow ${escrow}`,
    );

    // ---- Credits once.
    const [dups] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select idempotency_key from journal_entries
          where idempotency_key is not null group by 1 having count(*) > 1) d`),
    );
    check("no idempotency key posted twice", dups!.n === 0, `${dups!.n} keys posted more than once`);
    const [pb] = rowsOf<{ n: number; distinct: number }>(
      await db.execute(sql`select count(*)::int as n, count(distinct idempotency_key)::int as distinct
        from journal_entries where kind = 'offerWall' and idempotency_key like ${`offerwall:${site.wallId}:%`}`),
    );
    const answered = [...run.books.postbacks.values()].filter((t) => t.ok).length;
    check(
      "every offer-wall transaction credited once (each sent twice at once, failed ones resent)",
      pb!.n === run.books.postbacks.size && answered === run.books.postbacks.size,
      `${run.books.postbacks.size} transactions, ${answered} answered "1", ${pb!.n} credits`,
    );
    const [earn] = rowsOf<{ ads: number; links: number }>(
      await db.execute(sql`select
          (select count(*) from journal_entries where idempotency_key like 'ptc:view:%')::int as ads,
          (select count(*) from journal_entries where idempotency_key like 'shortlink:%')::int as links`),
    );
    const { adClaims, shortClaims, conversions, withdrawals } = run.books;
    check(
      "ad and short-link credits: one per claim answered, none beyond those asked",
      earn!.ads >= adClaims.ok &&
        earn!.ads <= adClaims.attempted &&
        earn!.links >= shortClaims.ok &&
        earn!.links <= shortClaims.attempted,
      `ad claims ${adClaims.ok} ok of ${adClaims.attempted}, ${earn!.ads} credits; short-link claims ${shortClaims.ok} ok of ${shortClaims.attempted}, ${earn!.links} credits`,
    );
    const [conv] = rowsOf<{ conversions: number; withdrawals: number }>(
      await db.execute(sql`select
          (select count(*) from conversions where request_key like 'mn-c%')::int as conversions,
          (select count(*) from withdrawals where request_key like 'mn-w%')::int as withdrawals`),
    );
    check(
      "conversions and withdrawals: one per request id answered, none beyond those asked",
      conv!.conversions >= conversions.ok.size &&
        conv!.conversions <= conversions.attempted.size &&
        conv!.withdrawals >= withdrawals.ok.size &&
        conv!.withdrawals <= withdrawals.attempted.size,
      `conversions ${conversions.ok.size} ok of ${conversions.attempted.size}, ${conv!.conversions} made; withdrawals ${withdrawals.ok.size} ok of ${withdrawals.attempted.size}, ${conv!.withdrawals} made`,
    );

    // ---- The ledger and the escrows.
    const inv = await checkLedgerInvariant(db);
    check(
      "ledger invariant",
      inv.total === 0 && inv.negative.length === 0 && inv.unbalancedEntries === 0,
      `total ${inv.total}, negative [${inv.negative.join(", ")}], unbalanced ${inv.unbalancedEntries}`,
    );
    const escrows: string[] = [];
    let escrowOk = true;
    for (const c of await db.select().from(campaigns)) {
      const balance = await accountBalance(db, campaignEscrowAccount(c.id));
      // A deleted (or rejected) campaign's rest went back to its advertiser.
      const expected =
        c.status === "deleted" || c.status === "rejected"
          ? 0
          : (c.totalViews - c.deliveredViews) * Number(c.price);
      if (balance !== expected) escrowOk = false;
      if (site.campaignIds.includes(c.id))
        escrows.push(`${c.deliveredViews}/${c.totalViews} views, escrow ${balance}`);
    }
    const [pending] = rowsOf<{ s: string }>(
      await db.execute(
        sql`select coalesce(sum(amount), 0)::bigint as s from withdrawals where status = 'Pending'`,
      ),
    );
    const pendingPayouts = await accountBalance(db, PLATFORM.pendingPayouts);
    check(
      "escrows: each campaign's = undelivered views × price (0 once deleted); pending payouts = pending withdrawals",
      escrowOk && Number(pending!.s) === pendingPayouts,
      `${escrows.join("; ")}; pending withdrawals ${pending!.s}, platform:pending_payouts ${pendingPayouts}`,
    );
    return { checks, swept };
  } finally {
    await database.close();
  }
}

/** The rolling restart of the run: its restarts, and the load's clock around it. */
export interface Rolling {
  restarts: Restart[];
  /** SIGTERM to the first node (ms on the load's clock). */
  from: number;
  /** Every restarted node back in nginx's rotation (it answered a request through nginx). */
  to: number;
  /** When the next disturbance (the kill) came, or the load ended: requests sent and failures until then count. */
  until: number;
  /** When each restarted node first answered a request through nginx after its restart, by host. */
  backAt: Map<string, number>;
  /** Players' reconnections during the rolling restart. */
  reconnects: number;
}

/**
 * The rolling restart lost nothing: each node exited 0 on SIGTERM and came back; from the first
 * SIGTERM to the kill (or the end), no request failed (no 5xx, no connection error) and no socket
 * acknowledgement was lost; each restarted node answered through nginx again.
 */
export function rollingChecks(sent: Sent[], games: GameStats, rolling: Rolling): Check[] {
  const inWindow = sent.filter((s) => s.started >= rolling.from && s.started < rolling.until);
  // A failure that came after the kill is the kill's, judged with the rest (in flight on a killed node, or not).
  const failed = inWindow.filter((s) => (s.status === 0 || s.status >= 500) && s.ended < rolling.until);
  const refused = inWindow.filter((s) => s.status >= 400 && s.status < 500).length;
  const lost = games.lost.filter((l) => l.failedAt >= rolling.from && l.failedAt < rolling.until);
  const sample = failed
    .slice(0, 5)
    .map(
      (s) =>
        `${s.kind} ${s.status || s.error} at ${(s.started / 1000).toFixed(2)} s via ${s.upstream ?? "?"}`,
    )
    .join("; ");
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    {
      name: "rolling restart: each node exited 0 on SIGTERM and came back ready on its port",
      ok: rolling.restarts.every((r) => r.code === 0),
      detail: rolling.restarts
        .map(
          (r) =>
            `${r.role} ${r.host}: exit ${r.code ?? r.signal} ${s(r.drainMs)} after SIGTERM, ready ${s(r.startMs)} later`,
        )
        .join("; "),
    },
    {
      name: "rolling restart: no request failed and no socket acknowledgement lost",
      ok: failed.length === 0 && lost.length === 0 && inWindow.length > 0,
      detail: `${inWindow.length} requests sent from the first SIGTERM (${s(rolling.from)}) to ${s(rolling.until)}: ${inWindow.length - refused - failed.length} ok, ${refused} refused (4xx), ${failed.length} failed${sample ? ` (${sample})` : ""}; ${rolling.reconnects} player reconnections, socket acks lost: ${lost.length}; events sent as a node said goodbye and asked again: ${games.goodbyes}`,
    },
    {
      name: "rolling restart: each restarted node answers through nginx again",
      ok: rolling.restarts.every((r) => rolling.backAt.has(r.host)),
      detail: rolling.restarts
        .map((r) => {
          const back = rolling.backAt.get(r.host);
          return `${r.role} ${r.host}: ${back === undefined ? "never" : `${s(back - r.readyAt)} after ready`}`;
        })
        .join("; "),
    },
  ];
}
