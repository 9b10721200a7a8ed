/**
 * Tic-tac-toe under load: simulated players over socket.io against one API node (a child
 * `server.ts`, ROLE=api) on a scratch PostgreSQL database. Ramps up to `--rooms` live rooms (two
 * websockets each), then for `--seconds` the players move at a human pace (one move per room every
 * 2–3 s); finished games start again. Prints live rooms, moves per second, move latency (emit →
 * acknowledgement) and the CPU of the node, PostgreSQL and the load generator; then checks the
 * books. `npm run bench:games -- --rooms 2000 --seconds 30`; see bench/README.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Socket } from "socket.io-client";
import { openDatabase } from "../api/db/client";
import { seedGamePlayers } from "./game-players";
import { checkGameBooks } from "./games-books";
import { REGISTER_COMPONENT_EVENT } from "../shared/taskWall";
import {
  PRACTICE_ROOM,
  ROOM_COMPONENT,
  TURN_SECONDS,
  TIC_TAC_TOE_EVENTS as EV,
  type RoomView,
} from "../shared/ticTacToeEvents";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process";
import { OBJ_SECRET, reportLedgerInvariant, reportPhase, runWorkers, tally } from "./api";
import { adminSql, dbUrl, percentile } from "./pg";
import { TICKS_PER_SECOND, cpuTicks, openFilesLimit, postgresTicks, summariseProfile } from "./machine";
import { ask, count, openMemberSocket } from "./sockets";
import { rng } from "./multinode/load";
import { searchRooms, type RunResult } from "./games-search";
import { METRICS_TOKEN, errorLines, loopDelay, printNodeErrors } from "./games-node";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} takes a number, 0 or more`);
  return v;
}

const ROOMS_ASKED = Math.max(1, Math.floor(flag("rooms", 10_000)));
/** The search: after --rooms, larger counts by --step up to --max while both aims hold. */
const MAX_ROOMS = Math.floor(flag("max", 0));
const STEP_ROOMS = Math.max(1, Math.floor(flag("step", 500)));
/** The aims (issue 24): joins p99 under 1 s and moves p99 under 50 ms, every socket held. */
const JOIN_P99_AIM_MS = 1000;
const MOVE_P99_AIM_MS = 50;
const SECONDS = flag("seconds", 30);
/** Play before the measured period starts, after the ramp-up. */
const WARMUP_SECONDS = flag("warmup", 20);
/** Practice rooms (no money) instead of the seeded paid types (₹10, ₹20, ₹50). */
const PRACTICE = process.argv.includes("--practice");
/** A CPU profile of the node during the run, summarised at the end. */
const PROFILE = process.argv.includes("--profile");
const THINK_MIN_MS = Number(process.env.BENCH_THINK_MIN_MS ?? 2000);
const THINK_MAX_MS = Number(process.env.BENCH_THINK_MAX_MS ?? 3000);
/** A finished game's page goes back after 5 s (spec 2 §4); then the player thinks and joins again. */
const REJOIN_MS = 5000;
/** Over how long the first games' first moves are spread: within the 30 s turn, with 5 s to spare. */
const STAGGER_MS = Math.max(0, Math.min(20_000, TURN_SECONDS * 1000 - 5000 - THINK_MAX_MS));
/** Connections, joins and entries in flight at once while ramping up. */
const RAMP_CONCURRENCY = Number(process.env.BENCH_RAMP_CONCURRENCY ?? 50);
const SEED = Number(process.env.BENCH_SEED ?? 20261124);
const REDIS_URL = process.env.REDIS_URL;
const PAID_TYPES = [10, 20, 50] as const;
/** Each member's deposit: far more than a run can lose. */
const FUND_MILLI = 10_000_000;

/** A fixed pseudo-random sequence: the same think times and cells every run. */
const random = rng(SEED);
const think = () => THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS);

interface Player {
  index: number;
  cookie: string;
  type: number | string;
  socket?: Socket;
  roomId?: string;
  symbol?: "X" | "O";
  room?: RoomView;
  /** A move or a join is scheduled or in flight. */
  busy: boolean;
  /** Still in the first game of the run. */
  firstGame: boolean;
}

async function main() {
  const results = await searchRooms(run, {
    asked: ROOMS_ASKED,
    step: STEP_ROOMS,
    max: MAX_ROOMS,
    joinP99AimMs: JOIN_P99_AIM_MS,
    moveP99AimMs: MOVE_P99_AIM_MS,
  });
  if (results.some((r) => r.failed)) {
    console.error("\nFAILED: see above.");
    process.exit(1);
  }
  process.exit(0);
}

