import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  journalEntries,
  journalLines,
  taskWallPostbacks,
  taskWallTransactions,
  taskWalls,
  users,
} from "../db/schema";
import type { RealtimeNotifier } from "../deps";
import { milliToRupeeString } from "../../shared/money";
import { offsetOf, pageOf } from "../../shared/pagination";
import {
  SUCCESS_VERDICTS,
  TASK_WALL_BALANCE_EVENT,
  type PostbackVerdict,
  type TaskWallBalance,
} from "../../shared/taskWall";
import type { DomainErrorCode } from "../../shared/errors";
import { creditEarning, incomeToday } from "../ledger/earnings";
import { istDayStart } from "../ledger/earningKinds";
import {
  PLATFORM,
  debtAccount,
  lockAccounts,
  memberAccount,
  memberBalances,
  openDebtAccount,
  post,
} from "../ledger/ledger";
import {
  DEMO_WALL_ID,
  USER_ID_PLACEHOLDER,
  demoWallServed,
  getOfferWall,
  listOfferWalls,
  signatureConfigOf,
  type OfferWall,
} from "./config";
import { verifyPostbackSignature, type ParamList } from "./signatures";
import { getSetting, updateSettingAudited } from "../operators/settings";
import { DomainError } from "../lib/errors";
import { OPERATOR_PAGE_SIZE } from "../ads/ptcAds";
import { isSafeText } from "../lib/text";

/**
 * Task walls (offer walls, issue 8): what members see, and the postback endpoint's rules
 * (ARCHITECTURE §10, docs/api/taskwalls.md, ADR 0008). A network's server calls
 * `/postback/offerwall/{wallId}` for each completed offer, retrying until it gets the wall's
 * success body. Every request is stored raw with its verdict. A credit moves money once per
 * (wall, transaction id) — the database's primary key decides, so parallel retries credit once —
 * and the success body is answered only after the commit. A reversal takes the credit back once,
 * from the balance and, past it, into the member's debt.
 */

export const OFFER_WALL_REVERSAL = "offerWall_reversal";
export const REFERRAL_REVERSAL = "referral_reversal";
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Members

/** The frame address of a wall for a member: the template with the member's id, URL-encoded. */
export const frameUrlFor = (w: Pick<OfferWall, "frameUrlTemplate">, userId: string) =>
  w.frameUrlTemplate.split(USER_ID_PLACEHOLDER).join(encodeURIComponent(userId));

/** The walls a member is shown: the enabled ones, without the demo wall unless it is served. */
const shownToMembers = (demoWall: boolean) =>
  demoWall ? eq(taskWalls.enabled, true) : and(eq(taskWalls.enabled, true), ne(taskWalls.id, DEMO_WALL_ID));

/**
 * The task-wall balance (spec 2 §3): withdrawable, today's task-wall income and credits (IST), and
 * the walls shown (`demoWall`: whether this install serves the demo wall, demoWallServed).
 */
export async function taskWallBalance(
  db: Db,
  userId: string,
  now: Date,
  opts: { demoWall: boolean },
): Promise<TaskWallBalance> {
  const dayStart = istDayStart(now);
  const [balances, income, [completed], [walls]] = await Promise.all([
    memberBalances(db, userId),
    incomeToday(db, userId, "offerWall", now),
    // Credits are the member's offerWall earning entries (the seed's history has entries only).
    db
      .select({ n: count() })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          eq(journalEntries.kind, "offerWall"),
          gte(journalEntries.createdAt, dayStart),
          lt(journalEntries.createdAt, new Date(dayStart.getTime() + DAY_MS)),
        ),
      ),
    db.select({ n: count() }).from(taskWalls).where(shownToMembers(opts.demoWall)),
  ]);
  return {
    available_balance: milliToRupeeString(balances.withdrawable),
    today_offerWallIncome: milliToRupeeString(income),
    total_offerWall: Number(walls?.n ?? 0),
    today_completed: Number(completed?.n ?? 0),
  };
}

/**
 * The Task Walls page: the enabled walls with the member's frame address, and the balance; the
 * demo wall only where it is served (`demoWall`).
 */
