/**
 * bench:games' search (`--rooms N --max M --step S`): runs at N rooms, then larger counts while
 * both aims hold, and prints the largest count that kept them and the first limit after it.
 */

/** One run's figures against the aims. */
export interface RunResult {
  rooms: number;
  joinP99: number;
  moveP99: number;
  allHeld: boolean;
  failed: boolean;
}

interface Search {
  asked: number;
  step: number;
  /** 0: the asked count only. */
  max: number;
  joinP99AimMs: number;
  moveP99AimMs: number;
}

/** Which aims a run broke, in words; empty when it kept both. */
function broken(r: RunResult, s: Search): string[] {
  const out: string[] = [];
  if (!(r.joinP99 < s.joinP99AimMs)) out.push(`joins p99 ${r.joinP99.toFixed(0)} ms ≥ ${s.joinP99AimMs} ms`);
  if (!(r.moveP99 < s.moveP99AimMs)) out.push(`moves p99 ${r.moveP99.toFixed(1)} ms ≥ ${s.moveP99AimMs} ms`);
  if (!r.allHeld) out.push("sockets dropped or moves failed");
  if (r.failed) out.push("errors or the books (see above)");
  return out;
}

/** Runs `run` from the asked room count up, printing the search's verdicts; answers every run. */
export async function searchRooms(
  run: (rooms: number) => Promise<RunResult>,
  s: Search,
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (let rooms = s.asked; ; rooms += s.step) {
    const r = await run(rooms);
    results.push(r);
    if (broken(r, s).length || rooms + s.step > s.max) break;
  }
  if (s.max > 0) {
    console.log(`\nSearch (${s.asked} rooms, then +${s.step} up to ${s.max}, while both aims hold):`);
    for (const r of results) {
      const why = broken(r, s);
      console.log(
        `  ${r.rooms} rooms: joins p99 ${r.joinP99.toFixed(0)} ms, moves p99 ${r.moveP99.toFixed(1)} ms → ${why.length ? `NOT MET (${why.join("; ")})` : "MET"}`,
      );
    }
    const kept = results.filter((r) => !broken(r, s).length).at(-1);
    const first = results.find((r) => broken(r, s).length);
    console.log(
      `largest room count keeping both aims: ${kept ? kept.rooms : `none (not even ${s.asked})`}; first limit after it: ${first ? `${first.rooms} rooms — ${broken(first, s).join("; ")}` : `none up to ${results.at(-1)!.rooms} (raise --max)`}`,
    );
  }
  return results;
}
