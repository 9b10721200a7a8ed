import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Db } from "../db/client";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { TASK_WALL_MESSAGES, getTaskWall, signatureConfigOf, type TaskWall } from "./config";
import { getPostback } from "./log";
import { signPostback, type ParamList } from "./signatures";
import { log as logger } from "../../shared/log.server";

/**
 * Postbacks the site sends to its own endpoint, over real HTTP like a network's: the demo
 * network's, and the operators' test and replay tools. They go to `deps.selfOrigin`.
 */

/** A postback request to send: method, path and query, headers, body. */
export interface OutgoingPostback {
  method: string;
  pathAndQuery: string;
  headers: Record<string, string>;
  body: string | null;
}

/** What the endpoint answered, and the verdict it recorded (its X-Postback-Verdict header). */
export interface PostbackAnswer {
  status: number;
  body: string;
  verdict: string | null;
}

export const POSTBACK_VERDICT_HEADER = "x-postback-verdict";
/** With our internal token: how the log labels a postback the site sent itself. */
export const POSTBACK_ORIGIN_HEADER = "x-postback-origin";
const SEND_TIMEOUT_MS = 10_000;

export const postbackPath = (wallId: string) => `/postback/offerwall/${encodeURIComponent(wallId)}`;

/** The network's fields for one completion (or its reversal), signed with the wall's scheme. */
export function signedPostbackFor(
  wall: TaskWall,
  input: { userId: string; transactionId: string; points: string; reversal?: boolean },
): OutgoingPostback {
  const params: ParamList = [
    [wall.userParam, input.userId],
    [wall.transactionParam, input.transactionId],
  ];
  let points = input.points;
  if (input.reversal) {
    // A reversal status where the wall has one, else a negative amount; linked to the original
    // by its own parameter where the wall has one, else by the same transaction id.
    const status = wall.statusParam ? wall.reversalStatuses[0] : undefined;
    if (status) params.push([wall.statusParam!, status]);
    else points = `-${points}`;
    if (wall.originalTransactionParam) {
      params[1] = [wall.transactionParam, `${input.transactionId}-reversal`];
      params.push([wall.originalTransactionParam, input.transactionId]);
    }
  }
  params.splice(2, 0, [wall.amountParam, points]);
  const signed = signPostback(signatureConfigOf(wall), postbackPath(wall.id), params);
  return { method: "GET", pathAndQuery: signed.pathAndQuery, headers: signed.headers, body: null };
}

/**
 * Sends a postback by HTTP to `origin`, on a connection of its own (a reused keep-alive
 * connection can be closed by the server just as it is reused); an endpoint that does not answer
 * is `unavailable`.
 */
export async function sendPostback(origin: string, request: OutgoingPostback): Promise<PostbackAnswer> {
  const url = new URL(request.pathAndQuery, origin);
  const body = request.method === "GET" || request.method === "HEAD" ? null : request.body;
  try {
    return await new Promise<PostbackAnswer>((resolve, reject) => {
      const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(body !== null ? { "content-length": Buffer.byteLength(body) } : {}),
          },
          agent: false,
          timeout: SEND_TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const verdict = res.headers[POSTBACK_VERDICT_HEADER];
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
              verdict: typeof verdict === "string" ? verdict : null,
            });
          });
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("postback timed out")));
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  } catch (e) {
    logger.error({ err: e }, "postback send failed");
    throw new DomainError("unavailable", "The postback endpoint did not answer. Please try again later.");
  }
}

/** Headers that belong to one connection or one sender: never copied into a replay. */
const NOT_REPLAYED = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
  "expect",
  "x-internal-token",
  "x-client-ip",
  POSTBACK_ORIGIN_HEADER,
]);

interface SenderDeps {
  db: Db;
  selfOrigin: string;
  internalToken: string;
}

/** Our own postbacks carry the internal token, the origin label and the address they speak for. */
const asOurs = (deps: SenderDeps, origin: "test" | "replay", ip: string) => ({
  "x-internal-token": deps.internalToken,
  [POSTBACK_ORIGIN_HEADER]: origin,
  "x-client-ip": ip,
});

async function audited(db: Db, actorUserId: string, action: string, target: string, after: unknown) {
  await db.transaction((tx) => recordAudit(tx, { actorUserId, action, target, after }));
}

/**
 * The operators' test tool: a postback signed with the wall's scheme and secret, sent to the
 * endpoint and logged there with origin `test`. It speaks as the wall's first allowed address
 * (or the loopback), so it tests the signature and the credit rather than the allow-list.
 */
export async function sendTestPostback(
  deps: SenderDeps,
  actorUserId: string,
  input: { wallId: string; userId: string; transactionId: string; points: string; reversal?: boolean },
): Promise<PostbackAnswer> {
  const wall = await getTaskWall(deps.db, input.wallId);
  if (!wall) throw new DomainError("not_found", TASK_WALL_MESSAGES.notFound);
  const request = signedPostbackFor(wall, input);
  request.headers = { ...request.headers, ...asOurs(deps, "test", wall.ipAllowList[0] ?? "127.0.0.1") };
  const answer = await sendPostback(deps.selfOrigin, request);
  await audited(deps.db, actorUserId, "postback.test", `offer_wall:${wall.id}`, {
    ...input,
    status: answer.status,
    verdict: answer.verdict,
  });
  return answer;
}

/** Sends a logged postback again — same method, URL, headers and body — logged with origin `replay`. */
export async function replayPostback(
  deps: SenderDeps,
  actorUserId: string,
  id: number,
): Promise<PostbackAnswer> {
  const row = await getPostback(deps.db, id);
  if (!row) throw new DomainError("not_found", "Postback not found.");
  const headers = Object.fromEntries(Object.entries(row.headers).filter(([k]) => !NOT_REPLAYED.has(k)));
  const answer = await sendPostback(deps.selfOrigin, {
    method: row.method,
    pathAndQuery: row.url,
    headers: { ...headers, ...asOurs(deps, "replay", row.ip ?? "127.0.0.1") },
    body: row.body,
  });
  await audited(deps.db, actorUserId, "postback.replay", `postback:${row.id}`, {
    status: answer.status,
    verdict: answer.verdict,
  });
  return answer;
}
