/**
 * The worker thread of bench/clients.ts: sends each lane's requests over one keep-alive connection.
 *
 * The clients stand for members' browsers behind the web tier, on other machines: what they spend
 * is not the API's, yet here they share the machine's two cores with it and with PostgreSQL. So
 * they spend as little as they can: every obj body is encrypted before the clock starts, and the
 * requests go through undici's `request` (no WHATWG streams and Response objects, as fetch has).
 */
import { parentPort, workerData } from "node:worker_threads";
import { Agent } from "undici";
import { encodeObj } from "../shared/obj.server";
import type { ClientAnswer, ClientRequest, ClientRun } from "./clients";

const run = workerData as ClientRun;
const agent = new Agent({ connections: run.lanes.length, keepAliveTimeout: 30_000 });
const origin = new URL(run.base);

interface Prepared {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

function prepare(r: ClientRequest): Prepared {
  const path = `${origin.pathname.replace(/\/$/, "")}${r.path}`;
  const body = JSON.stringify({ obj: encodeObj(run.secret, r.fields) });
  return { method: r.method, path, headers: { "content-type": "application/json", cookie: r.cookie }, body };
}

async function send(r: Prepared): Promise<ClientAnswer> {
  const started = performance.now();
  try {
    const res = await agent.request({
      origin: origin.origin,
      method: r.method as "POST",
      path: r.path,
      headers: r.headers,
      body: r.body,
    });
    const json = (await res.body.json()) as {
      success?: boolean;
      error_code?: string;
      error_msg?: string;
      msg?: unknown;
    };
    return {
      status: res.statusCode,
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

const lanes = run.lanes.map((lane) => lane.map(prepare));
const started = performance.now();
const deadline = run.durationMs === undefined ? Infinity : started + run.durationMs;
const answers = await Promise.all(
  lanes.map(async (lane) => {
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