export async function offerWallsForMember(db: Db, userId: string, now: Date, opts: { demoWall: boolean }) {
  const [walls, balance] = await Promise.all([
    listOfferWalls(db, { enabledOnly: true }),
    taskWallBalance(db, userId, now, opts),
  ]);
  return {
    walls: walls
      .filter((w) => opts.demoWall || w.id !== DEMO_WALL_ID)
      .map((w) => ({ id: w.id, name: w.name, frameUrl: frameUrlFor(w, userId) })),
    balance,
  };
}

/** Pushes the member's new task-wall balance to their task-wall sockets (after a commit). */
export async function pushTaskWallBalance(
  deps: { db: Db; realtime: RealtimeNotifier; config: DemoConfig },
  userId: string,
  now: Date,
): Promise<void> {
  if (!deps.realtime.live) return;
  try {
    const msg = await taskWallBalance(deps.db, userId, now, { demoWall: demoWallServed(deps.config) });
    deps.realtime.emitToMember(userId, "taskWall", TASK_WALL_BALANCE_EVENT, { success: true, msg });
  } catch (e) {
    // The money has moved and the network is owed its answer: a lost push only delays the page.
    console.error("task-wall balance push failed", e);
  }
}

// ---------------------------------------------------------------------------------------------
// Amounts

/**
 * A postback's amount in points × milli-rupees per point, rounded down to whole milli-rupees —
 * exact, with integers only. Null unless the text is a canonical decimal number: digits with no
 * leading zero ("0.5" but not "00.5" or "01"), an optional fraction, a minus sign only before a
 * value that is not zero; no "+", no exponent, no spaces. A signature over fields joined without a
 * separator cannot tell where one value ends, so one signed postback must not have other spellings
 * of other amounts that verify too (`tx1000` + `1` is also `tx100` + `01`).
 */
