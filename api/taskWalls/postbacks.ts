import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { SUCCESS_VERDICTS, type PostbackVerdict } from "../../shared/taskWall";
import type { DomainErrorCode } from "../../shared/errors";
import type { Db } from "../db/client";
import type { RealtimeNotifier } from "../deps";
import { DEMO_WALL_ID, demoWallServed, getTaskWall, signatureConfigOf, type TaskWall } from "./config";
import { verifyPostbackSignature, type ParamList } from "./signatures";
import { isSafeText } from "../lib/text";
import { pushTaskWallBalance, type DemoConfig } from "./members";
import { pointsToMilli, minBig } from "./points";
import { credit, reverse } from "./credits";
import { logPostback, sweepAfterPostback, type Judgement, type LogInTx, type RawPostback } from "./log";
import { sweepDueCredits } from "../ledger/holds";
import { afterOfferReversal } from "../risk/policy";

/**
 * The postback endpoint's rules (task walls, the spec's offer walls; issue 8; ARCHITECTURE §10,
 * docs/api/taskwalls.md, ADR 0008). A network's server calls
 * `/postback/offerwall/{wallId}` for each completed offer, retrying until it gets the wall's
 * success body. Every request is stored raw with its verdict. A credit moves money once per
 * (wall, transaction id, goal id) — the database's primary key decides, so parallel retries
 * credit once — and the success body is answered only after the commit. A reversal takes the
 * credit back once, from the balance and, past it, into the member's debt (credits.ts); inside a
 * credit's hold it cancels the pending credit (api/ledger/holds.ts). A callback with a pending status is
 * recorded and credits nothing; a network's test callback is refused in production.
 */

export interface PostbackDeps {
  db: Db;
  clock: () => Date;
  realtime: RealtimeNotifier;
  /**
   * Whether the demo wall is served (demoWallServed): its postbacks are `disabled` elsewhere; and
   * whether this is production (NODE_ENV), where test callbacks are refused.
   */
  config: DemoConfig;
}

export interface PostbackOutcome {
  verdict: PostbackVerdict;
  detail: string;
  /** 200 for the success verdicts, else the refusal's status. */
  status: 200 | 400 | 403 | 404 | 409;
  /** The wall's success body (success verdicts), or the refusal's message. */
  body: string;
  errorCode?: DomainErrorCode;
}

const REFUSALS: Record<
  Exclude<
    PostbackVerdict,
    "credited" | "duplicate" | "reversed" | "reversal_duplicate" | "pending" | "error"
  >,
  { status: PostbackOutcome["status"]; code: DomainErrorCode; message: string }
> = {
  unknown_wall: { status: 404, code: "not_found", message: "Offer wall not found." },
  disabled: { status: 403, code: "forbidden", message: "This offer wall is switched off." },
  ip_not_allowed: { status: 403, code: "forbidden", message: "This address may not send postbacks." },
  bad_signature: { status: 403, code: "forbidden", message: "Invalid signature." },
  invalid_params: { status: 400, code: "invalid_input", message: "Invalid postback parameters." },
  test_refused: {
    status: 403,
    code: "forbidden",
    message: "Test callbacks are not accepted in production.",
  },
  earning_suspended: {
    status: 403,
    code: "forbidden",
    message: "This member's earning is suspended.",
  },
  reversal_without_original: {
    status: 409,
    code: "conflict",
    message: "There is no credit for this transaction to reverse.",
  },
};

function outcomeOf(j: Judgement, wall: TaskWall | undefined): PostbackOutcome {
  if (SUCCESS_VERDICTS.has(j.verdict))
    return { verdict: j.verdict, detail: j.detail, status: 200, body: wall?.successBody ?? "1" };
  const r = REFUSALS[j.verdict as keyof typeof REFUSALS];
  return {
    verdict: j.verdict,
    detail: j.detail,
    status: r.status,
    body: j.verdict === "invalid_params" ? j.detail : r.message,
    errorCode: r.code,
  };
}

/** `::ffff:1.2.3.4` (IPv4 on an IPv6 socket) is 1.2.3.4. */
export const normalizeIp = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").toLowerCase();

/**
 * The postback's parameters: the query's, then (POST, where the scheme reads them) the body's —
 * a form or a JSON object of plain values. A name given twice is refused: the signed value and
 * the used value must be one.
 */
