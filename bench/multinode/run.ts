/**
 * The multi-node run shared by bench/multinode.ts and tests/integration/multinode.test.ts: seed,
 * 2 API and 2 web nodes behind nginx, optionally two throughput phases (nginx sending the API to
 * 1, then to 2 API nodes), then the mixed load with games, during which one API node and then one
 * web node are restarted (SIGTERM, exit 0, started again on their port: a rolling restart that
 * must lose nothing), and then the other API node and the other web node are killed (SIGKILL:
 * only requests in flight on them may fail); then the games are played out, the nodes stopped
 * and the books checked.
 */
import { classify, checkBooks, rollingChecks, type Check, type Kill, type Rolling } from "./checks";
import { freePortInRange, startCluster, type Cluster } from "./cluster";
import { Load, sleep } from "./load";
import { Games } from "./games";
import { seedSite } from "./site";

export interface RunOptions {
  databaseUrl: string;
  /** Virtual members making HTTP requests at once. */
  users: number;
  /** Members of the HTTP load (each virtual member is one of them). */
  members: number;
  /** Tic-tac-toe players (an even number). */
  players: number;
  campaigns: number;
  /** Each throughput phase's length (0: no throughput phases). */
  throughputSeconds: number;
  /** The mixed load's quiet stretches: before the rolling restart, between it and the kills, after the kills. */
  steadySeconds: number;
  /** Restart one API node, then one web node (SIGTERM, wait for exit 0, start again) under the load. */
  rollingRestart: boolean;
  /** Kill (SIGKILL) the other API node and the other web node under the load. */
  kill: boolean;
  /** How long the players may take to finish their games once the load ends. */
  finishSeconds: number;
  log?: (line: string) => void;
}

export interface RunResult {
  /** The rolling restart's figures (when there was one). */
  rolling?: Rolling;
  /** Requests per second through nginx (answered, not 5xx) with 1 and with 2 API nodes. */
  throughput?: { oneApi: number; twoApi: number; oneApiOk: number; twoApiOk: number };
  checks: Check[];
  summary: string[];
  cluster: { output: string };
}

const rate = (n: number, seconds: number) => n / seconds;

