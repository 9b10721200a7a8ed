/**
 * What bench/games.ts reads from the node it drives, besides the players' own figures: the node's
 * error lines (a failed join or move says why there) and its event-loop delay from /metrics.
 */

/** The node's METRICS_TOKEN, so the bench may read its /metrics. */
export const METRICS_TOKEN = "bench-metrics-token-0000";

/** The node's log lines at error level or above (one JSON object per line). */
export const errorLines = (output: string) =>
  output.split("\n").filter((line) => /"level":"(error|fatal)"/.test(line));

/** Prints how many error lines the node logged, and the first ones. */
export function printNodeErrors(output: string): void {
  const errors = errorLines(output);
  if (!errors.length) return;
  console.log(`\nnode errors (${errors.length}), the first ones:`);
  for (const line of errors.slice(0, 3)) console.log(`  ${line.slice(0, 2000)}`);
}

/**
 * The node's event-loop delay (ms) since the last scrape, from its /metrics (prom-client restarts
 * its histogram at each scrape); undefined when unreadable.
 */
export async function loopDelay(
  origin: string,
): Promise<{ p50: string; p99: string; max: string } | undefined> {
  try {
    const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const value = (name: string) => {
      const m = new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, "m").exec(text);
      return m ? (Number(m[1]) * 1000).toFixed(1) : "?";
    };
    return { p50: value("p50"), p99: value("p99"), max: value("max") };
  } catch {
    return undefined;
  }
}