function readParams(raw: RawPostback, withBody: boolean): { params: ParamList; problem?: string } {
  const q = raw.pathAndQuery.indexOf("?");
  const params: ParamList = q < 0 ? [] : [...new URLSearchParams(raw.pathAndQuery.slice(q + 1))];
  let problem: string | undefined;
  if (withBody && raw.method === "POST" && raw.body) {
    const type = raw.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (type === "application/x-www-form-urlencoded") params.push(...new URLSearchParams(raw.body));
    else if (type === "application/json") {
      let json: unknown;
      try {
        json = JSON.parse(raw.body);
      } catch {
        problem = "The body is not valid JSON.";
      }
      if (json !== undefined) {
        if (typeof json !== "object" || json === null || Array.isArray(json))
          problem = "A JSON body must be an object.";
        else
          for (const [k, v] of Object.entries(json)) {
            if (typeof v === "string" || typeof v === "number" || typeof v === "boolean")
              params.push([k, String(v)]);
            else if (v !== null) problem ??= `The JSON field "${k}" must be a plain value.`;
          }
      }
    }
  }
  const seen = new Set<string>();
  for (const [k] of params) {
    if (seen.has(k)) problem ??= `The parameter "${k}" is given more than once.`;
    seen.add(k);
  }
  return { params, problem };
}

/**
 * Judges and applies one postback (docs/api/taskwalls.md): unknown wall, switched off, address
 * not allowed, bad signature, invalid parameters — or a credit, a duplicate, a reversal, a
 * repeated reversal, a reversal without its credit. The raw request is logged with the verdict
 * in every case: in the money's transaction when money moved, else on its own after the
 * transaction ended (rolled back included). The member's sockets get the new balance after the
 * commit.
 */
export async function handlePostback(
  deps: PostbackDeps,
  wallId: string,
  received: RawPostback,
): Promise<PostbackOutcome> {
  const { db } = deps;
  const now = deps.clock();
  // A body with control characters (a NUL cannot even be stored) is kept escaped, and refused.
  const unsafeBody = received.body !== null && !isSafeText(received.body);
  const raw = unsafeBody ? { ...received, body: JSON.stringify(received.body) } : received;
  const wall = await getTaskWall(db, wallId);
  let judgement: Judgement;
  try {
    judgement = await judge(deps, wall, raw, unsafeBody, now, (tx, j) =>
      logPostback(tx, wallId, raw, j, now),
    );
  } catch (e) {
    await logPostback(
      db,
      wallId,
      raw,
      { verdict: "error", detail: e instanceof Error ? e.message : String(e) },
      now,
    );
    await sweepAfterPostback(db, now);
    await sweepDueCredits(db, now);
    throw e;
  }
  // Money-moving verdicts were logged inside their transaction.
  if (judgement.verdict !== "credited" && judgement.verdict !== "reversed")
    await logPostback(db, wallId, raw, judgement, now);
  else {
    if (judgement.verdict === "reversed") await afterOfferReversal(db, judgement.userId!, now);
    await pushTaskWallBalance(deps, judgement.userId!, now);
  }
  await sweepAfterPostback(db, now);
  // Credits whose hold has ended, of any member: whichever node takes a postback heals the rest.
  await sweepDueCredits(db, now);
  return outcomeOf(judgement, wall);
}

async function judge(
  deps: PostbackDeps,
  wall: TaskWall | undefined,
  raw: RawPostback,
  unsafeBody: boolean,
  now: Date,
  logInTx: LogInTx,
): Promise<Judgement> {
  if (!wall) return { verdict: "unknown_wall", detail: "No offer wall has this id." };
  if (!wall.enabled) return { verdict: "disabled", detail: `${wall.name} is switched off.` };
  if (wall.id === DEMO_WALL_ID && !demoWallServed(deps.config))
    return { verdict: "disabled", detail: `${wall.name} is served only on a demo install.` };
  const ip = normalizeIp(raw.ip);
  if (wall.ipAllowList.length > 0 && !wall.ipAllowList.some((a) => normalizeIp(a) === ip))
    return { verdict: "ip_not_allowed", detail: `${raw.ip} is not on the wall's allow-list.` };
  // hmac_sha1_url signs the URL only: a body could carry unsigned values, so it is not read.
  const { params, problem } = readParams(raw, wall.scheme !== "hmac_sha1_url");
  if (
    !verifyPostbackSignature(signatureConfigOf(wall), {
      pathAndQuery: raw.pathAndQuery,
      params,
      headers: raw.headers,
      origins: raw.origins,
    })
  )
    return { verdict: "bad_signature", detail: "The signature is missing or does not match." };

  const param = (name: string | null) => (name ? params.find(([k]) => k === name)?.[1] : undefined);
  const goalId = param(wall.goalParam) ?? "";
  const known = {
    transactionId: param(wall.transactionParam),
    userId: param(wall.userParam),
    ...(goalId ? { goalId } : {}),
  };
  const invalid = (detail: string): Judgement => ({ verdict: "invalid_params", detail, ...known });

  // A network's test callback: refused in production; elsewhere handled like any, and marked.
  const test = isTestCallback(wall, param(wall.debugParam));
  if (test && isProduction(deps.config))
    return {
      verdict: "test_refused",
      detail: `A test callback (${wall.debugParam}=${param(wall.debugParam)}) is not accepted in production.`,
      ...known,
    };
  if (test) {
    const marked = (j: Judgement): Judgement => ({ ...j, detail: `${j.detail} ${TEST_MARK}` });
    const j = await judgeCallback(
      deps,
      wall,
      { unsafeBody, problem, now, param, goalId, known, invalid },
      (tx, j) => logInTx(tx, marked(j)),
    );
    return marked(j);
  }
  return judgeCallback(deps, wall, { unsafeBody, problem, now, param, goalId, known, invalid }, logInTx);
}