export function pointsToMilli(
  text: string | undefined,
  milliPerPoint: number,
): { negative: boolean; milli: bigint } | null {
  const m = /^(-)?(0|[1-9]\d{0,17})(?:\.(\d{1,12}))?$/.exec(text ?? "");
  if (!m) return null;
  const frac = m[3] ?? "";
  const negative = m[1] === "-";
  if (negative && /^0*$/.test(m[2]! + frac)) return null;
  const scaled = BigInt(m[2]! + frac) * BigInt(milliPerPoint);
  return { negative, milli: scaled / 10n ** BigInt(frac.length) };
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

// ---------------------------------------------------------------------------------------------
// The postback endpoint

/** A postback request as received (the route reads it; replays send the stored one again). */
export interface RawPostback {
  method: string;
  /** Path and query exactly as received. */
  pathAndQuery: string;
  /** Lower-case header names; the session cookie and our internal token are never kept. */
  headers: Record<string, string>;
  body: string | null;
  ip: string;
  origin: "network" | "test" | "replay";
  /** Origins a network may have signed the absolute URL with (hmac_sha1_url). */
  origins: string[];
}

type DemoConfig = Parameters<typeof demoWallServed>[0];

export interface PostbackDeps {
  db: Db;
  clock: () => Date;
  realtime: RealtimeNotifier;
  /** Whether the demo wall is served (demoWallServed): its postbacks are `disabled` elsewhere. */
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
  Exclude<PostbackVerdict, "credited" | "duplicate" | "reversed" | "reversal_duplicate" | "error">,
  { status: PostbackOutcome["status"]; code: DomainErrorCode; message: string }
> = {
  unknown_wall: { status: 404, code: "not_found", message: "Offer wall not found." },
  disabled: { status: 403, code: "forbidden", message: "This offer wall is switched off." },
  ip_not_allowed: { status: 403, code: "forbidden", message: "This address may not send postbacks." },
  bad_signature: { status: 403, code: "forbidden", message: "Invalid signature." },
  invalid_params: { status: 400, code: "invalid_input", message: "Invalid postback parameters." },
  reversal_without_original: {
    status: 409,
    code: "conflict",
    message: "There is no credit for this transaction to reverse.",
  },
};

/** What a verdict is recorded with besides itself. */
interface Judgement {
  verdict: PostbackVerdict;
  detail: string;
  transactionId?: string;
  userId?: string;
  amount?: number;
}

const clip = (s: string | undefined, n: number) => (s === undefined ? null : s.slice(0, n));

/** How much of the address a postback that moved no money keeps (bytes of UTF-8). */
export const SUMMARY_URL_BYTES = 300;

/** The first `bytes` bytes of `s` in UTF-8, never cutting a character. */
function clipBytes(s: string, bytes: number): string {
  const { read } = new TextEncoder().encodeInto(s, new Uint8Array(bytes));
  return s.slice(0, read);
}

/**
 * One row of the postback log, in the caller's transaction or on its own. A postback that moved
 * money (credited, reversed) is kept whole: it carried a valid signature and a new transaction.
 * Anything else — refusals, which anyone can send, duplicates and our own faults — keeps only a
 * bounded summary: wall, verdict, address, time, the first 300 bytes of the address, no headers
 * and no body, so nobody can fill the log with large requests.
 */
async function logPostback(db: Db | Tx, wallId: string, raw: RawPostback, j: Judgement, at: Date) {
  const whole = j.verdict === "credited" || j.verdict === "reversed";
  await db.insert(taskWallPostbacks).values({
    wallId: clip(wallId, 100),
    method: raw.method.slice(0, 16),
    // Node allows a request line of 16 KiB; anything longer came another way and is clipped.
    url: whole ? raw.pathAndQuery.slice(0, 16_384) : clipBytes(raw.pathAndQuery, SUMMARY_URL_BYTES),
    headers: whole ? raw.headers : {},
    body: whole ? raw.body : null,
    ip: clip(raw.ip, 100),
    verdict: j.verdict,
    detail: clip(j.detail, 500),
    transactionId: clip(j.transactionId, 200),
    userId: clip(j.userId, 100),
    amount: j.amount ?? null,
    origin: raw.origin,
    createdAt: at,
  });
}

/** Rows of the postback log one sweep removes at most: the sweep runs after every logged postback. */
export const POSTBACK_SWEEP_BATCH = 100;

/**
 * Removes up to `limit` log rows older than the setting `postback_log_retention_days`, oldest
 * first, by the created-at index. Run after every logged postback: the log grows by one row and
 * loses up to 100 expired ones, so it never holds more than the retention period's rows (plus a
 * backlog after the setting is lowered, cleared 100 at a time), at the cost of one indexed
 * look-up per postback. Rows another sweep is deleting are skipped, not waited for.
 */
export async function sweepPostbackLog(db: Db, now: Date, limit = POSTBACK_SWEEP_BATCH): Promise<number> {
  const days = await getSetting(db, "postback_log_retention_days");
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const expired = db
    .select({ id: taskWallPostbacks.id })
    .from(taskWallPostbacks)
    .where(lt(taskWallPostbacks.createdAt, cutoff))
    .orderBy(asc(taskWallPostbacks.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(taskWallPostbacks)
    .where(inArray(taskWallPostbacks.id, expired))
    .returning({ id: taskWallPostbacks.id });
  return deleted.length;
}

function outcomeOf(j: Judgement, wall: OfferWall | undefined): PostbackOutcome {
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
  const wall = await getOfferWall(db, wallId);
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
    throw e;
  }
  // Money-moving verdicts were logged inside their transaction.
  if (judgement.verdict !== "credited" && judgement.verdict !== "reversed")
    await logPostback(db, wallId, raw, judgement, now);
  else await pushTaskWallBalance(deps, judgement.userId!, now);
  await sweepAfterPostback(db, now);
  return outcomeOf(judgement, wall);
}

/** The log's retention sweep after a postback: a failure is logged, never the network's answer. */
async function sweepAfterPostback(db: Db, now: Date): Promise<void> {
  try {
    await sweepPostbackLog(db, now);
  } catch (e) {
    console.error("postback log sweep failed", e);
  }
}

type LogInTx = (tx: Tx, j: Judgement) => Promise<void>;

async function judge(
  deps: PostbackDeps,
  wall: OfferWall | undefined,
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
  const transactionId = param(wall.transactionParam);
  const userId = param(wall.userParam);
  const amountText = param(wall.amountParam);
  const status = param(wall.statusParam);
  const known = { transactionId, userId };
  const invalid = (detail: string): Judgement => ({ verdict: "invalid_params", detail, ...known });
  if (unsafeBody) return invalid("The body holds characters that are not allowed.");
  if (problem) return invalid(problem);
  if (!transactionId || transactionId.length > 200)
    return invalid(`${wall.transactionParam} (the transaction id) is missing or longer than 200 characters.`);
  if (!userId || userId.length > 64)
    return invalid(`${wall.userParam} (the member's id) is missing or longer than 64 characters.`);
  const points = pointsToMilli(amountText, wall.milliPerPoint);
  const reversal =
    points?.negative === true || (status !== undefined && wall.reversalStatuses.includes(status));
  if (!points && !(reversal && !amountText))
    return invalid(
      `${wall.amountParam} (the amount) is missing or not a plain number (digits, no leading zero, no + or exponent).`,
    );
  const [member] = await deps.db
    .select({ id: users.id, referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return invalid("No member has this id.");

  if (reversal) {
    const originalId = param(wall.originalTransactionParam) || transactionId;
    return reverse(deps.db, {
      wall,
      userId,
      transactionId,
      originalId,
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
    amount: milli,
    capped: points!.milli > BigInt(wall.capPerPostback),
    referredBy: member.referredBy,
    now,
    logInTx,
  });
}

const creditKey = (wallId: string, transactionId: string) => `offerwall:${wallId}:${transactionId}`;

type TransactionKey = { wallId: string; transactionId: string; kind: "credit" | "reversal" };

const transactionIs = (k: TransactionKey) =>
  and(
    eq(taskWallTransactions.wallId, k.wallId),
    eq(taskWallTransactions.transactionId, k.transactionId),
    eq(taskWallTransactions.kind, k.kind),
  );

/** Records on the transaction row the ledger entry that moved its money (and a reversal's debt). */
async function linkEntry(tx: Tx, k: TransactionKey, idempotencyKey: string, debt?: number): Promise<void> {
  const [entry] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, idempotencyKey));
  await tx
    .update(taskWallTransactions)
    .set({ entryId: entry?.id ?? null, ...(debt === undefined ? {} : { debt }) })
    .where(transactionIs(k));
}

/** One transaction: the (wall, transaction, 'credit') row — or nothing, a duplicate — and the earning. */
async function credit(
  db: Db,
  input: {
    wall: OfferWall;
    userId: string;
    transactionId: string;
    amount: number;
    capped: boolean;
    referredBy: string | null;
    now: Date;
    logInTx: LogInTx;
  },
): Promise<Judgement> {
  const { wall, userId, transactionId, amount, now } = input;
  const rateBp = await getSetting(db, "referral_rate_bp");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taskWallTransactions)
      .values({ wallId: wall.id, transactionId, kind: "credit", userId, amount, createdAt: now })
      .onConflictDoNothing()
      .returning({ wallId: taskWallTransactions.wallId });
    if (!row)
      return {
        verdict: "duplicate",
        detail: "This transaction was credited already.",
        transactionId,
        userId,
      };
    const key = creditKey(wall.id, transactionId);
    await creditEarning(tx, {
      userId,
      source: "offerWall",
      amount,
      idempotencyKey: key,
      memo: wall.id,
      createdAt: now,
      referral: { referredBy: input.referredBy, rateBp },
    });
    await linkEntry(tx, { wallId: wall.id, transactionId, kind: "credit" }, key);
    const j: Judgement = {
      verdict: "credited",
      detail: `Credited ₹${milliToRupeeString(amount)}${input.capped ? " (capped by the wall's limit per postback)" : ""}.`,
      transactionId,
      userId,
      amount,
    };
    await input.logInTx(tx, j);
    return j;
  });
}

/**
 * Takes `amount` from an account holder (ADR 0008): what the withdrawable balance holds, then
 * what the deposit balance holds, and only the rest as debt. The balances are the locked ones.
 */
export function takeBackSplit(
  locked: ReadonlyMap<string, number>,
  userId: string,
  amount: number,
): { fromWithdrawable: number; fromDeposit: number; debt: number } {
  const held = (kind: "withdrawable" | "deposit") =>
    Math.max(0, locked.get(memberAccount(userId, kind)) ?? 0);
  const fromWithdrawable = Math.min(held("withdrawable"), amount);
  const fromDeposit = Math.min(held("deposit"), amount - fromWithdrawable);
  return { fromWithdrawable, fromDeposit, debt: amount - fromWithdrawable - fromDeposit };
}

/** Every account a take-back from the member may move, for `lockAccounts`. */
const takeBackAccounts = (userId: string) => [
  memberAccount(userId, "withdrawable"),
  memberAccount(userId, "deposit"),
  debtAccount(userId),
];

/**
 * One entry taking `amount` back from a member: withdrawable −covered, deposit −covered, debt
 * −rest, `to` +amount. Opens the debt account when it is needed (the accounts are locked already).
 */
async function takeBack(
  tx: Tx,
  locked: Map<string, number>,
  input: {
    userId: string;
    amount: number;
    to: string;
    idempotencyKey: string;
    kind: string;
    relatedUserId?: string;
    memo: string;
    now: Date;
  },
): Promise<number> {
  const { fromWithdrawable, fromDeposit, debt } = takeBackSplit(locked, input.userId, input.amount);
  if (debt > 0) await openDebtAccount(tx, input.userId);
  await post(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    userId: input.userId,
    relatedUserId: input.relatedUserId,
    memo: input.memo,
    createdAt: input.now,
    lines: [
      { account: memberAccount(input.userId, "withdrawable"), amount: -fromWithdrawable },
      { account: memberAccount(input.userId, "deposit"), amount: -fromDeposit },
      { account: debtAccount(input.userId), amount: -debt },
      { account: input.to, amount: input.amount },
    ],
  });
  return debt;
}

