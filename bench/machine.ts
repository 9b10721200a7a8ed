import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the games benchmark reads off the machine (bench/games.ts): CPU ticks of a process and of
 * PostgreSQL from /proc, the open-files limit, and the node's CPU profile summed by function and
 * package.
 */

/** Clock ticks a process has used (user + system), from /proc; null when it cannot be read. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Ticks of every PostgreSQL server process on this machine (the server may serve others too). */
export function postgresTicks(): number {
  let sum = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    sum += cpuTicks(Number(entry)) ?? 0;
  }
  return sum;
}
export const TICKS_PER_SECOND = 100;

export function openFilesLimit(): number {
  const m = /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"));
  return m ? Number(m[1]) : Infinity;
}

/** The node's CPU profile, by self time: the heaviest functions and the heaviest packages. */
export function summariseProfile(dir: string) {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) {
    console.log("\n(no CPU profile was written)");
    return;
  }
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)!;
    total += dt;
    const where = frame.url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.startsWith("node:") || where === "" ? frame.functionName || "(native)" : where.split("/")[0]!);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
    const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join("\n");
  console.log(`\nNode CPU profile (whole run, ${(total / 1e6).toFixed(1)} s sampled), self time by package:`);
  console.log(top(byPackage, 12));
  console.log("by function:");
  console.log(top(self, 15));
}