export async function runMultinode(opts: RunOptions): Promise<RunResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const summary: string[] = [];
  const say = (line: string) => {
    summary.push(line);
    log(line);
  };
  const port = await freePortInRange();
  const origin = `http://127.0.0.1:${port}`;
  let started = performance.now();
  const site = await seedSite(opts.databaseUrl, {
    origin,
    members: opts.members,
    players: opts.players,
    campaigns: opts.campaigns,
  });
  log(
    `Seeded: ${site.members.length} members, ${site.players.length} players, ${site.campaignIds.length} ad campaigns, ${site.linkIds.length} short links, an offer wall (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  started = performance.now();
  const cluster: Cluster = await startCluster({
    databaseUrl: opts.databaseUrl,
    apiNodes: 2,
    webNodes: 2,
    nginxApiNodes: opts.throughputSeconds > 0 ? 1 : 2,
    port,
    log,
  });
  const host = (o: string) => new URL(o).host;
  log(
    `Nodes: api ${cluster.api.map((n) => host(n.origin)).join(", ")}; web ${cluster.web.map((n) => host(n.origin)).join(", ")}; nginx ${host(origin)} (${((performance.now() - started) / 1000).toFixed(1)} s to start)`,
  );
  const load = new Load(origin, site, opts.users * 2);
  let games: Games | undefined;
  const kills: Kill[] = [];
  let rolling: Rolling | undefined;
  let throughput: RunResult["throughput"];
  let output: string;
  try {
    // ---- Throughput: the same mix, nginx sending the API to one node, then to both.
    if (opts.throughputSeconds > 0) {
      const apiNodes = (n: number) => ({
        api: cluster.api.slice(0, n).map((node) => node.origin),
        web: cluster.web.map((node) => node.origin),
      });
      /** Requests answered (not 5xx) and ok within the phase's window, per second. */
      const phase = async (n: number) => {
        if (n !== currentApiNodes) await cluster.nginx.reload(apiNodes(n));
        currentApiNodes = n;
        const from = load.now();
        const to = from + opts.throughputSeconds * 1000;
        await load.run(opts.users, () => load.now() < to);
        const inWindow = load.sent.filter((s) => s.started >= from && s.ended <= to);
        const answered = inWindow.filter((s) => s.status > 0 && s.status < 500).length;
        const ok = inWindow.filter((s) => s.status > 0 && s.status < 400).length;
        const failed = inWindow.length - answered;
        log(
          `  ${n} API node${n > 1 ? "s" : " "}: ${rate(answered, opts.throughputSeconds).toFixed(1)} requests/s (${rate(ok, opts.throughputSeconds).toFixed(1)} ok/s, ${failed} failed) in ${opts.throughputSeconds} s`,
        );
        return { answered: rate(answered, opts.throughputSeconds), ok: rate(ok, opts.throughputSeconds) };
      };
      let currentApiNodes = 1;
      // Alternated (1, 2, 1, 2): the database growing and the nodes warming up weigh on both alike.
      log(`Throughput through nginx, ${opts.users} virtual members, 2 web nodes:`);
      const rounds = [await phase(1), await phase(2), await phase(1), await phase(2)];
      const mean = (xs: { answered: number; ok: number }[]) => ({
        answered: (xs[0]!.answered + xs[1]!.answered) / 2,
        ok: (xs[0]!.ok + xs[1]!.ok) / 2,
      });
      const one = mean([rounds[0]!, rounds[2]!]);
      const two = mean([rounds[1]!, rounds[3]!]);
      say(
        `throughput with 1 API node : ${one.answered.toFixed(1)} requests/s through nginx (${one.ok.toFixed(1)} ok/s), mean of 2 × ${opts.throughputSeconds} s`,
      );
      say(
        `throughput with 2 API nodes: ${two.answered.toFixed(1)} requests/s through nginx (${two.ok.toFixed(1)} ok/s), mean of 2 × ${opts.throughputSeconds} s`,
      );
      say(`ratio 2 API nodes ÷ 1 API node: ${(two.answered / one.answered).toFixed(2)}`);
      throughput = { oneApi: one.answered, twoApi: two.answered, oneApiOk: one.ok, twoApiOk: two.ok };
    }

    // ---- The mixed load with games: a rolling restart (API node 2, then web node 2), then the
    // other two nodes killed; a quiet stretch before, between and after.
    games = new Games(origin, site.players, () => load.now());
    await games.start();
    const from = load.sent.length;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    let loading = true;
    const events = (async () => {
      try {
        await sleep(opts.steadySeconds * 1000);
        if (opts.rollingRestart) {
          const reconnectsBefore = games!.stats.reconnects;
          const start = load.now();
          const restarts = [];
          for (const role of ["api", "web"] as const) {
            log(`  ${role} ${host(cluster[role][1]!.origin)}: SIGTERM at ${s(load.now())}`);
            const r = await cluster.restart(role, 1, () => load.now());
            restarts.push(r);
            log(
              `  ${role} ${r.host}: exited ${r.code ?? r.signal} ${s(r.drainMs)} after SIGTERM; started again, ready at ${s(r.readyAt)} (${s(r.startMs)} to start)`,
            );
          }
          // Back in nginx's rotation: nginx tries a node it found refusing again after fail_timeout (5 s).
          const backAt = new Map<string, number>();
          const deadline = load.now() + 15_000;
          while (backAt.size < restarts.length && load.now() < deadline) {
            for (const r of restarts)
              if (!backAt.has(r.host)) {
                const first = load.sent.find(
                  (x) => x.started >= r.readyAt && x.status > 0 && x.upstream?.split(", ").at(-1) === r.host,
                );
                if (first) backAt.set(r.host, first.started);
              }
            await sleep(100);
          }
          rolling = {
            restarts,
            from: start,
            to: load.now(),
            until: load.now(),
            backAt,
            reconnects: games!.stats.reconnects - reconnectsBefore,
          };
          log(`  rolling restart over at ${s(rolling.to)}: both nodes answering through nginx again`);
          if (opts.kill) await sleep(Math.min(opts.steadySeconds, 2) * 1000);
        }
        if (opts.kill) {
          const victims = [cluster.api[0]!, cluster.web[0]!];
          kills.push({ at: load.now(), hosts: victims.map((v) => host(v.origin)) });
          for (const v of victims) v.child.kill("SIGKILL");
          log(
            `  killed api ${host(victims[0]!.origin)} and web ${host(victims[1]!.origin)} (SIGKILL) at ${s(load.now())}`,
          );
          await sleep(opts.steadySeconds * 1000);
        }
      } finally {
        if (rolling) rolling.until = kills[0]?.at ?? load.now();
        loading = false;
      }
    })();
    const seconds = await load.run(opts.users, () => loading);
    await events;
    const chaos = load.sent.slice(from);
    say(
      `mixed load with games: ${chaos.length} requests in ${seconds.toFixed(1)} s (${rate(chaos.length, seconds).toFixed(1)}/s), ${games.players.length} players, ${games.stats.joins} joins, ${games.stats.moves} moves, ${games.stats.reconnects} reconnects through nginx`,
    );
    await games.finish(opts.finishSeconds * 1000);
    const resent = await load.retryPostbacks();
    say(
      `after the load: ${games.stats.openAtEnd} players still in a game after ${opts.finishSeconds} s; ${resent} postbacks resent; games ended by player: ${[...games.stats.ends].map(([k, v]) => `${k} ${v}`).join(", ")}`,
    );
  } finally {
    games?.close();
    await load.close();
    output = cluster.output();
    await cluster.stop();
  }

  const http = classify(load.sent, kills);
  const byKind = new Map<string, { n: number; ok: number; refused: number; failed: number }>();
  for (const s of load.sent) {
    const k = byKind.get(s.kind) ?? { n: 0, ok: 0, refused: 0, failed: 0 };
    k.n++;
    if (s.status > 0 && s.status < 400) k.ok++;
    else if (s.status >= 400 && s.status < 500) k.refused++;
    else k.failed++;
    byKind.set(s.kind, k);
  }
  log("\n| request | sent | ok | refused (4xx) | 5xx or no answer |");
  log("|---|---:|---:|---:|---:|");
  for (const [kind, k] of byKind) log(`| ${kind} | ${k.n} | ${k.ok} | ${k.refused} | ${k.failed} |`);
  for (const [k, n] of [...load.refusals].sort((a, b) => b[1] - a[1]).slice(0, 8))
    log(`  refused ${n}×: ${k}`);
  for (const s of http.inFlight.slice(0, 10))
    log(
      `  in flight on a killed node: ${s.kind} ${s.status || s.error} sent ${(s.started / 1000).toFixed(2)} s, ended ${(s.ended / 1000).toFixed(2)} s, via ${s.upstream ?? "?"}`,
    );
  const { checks: bookChecks, swept } = await checkBooks(opts.databaseUrl, site, {
    http,
    books: load.books,
    games: games!.stats,
    gameRooms: games!.rooms,
    kills,
  });
  const checks = [...(rolling ? rollingChecks(load.sent, games!.stats, rolling) : []), ...bookChecks];
  log("");
  for (const c of checks) say(`${c.ok ? "OK  " : "FAIL"} ${c.name}: ${c.detail}`);
  if (swept > 0) log(`(${swept} rooms were settled by the sweeper run with a clock past every timer)`);
  return { throughput, rolling, checks, summary, cluster: { output } };
}