async function run(ROOMS: number): Promise<RunResult> {
  const limit = openFilesLimit();
  if (2 * ROOMS + 200 > limit)
    throw new Error(
      `${ROOMS} rooms need ${2 * ROOMS} sockets in this process and in the node, but a process may open ${limit} files here (ulimit -n). Raise it (ulimit -n ${2 * ROOMS + 1000}) or ask for fewer rooms.`,
    );

  const stamp = `${Date.now()}`;
  const appDb = `bench_games_${stamp}`;
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), "bench-games-prof-")) : undefined;
  let node: ServerProcess | undefined;
  const players: Player[] = [];
  let failed: boolean;
  let joinP99: number;
  let moveP99: number;
  let allHeld: boolean;
  /** Players act until the measured period ends; then they stop where they are. */
  let running = true;
  await adminSql((s) => s.unsafe(`create database ${appDb}`));
  // Interrupted (Ctrl-C): the node and the scratch database go too.
  process.once("SIGINT", () => {
    node?.child.kill("SIGKILL");
    void adminSql((s) => s.unsafe(`drop database if exists ${appDb} with (force)`)).finally(() =>
      process.exit(130),
    );
  });
  try {
    // ---- Setup: migrate, the room types, members with deposit balance and sessions, in bulk.
    const database = await openDatabase({ url: dbUrl(appDb), maxConnections: 2 });
    const setupStarted = performance.now();
    const n = 2 * ROOMS;
    const cookies = await seedGamePlayers(database.db, dbUrl(appDb), { count: n, depositMilli: FUND_MILLI });
    cookies.forEach((cookie, index) =>
      players.push({
        index,
        cookie,
        type: PRACTICE ? PRACTICE_ROOM : PAID_TYPES[Math.floor(index / 2) % PAID_TYPES.length]!,
        busy: false,
        firstGame: true,
      }),
    );
    console.log(
      `Setup: ${n} members with ₹${FUND_MILLI / 1000} deposit and a session, in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // ---- The node: a child process, so the load generator's CPU is not the node's.
    node = await startServerProcess(
      {
        NODE_ENV: "development",
        DATABASE_URL: dbUrl(appDb),
        SESSION_SECRET: "bench-session-secret-bench-session-secret-0000",
        OBJ_SECRET,
        METRICS_TOKEN,
        ...(REDIS_URL ? { REDIS_URL, REDIS_ADAPTER_KEY: `socket.io-bench-${stamp}` } : {}),
      },
      { nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [], timeoutMs: 120_000 },
    );
    const origin = node.origin;
    console.log(
      `Node: server.ts (ROLE=api, pid ${node.child.pid}) at ${origin}, PostgreSQL${REDIS_URL ? `, Redis adapter at ${REDIS_URL}` : ", no Redis"}; ${PRACTICE ? "practice rooms" : "paid rooms ₹10/₹20/₹50"}; think time ${THINK_MIN_MS}–${THINK_MAX_MS} ms`,
    );

    // ---- The players' behaviour: join, enter, move on their turn after a think, rejoin when done.
    let measuring = false;
    let rampDone = false;
    const moves = tally();
    // The same moves, split by what they did: a move that ends a game also settles it (the prize,
    // the escrow, the pair's collusion read, two balance pushes and the lobby's).
    const movesOn = tally();
    const movesEnding = tally();
    const joins = tally();
    const enters = tally();
    const rampJoins = tally();
    const rampEnters = tally();
    const ends = new Map<string, number>();
    let windowStarted = 0;

    const schedule = (p: Player) => {
      const room = p.room;
      if (!running || p.busy || !room || !p.symbol) return;
      if (room.status === "playing" && room.currentTurn === p.symbol) {
        p.busy = true;
        // The first games' first moves are spread over one game's length, as players arriving
        // over time would be; otherwise every game of the run would end and restart in step.
        const stagger = p.firstGame && room.version <= 1 ? random() * STAGGER_MS : 0;
        setTimeout(() => void move(p, room.version), stagger + think());
      } else if (room.status === "finished" || room.status === "cancelled") {
        if (measuring && p.symbol === "X") {
          const reason = room.end_reason ?? "?";
          ends.set(reason, (ends.get(reason) ?? 0) + 1);
        }
        p.busy = true;
        p.room = undefined;
        p.firstGame = false;
        setTimeout(() => void play(p), REJOIN_MS + think());
      }
    };

    /** Keeps the newest state of the player's room (pushes and answers may arrive in any order), then acts. */
    const see = (p: Player, room: RoomView | undefined) => {
      if (room && room._id === p.roomId && (!p.room || p.room.version < room.version)) p.room = room;
      schedule(p);
    };

    async function move(p: Player, version: number) {
      const room = p.room;
      if (!running || !room || room.version !== version || !p.socket) {
        p.busy = false;
        return;
      }
      const empty: [number, number][] = [];
      room.gameState.forEach((line, r) => line.forEach((cell, c) => cell === "" && empty.push([r, c])));
      const [row, col] = empty[Math.floor(random() * empty.length)]!;
      const counted = measuring;
      const started = performance.now();
      const answer = await ask(p.socket, EV.move, { decodedRoomId: room._id, row, col, version });
      if (counted) {
        const ms = performance.now() - started;
        count(moves, answer, ms);
        count(answer?.msg?.room?.status === "playing" ? movesOn : movesEnding, answer, ms);
      }
      p.busy = false;
      see(p, answer?.msg?.room);
    }

    /** Joins the player's type and enters the room it was given (the lobby's Join, then the room page). */
    async function play(p: Player): Promise<void> {
      if (!running || !p.socket) return;
      let started = performance.now();
      const joined = await ask(p.socket, EV.join, { type: p.type });
      if (!rampDone) count(rampJoins, joined, performance.now() - started);
      else if (measuring) count(joins, joined, performance.now() - started);
      if (!joined?.success) {
        p.busy = false;
        return;
      }
      p.roomId = joined.msg.userRoom_id;
      p.room = undefined;
      p.symbol = undefined;
      started = performance.now();
      const entered = await ask(p.socket, EV.enterRoom, { decodedRoomId: p.roomId, decodedRoomType: p.type });
      if (!rampDone) count(rampEnters, entered, performance.now() - started);
      else if (measuring) count(enters, entered, performance.now() - started);
      p.busy = false;
      if (!entered?.success) return;
      p.symbol = entered.msg.userSymbol;
      see(p, entered.msg.room);
    }

    // ---- Ramp-up: every socket connects and registers; then pair by pair, each player joins and enters.
    const connects = tally();
    const rampStarted = performance.now();
    const connectSeconds = await runWorkers(RAMP_CONCURRENCY, players, async (p) => {
      const started = performance.now();
      const { socket, error } = await openMemberSocket(origin, p.cookie, 30_000);
      if (error !== null) {
        connects.answers.set(error, (connects.answers.get(error) ?? 0) + 1);
        connects.failed++;
        return;
      }
      const registered = await ask(socket, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
      count(connects, registered, performance.now() - started);
      p.socket = socket;
      socket.on(EV.roomUpdated, (push: { msg?: { room?: RoomView } }) => see(p, push?.msg?.room));
      socket.on("disconnect", () => {
        if (running) connects.answers.set("disconnected", (connects.answers.get("disconnected") ?? 0) + 1);
      });
    });
    console.log(`Connected ${connects.ok} sockets in ${connectSeconds.toFixed(1)} s`);
    const pairs = Array.from({ length: ROOMS }, (_, k) => [players[2 * k]!, players[2 * k + 1]!] as const);
    const joinSeconds = await runWorkers(RAMP_CONCURRENCY, pairs, async ([a, b]) => {
      a.busy = b.busy = true;
      await play(a);
      await play(b);
    });
    rampDone = true;
    const rampSeconds = (performance.now() - rampStarted) / 1000;
    /** Rooms in play, and players between games (rejoining, or waiting for an opponent). */
    const liveRooms = () => {
      const live = new Set<string>();
      for (const p of players) if (p.room?.status === "playing") live.add(p.room._id);
      return live.size;
    };
    const betweenGames = () => players.filter((p) => p.room?.status !== "playing").length;
    console.log(
      `Ramp-up: ${ROOMS} pairs joined in ${joinSeconds.toFixed(1)} s (${rampSeconds.toFixed(1)} s with connecting); live rooms now ${liveRooms()}`,
    );

    // ---- The measured period, after a warm-up.
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    // The node's event-loop delay over the window: prom-client restarts its histogram at each scrape.
    await loopDelay(node.origin);
    measuring = true;
    windowStarted = performance.now();
    const cpu0 = { node: cpuTicks(node.child.pid!), pg: postgresTicks(), self: process.cpuUsage() };
    const live: number[] = [];
    const between: number[] = [];
    await new Promise<void>((resolve) => {
      const sampler = setInterval(() => {
        live.push(liveRooms());
        between.push(betweenGames());
        if (performance.now() - windowStarted >= SECONDS * 1000) {
          clearInterval(sampler);
          resolve();
        }
      }, 1000);
    });
    measuring = false;
    const delay = await loopDelay(node.origin);
    const windowSeconds = (performance.now() - windowStarted) / 1000;
    const cpu1 = { node: cpuTicks(node.child.pid!), pg: postgresTicks(), self: process.cpuUsage(cpu0.self) };
    running = false;

    // ---- Results.
    const sockets = players.filter((p) => p.socket?.connected).length;
    const sorted = [...moves.latencies].sort((a, b) => a - b);
    const pct = (x: number) => percentile(sorted, x).toFixed(1);
    console.log(
      `\nGames bench: ${ROOMS} rooms asked, ${players.length} players, ${SECONDS} s measured, ${PRACTICE ? "practice" : "paid"}, ${REDIS_URL ? "Redis adapter" : "no Redis"}, PostgreSQL`,
    );
    console.log("\n| phase | ok | refused | failed | ok/s | p50 ms | p99 ms |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    const rampOk = reportPhase("connect + register (ramp)", connects, connectSeconds, players.length);
    reportPhase("join (ramp)", rampJoins, joinSeconds, rampJoins.latencies.length);
    reportPhase("enter (ramp)", rampEnters, joinSeconds, rampEnters.latencies.length);
    reportPhase("join (measured)", joins, windowSeconds, joins.latencies.length);
    reportPhase("enter (measured)", enters, windowSeconds, enters.latencies.length);
    reportPhase("move (measured)", moves, windowSeconds, moves.latencies.length);
    reportPhase("… of which the game goes on", movesOn, windowSeconds, movesOn.latencies.length);
    reportPhase(
      "… of which the game ends (or a refusal)",
      movesEnding,
      windowSeconds,
      movesEnding.latencies.length,
    );
    const mean = (xs: number[]) => (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(0);
    if (delay)
      console.log(
        `\nnode event-loop delay over the period: p50 ${delay.p50} ms, p99 ${delay.p99} ms, max ${delay.max} ms`,
      );
    console.log(
      `\nsockets held: ${sockets} of ${players.length}; rooms in play: min ${Math.min(...live)}, mean ${mean(live)}, max ${Math.max(...live)} (sampled each second); players between games: mean ${mean(between)}`,
    );
    console.log(
      `moves/second: ${(moves.ok / windowSeconds).toFixed(1)} (${moves.ok} in ${windowSeconds.toFixed(1)} s)`,
    );
    console.log(
      `move latency (emit → ack): p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `games ended in the period: ${[...ends].map(([k, v]) => `${k} ${v}`).join(", ") || "none"}; move errors: ${moves.refused} refused, ${moves.failed} failed`,
    );
    const share = (ticks: number | null) =>
      ticks === null ? "?" : `${((100 * ticks) / TICKS_PER_SECOND / windowSeconds).toFixed(0)} %`;
    console.log(
      `CPU over the period (100 % = one core): node ${share(cpu1.node !== null && cpu0.node !== null ? cpu1.node - cpu0.node : null)}, PostgreSQL (all its processes) ${share(cpu1.pg - cpu0.pg)}, load generator ${((100 * (cpu1.self.user + cpu1.self.system)) / 1e6 / windowSeconds).toFixed(0)} %`,
    );
    const p99 = percentile(sorted, 99);
    joinP99 = percentile(
      [...joins.latencies].sort((a, b) => a - b),
      99,
    );
    moveP99 = p99;
    allHeld = sockets === players.length && moves.failed === 0;
    console.log(
      `aim: ${ROOMS} rooms (${players.length} sockets) held with move p99 < ${MOVE_P99_AIM_MS} ms → ${allHeld && p99 < MOVE_P99_AIM_MS ? "MET" : "NOT MET"} (p99 ${p99.toFixed(1)} ms)`,
    );
    console.log(
      `aim: joins p99 < ${JOIN_P99_AIM_MS} ms during play → ${joinP99 < JOIN_P99_AIM_MS ? "MET" : "NOT MET"} (p99 ${joinP99.toFixed(0)} ms, ${joins.latencies.length} joins)`,
    );
    failed = !rampOk || [moves, joins, enters, rampJoins, rampEnters].some((t) => t.failed > 0);

    // ---- The books, with the node stopped (bench/games-books.ts).
    printNodeErrors(node.output());
    const before = node.output().length;
    await node.stop("SIGTERM");
    const atStop = errorLines(node.output().slice(before)).length;
    // Joins still queued for a connection when the pool closes fail (the bench stops mid-play).
    if (atStop) console.log(`node errors while stopping (SIGTERM mid-play): ${atStop}`);
    for (const p of players) p.socket?.disconnect();
    if (!(await checkGameBooks(database.db))) failed = true;
    failed = !(await reportLedgerInvariant(database.db)) || failed;
    await database.close();
    if (profileDir) summariseProfile(profileDir);
  } finally {
    running = false;
    for (const p of players) p.socket?.disconnect();
    await node?.stop("SIGKILL");
    await adminSql((s) => s.unsafe(`drop database if exists ${appDb} with (force)`));
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
  return { rooms: ROOMS, joinP99, moveP99, allHeld, failed };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
