/**
 * The money benchmarks' HTTP clients, in a worker thread of their own: the API under test runs in
 * the benchmark's main thread, and clients sharing its event loop would take a sixth of its time
 * (encoding the obj bodies, undici's requests and answers; measured with --cpu-prof), which no
 * deployment pays: members' requests come from other machines, through the web tier's process.
 *
 * A run is lanes of requests: each lane is one client (one member's keep-alive connection, as a
 * browser through the web tier), sending its requests one after another until the lane ends or
 * the deadline passes. Answers come back in each lane's order.
 */
import { Worker } from "node:worker_threads";

export interface ClientRequest {
  method: string;
  path: string;
  cookie: string;
  /** The fields of the obj body (encrypted with the run's secret in the worker). */
  fields: unknown;
}

export interface ClientAnswer {
  status: number;
  /** 0 when the request failed before an answer (then `error`). */
  ms: number;
  success?: boolean;
  errorCode?: string;
  errorMsg?: string;
  msg?: unknown;
  error?: string;
}

export interface ClientRun {
  base: string;
  secret: string;
  lanes: ClientRequest[][];
  /** Stop each lane once this many milliseconds have passed (else run every lane to its end). */
  durationMs?: number;
}

const WORKER = new URL("./clients-worker.ts", import.meta.url).href;

/** Sends the run's lanes from a worker thread; answers each lane's answers and the elapsed seconds. */
export function sendLanes(run: ClientRun): Promise<{ answers: ClientAnswer[][]; seconds: number }> {
  return new Promise((resolve, reject) => {
    // The worker loads TypeScript as the benchmark does: tsx's loader first, then the module.
    const worker = new Worker(
      `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); })`,
      { eval: true, workerData: run },
    );
    worker.once("message", (result: { answers: ClientAnswer[][]; seconds: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the clients' worker stopped with code ${code}`));
    });
  });
}

/** Deals `jobs` into `count` lanes in turn (job i to lane i mod count). */
export function deal<T>(jobs: T[], count: number): T[][] {
  const lanes: T[][] = Array.from({ length: Math.min(count, jobs.length) }, () => []);
  jobs.forEach((job, i) => lanes[i % lanes.length]!.push(job));
  return lanes;
}
