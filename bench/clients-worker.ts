/** The worker thread of bench/clients.ts: sends each lane's requests over one keep-alive connection. */
import { parentPort, workerData } from "node:worker_threads";
import { Agent } from "undici";
import { encodeObj } from "../shared/obj.server";
import type { ClientAnswer, ClientRequest, ClientRun } from "./clients";

const run = workerData as ClientRun;
const agent = new Agent({ connections: run.lanes.length, keepAliveTimeout: 30_000 });

async function send(r: ClientRequest): Promise<ClientAnswer> {
  const started = performance.now();
  try {
    const res = await fetch(`${run.base}${r.path}`, {
      method: r.method,
      headers: { "content-type": "application/json", cookie: r.cookie },
      body: JSON.stringify({ obj: encodeObj(run.secret, r.fields) }),
      dispatcher: agent,
    } as RequestInit);
    const json = (await res.json()) as {
      success?: boolean;
      error_code?: string;
      error_msg?: string;
      msg?: unknown;
    };
    return {
      status: res.status,
      ms: performance.now() - started,
      success: json.success,
      errorCode: json.error_code,
      errorMsg: json.error_msg,
      msg: json.msg,
    };
  } catch (e) {
    return { status: 0, ms: 0, error: String(e) };
  }
}

const started = performance.now();
const deadline = run.durationMs === undefined ? Infinity : started + run.durationMs;
const answers = await Promise.all(
  run.lanes.map(async (lane) => {
    const out: ClientAnswer[] = [];
    for (const r of lane) {
      if (performance.now() >= deadline) break;
      out.push(await send(r));
    }
    return out;
  }),
);
const seconds = (performance.now() - started) / 1000;
await agent.close();
parentPort!.postMessage({ answers, seconds });