/**
 * A reversal, once per original credit: the (wall, original, 'reversal') row, then one entry
 * taking the reversed amount back to the offer-wall account (the withdrawable balance first, then
 * the deposit balance, the rest as debt), and the same for the referrer's share of it (back to
 * promotions). The amount reversed is the original credit, or the reversal's own amount when
 * that is smaller.
 */
async function reverse(
  db: Db,
  input: {
    wall: OfferWall;
    userId: string;
    transactionId: string;
    originalId: string;
    requested: bigint;
    now: Date;
    logInTx: LogInTx;
  },
): Promise<Judgement> {
  const { wall, userId, transactionId, originalId, now } = input;
  const known = { transactionId, userId };
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(taskWallTransactions)
      .where(transactionIs({ wallId: wall.id, transactionId: originalId, kind: "credit" }));
    if (!original)
      return {
        verdict: "reversal_without_original",
        detail: `No credit of transaction ${originalId} to reverse.`,
        ...known,
      };
    if (original.userId !== userId)
      return {
        verdict: "invalid_params",
        detail: "The reversal names another member than the credit.",
        ...known,
      };
    const credited = Number(original.amount);
    const amount = input.requested > 0n ? Number(minBig(input.requested, BigInt(credited))) : credited;
    const [row] = await tx
      .insert(taskWallTransactions)
      .values({
        wallId: wall.id,
        transactionId: originalId,
        kind: "reversal",
        userId,
        amount,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ wallId: taskWallTransactions.wallId });
    if (!row)
      return {
        verdict: "reversal_duplicate",
        detail: `Transaction ${originalId} was reversed already.`,
        ...known,
      };

    // The referrer's share of the reversed part goes back too (ADR 0008).
    const [referral] = await tx
      .select({ referrer: journalEntries.userId, share: journalLines.amount })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .where(
        and(
          eq(journalEntries.idempotencyKey, `referral:${creditKey(wall.id, originalId)}`),
          sql`${journalLines.accountId} = 'member:' || ${journalEntries.userId} || ':withdrawable'`,
        ),
      );
    const clawback =
      referral?.referrer && referral.share > 0
        ? Number((BigInt(referral.share) * BigInt(amount)) / BigInt(credited))
        : 0;
    const locked = await lockAccounts(tx, [
      ...takeBackAccounts(userId),
      ...(clawback > 0 ? takeBackAccounts(referral!.referrer!) : []),
    ]);
    const key = `offerwall-reversal:${wall.id}:${originalId}`;
    const debt = await takeBack(tx, locked, {
      userId,
      amount,
      to: PLATFORM.offerWalls,
      idempotencyKey: key,
      kind: OFFER_WALL_REVERSAL,
      memo: wall.id,
      now,
    });
    if (clawback > 0)
      await takeBack(tx, locked, {
        userId: referral!.referrer!,
        amount: clawback,
        to: PLATFORM.promotions,
        idempotencyKey: `referral:${key}`,
        kind: REFERRAL_REVERSAL,
        relatedUserId: userId,
        memo: wall.id,
        now,
      });
    await linkEntry(tx, { wallId: wall.id, transactionId: originalId, kind: "reversal" }, key, debt);
    const j: Judgement = {
      verdict: "reversed",
      detail: `Reversed ₹${milliToRupeeString(amount)} of transaction ${originalId}${debt > 0 ? `; ₹${milliToRupeeString(debt)} became debt` : ""}.`,
      ...known,
      amount: -amount,
    };
    await input.logInTx(tx, j);
    return j;
  });
}