/** What a test callback's log line says outside production. */
export const TEST_MARK = "(test callback)";

/** Values of a wall's debug parameter that mark a test callback. */
const TRUTHY = new Set(["1", "true", "yes"]);

/** Whether the callback is a network's test callback: the wall's debug parameter with 1, true or yes. */
export const isTestCallback = (wall: Pick<TaskWall, "debugParam">, value: string | undefined) =>
  wall.debugParam !== null && value !== undefined && TRUTHY.has(value.trim().toLowerCase());

/**
 * Production, for test callbacks: NODE_ENV is production (where the demo wall is never served, so
 * no demo install is production). Everywhere else a test callback is accepted and logged as one.
 */
export const isProduction = (config: DemoConfig) => config.NODE_ENV === "production";

/** The callback's parameters once the wall, the address and the signature are checked. */
interface Checked {
  unsafeBody: boolean;
  problem: string | undefined;
  now: Date;
  param: (name: string | null) => string | undefined;
  goalId: string;
  known: { transactionId?: string; userId?: string; goalId?: string };
  invalid: (detail: string) => Judgement;
}

async function judgeCallback(
  deps: PostbackDeps,
  wall: TaskWall,
  checked: Checked,
  logInTx: LogInTx,
): Promise<Judgement> {
  const { unsafeBody, problem, now, param, goalId, known, invalid } = checked;
  const transactionId = param(wall.transactionParam);
  const userId = param(wall.userParam);
  const amountText = param(wall.amountParam);
  const status = param(wall.statusParam);
  if (unsafeBody) return invalid("The body holds characters that are not allowed.");
  if (problem) return invalid(problem);
  if (!transactionId || transactionId.length > 200)
    return invalid(`${wall.transactionParam} (the transaction id) is missing or longer than 200 characters.`);
  if (!userId || userId.length > 64)
    return invalid(`${wall.userParam} (the member's id) is missing or longer than 64 characters.`);
  if (goalId.length > 200) return invalid(`${wall.goalParam} (the goal id) is longer than 200 characters.`);
  const [member] = await deps.db
    .select({ id: users.id, referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, userId));
  // A pending status (the network's first callback of a credit still being checked): logged, not
  // credited, whatever amount it carries; the final callback with another status credits.
  if (status !== undefined && wall.pendingStatuses.includes(status))
    return member
      ? {
          verdict: "pending",
          detail: `Recorded as pending (${wall.statusParam}=${status}); nothing is credited until the final callback.`,
          ...known,
        }
      : invalid("No member has this id.");
  const points = pointsToMilli(amountText, wall.milliPerPoint);
  const reversal =
    points?.negative === true || (status !== undefined && wall.reversalStatuses.includes(status));
  if (!points && !(reversal && !amountText))
    return invalid(
      `${wall.amountParam} (the amount) is missing or not a plain number (digits, no leading zero, no + or exponent).`,
    );
  if (!member) return invalid("No member has this id.");

  if (reversal) {
    const originalId = param(wall.originalTransactionParam) || transactionId;
    return reverse(deps.db, {
      wall,
      userId,
      transactionId,
      originalId,
      goalId,
      requested: points?.milli ?? 0n,
      now,
      logInTx,
    });
  }
  const milli = Number(minBig(points!.milli, BigInt(wall.capPerPostback)));
  if (milli <= 0) return invalid(`${wall.amountParam} is worth less than ₹0.001.`);
  return credit(deps.db, {
    wall,
    userId,
    transactionId,
    goalId,
    amount: milli,
    capped: points!.milli > BigInt(wall.capPerPostback),
    referredBy: member.referredBy,
    now,
    logInTx,
  });
}