// ---------------------------------------------------------------------------------------------
// The operators' postback log

export type PostbackRow = typeof taskWallPostbacks.$inferSelect;

/** The log's retention an operator may set: a day to ten years. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** An operator sets how many days the postback log keeps a row (audited with before and after). */
export async function setPostbackLogRetention(db: Db, actorUserId: string, days: number): Promise<void> {
  if (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)
    throw new DomainError(
      "invalid_input",
      `retentionDays must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}.`,
    );
  await updateSettingAudited(db, {
    actorUserId,
    key: "postback_log_retention_days",
    value: days,
    action: "postback.retention",
    field: "days",
  });
}

export async function getPostback(db: Db, id: number): Promise<PostbackRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return (await db.select().from(taskWallPostbacks).where(eq(taskWallPostbacks.id, id)))[0];
}

/** The postback log, newest first, 20 a page; filtered by wall and verdict; with its retention. */
export async function postbackLog(
  db: Db,
  filter: { wallId?: string; verdict?: PostbackVerdict; page: number },
) {
  const conditions: SQL[] = [];
  if (filter.wallId) conditions.push(eq(taskWallPostbacks.wallId, filter.wallId));
  if (filter.verdict) conditions.push(eq(taskWallPostbacks.verdict, filter.verdict));
  const where = conditions.length ? and(...conditions) : undefined;
  const [n] = await db.select({ n: count() }).from(taskWallPostbacks).where(where);
  const pagination = pageOf(filter.page, OPERATOR_PAGE_SIZE, Number(n?.n ?? 0));
  const rows = await db
    .select({ p: taskWallPostbacks, wallName: taskWalls.name, userName: users.userName })
    .from(taskWallPostbacks)
    .leftJoin(taskWalls, eq(taskWalls.id, taskWallPostbacks.wallId))
    .leftJoin(users, eq(users.id, taskWallPostbacks.userId))
    .where(where)
    .orderBy(desc(taskWallPostbacks.createdAt), desc(taskWallPostbacks.id))
    .limit(pagination.pageSize)
    .offset(offsetOf(pagination));
  return {
    retentionDays: await getSetting(db, "postback_log_retention_days"),
    records: rows.map(({ p, wallName, userName }) => ({
      id: p.id,
      wallId: p.wallId,
      wallName,
      time: p.createdAt.toISOString(),
      ip: p.ip,
      method: p.method,
      url: p.url,
      headers: p.headers,
      body: p.body,
      verdict: p.verdict,
      detail: p.detail,
      transactionId: p.transactionId,
      userId: p.userId,
      userName,
      amount: p.amount === null ? null : milliToRupeeString(p.amount),
      origin: p.origin,
    })),
    pagination,
  };
}
