import { isIP } from "node:net";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { taskWalls } from "../db/schema";
import { newId } from "../lib/ids";
import { milliToRupeeString, parseRupeeInput } from "../../shared/money";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { SIGNATURE_SCHEMES, type SignatureConfig } from "./signatures";
import { tailChars } from "../lib/text";
import { hindiTextField } from "../lib/fields";

/**
 * Offer-wall configuration (operators): the frame, the postback's parameter names, the signature
 * scheme and secret, the allow-list, the points-to-rupee rate and the cap. Validated here (every
 * caller gets the same rules) and audited in the change's transaction; the secret is write-only
 * (answers and audit records show its last 4 characters).
 */

export type TaskWall = typeof taskWalls.$inferSelect;

export const TASK_WALL_MESSAGES = {
  notFound: "Offer wall not found.",
  saved: "Offer wall saved.",
  /**
   * md5_fields with no separator: the signed text does not show where one value ends, so a signed
   * postback can be cut into other values that verify too (another transaction id, another amount).
   */
  separatorOrAllowList:
    "md5_fields without a signature separator needs an IP allow-list: without a separator, one signed postback can be re-split into other transaction ids and amounts with the same signature. Set the separator the network uses, or list the network's server addresses.",
  sha256SeparatorOrAllowList:
    "sha256_fields without a signature separator needs an IP allow-list: without a separator, one signed postback can be re-split into other transaction ids and amounts with the same signature. Set the separator the network uses, or list the network's server addresses.",
} as const;

/** The placeholder of the frame URL template that becomes the member's id. */
export const USER_ID_PLACEHOLDER = "{user_id}";
export const MAX_MILLI_PER_POINT = 1_000_000;
/** The most one postback may credit, whatever the operator sets: ₹100,000. */
export const MAX_CAP_MILLI = 100_000_000;
export const WALL_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest hold an operator may set on a wall's credits, in days. */
export const MAX_HOLD_DAYS = 90;

/** The seeded demo wall's id (its postback URL is /postback/offerwall/demo-wall; demoWall.ts). */
export const DEMO_WALL_ID = "demo-wall";

/**
 * Whether this install serves the demo wall: only a demo install (SEED_DEMO on) and never in
 * production. The wall's row stays in a database that was once seeded, but with the demo off its
 * page, its offers and its completions are refused, its postbacks are `disabled`, and members'
 * lists leave it out: otherwise every account could take its offers' credits from the platform.
 */
export const demoWallServed = (config: Pick<Config, "SEED_DEMO" | "NODE_ENV">) =>
  config.SEED_DEMO && config.NODE_ENV !== "production";

const PARAM_NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;
const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;

const paramName = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text.`, required_error: `${field} is required.` })
    .trim()
    .regex(PARAM_NAME, `${field} must be a parameter name (letters, digits, _ . - [ ], up to 64).`);

/** Rupees with up to 3 decimals ("50", "0.5") → milli-rupees, exact. */
const capRupees = z.unknown().transform((v, ctx) => {
  const milli = parseRupeeInput(v) ?? 0;
  if (milli <= 0 || milli > MAX_CAP_MILLI) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `capPerPostback must be rupees (up to 3 decimals) above 0 and at most ${milliToRupeeString(MAX_CAP_MILLI)}.`,
    });
    return z.NEVER;
  }
  return milli;
});

/** Rupees with up to 3 decimals, 0 allowed ("0": every credit is held) → milli-rupees. */
const thresholdRupees = z.unknown().transform((v, ctx) => {
  const milli = parseRupeeInput(v);
  if (milli === null || milli > MAX_CAP_MILLI) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `holdThreshold must be rupees (up to 3 decimals) from 0 to ${milliToRupeeString(MAX_CAP_MILLI)}.`,
    });
    return z.NEVER;
  }
  return milli;
});

/** Status values (1 to 64 characters, at most 10). */
const statusList = (field: string) =>
  z
    .array(
      z
        .string({ invalid_type_error: `${field} must be a list of values.` })
        .trim()
        .min(1, `${field} holds values of 1 to 64 characters.`)
        .max(64, `${field} holds values of 1 to 64 characters.`),
      { invalid_type_error: `${field} must be a list of values.` },
    )
    .max(10, `${field} holds at most 10 values.`);

/** A whole number from `min` to `max`, one message for every way it can be wrong. */
const wholeNumber = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}.`;
  return z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);
};

const frameUrlTemplate = z
  .string({
    invalid_type_error: "frameUrlTemplate must be text.",
    required_error: "frameUrlTemplate is required.",
  })
  .trim()
  .max(2000, "frameUrlTemplate must be at most 2000 characters.")
  .refine(
    (t) => (/^https?:\/\/[^\s]+$/i.test(t) || /^\/(?!\/)[^\s]*$/.test(t)) && t.includes(USER_ID_PLACEHOLDER),
    `frameUrlTemplate must be an http(s) address or a path of this site, with ${USER_ID_PLACEHOLDER} where the member's id goes.`,
  );

/** Every field an operator sets, as the API names them. */
const fields = {
  name: z
    .string({ invalid_type_error: "name must be text.", required_error: "name is required." })
    .trim()
    .min(1, "name is required.")
    .max(100, "name must be at most 100 characters."),
  /** The Hindi name members reading Hindi see (issue 45); "": none. */
  nameHi: hindiTextField("nameHi", 100),
  frameUrlTemplate,
  secret: z
    .string({ invalid_type_error: "secret must be text.", required_error: "secret is required." })
    .min(4, "secret must be 4 to 200 characters.")
    .max(200, "secret must be 4 to 200 characters."),
  scheme: z.enum(SIGNATURE_SCHEMES, {
    errorMap: () => ({ message: `scheme must be one of ${SIGNATURE_SCHEMES.join(", ")}.` }),
  }),
  signatureFields: z
    .array(paramName("signatureFields[]"), { invalid_type_error: "signatureFields must be a list of names." })
    .max(10, "signatureFields holds at most 10 names."),
  signatureSeparator: z
    .string({ invalid_type_error: "signatureSeparator must be text." })
    .max(10, "signatureSeparator must be at most 10 characters."),
  signatureParam: paramName("signatureParam"),
  signatureHeader: z
    .string({ invalid_type_error: "signatureHeader must be a header name." })
    .trim()
    .regex(HEADER_NAME, "signatureHeader must be a header name (letters, digits and -).")
    .nullable(),
  userParam: paramName("userParam"),
  transactionParam: paramName("transactionParam"),
  amountParam: paramName("amountParam"),
  statusParam: paramName("statusParam").nullable(),
  reversalStatuses: statusList("reversalStatuses"),
  originalTransactionParam: paramName("originalTransactionParam").nullable(),
  goalParam: paramName("goalParam").nullable(),
  pendingStatuses: statusList("pendingStatuses"),
  debugParam: paramName("debugParam").nullable(),
  holdDays: wholeNumber("holdDays", 0, MAX_HOLD_DAYS),
  holdThreshold: thresholdRupees,
  ipAllowList: z
    .array(
      z
        .string({ invalid_type_error: "ipAllowList must be a list of IP addresses." })
        .trim()
        .refine((a) => isIP(a) !== 0, "ipAllowList must hold IP addresses (IPv4 or IPv6)."),
      { invalid_type_error: "ipAllowList must be a list of IP addresses." },
    )
    .max(50, "ipAllowList holds at most 50 addresses."),
  milliPerPoint: wholeNumber("milliPerPoint", 1, MAX_MILLI_PER_POINT),
  capPerPostback: capRupees,
  successBody: z
    .string({ invalid_type_error: "successBody must be text." })
    .min(1, "successBody must be 1 to 200 characters.")
    .max(200, "successBody must be 1 to 200 characters."),
  enabled: z.boolean({ invalid_type_error: "enabled must be true or false." }),
  sortOrder: wholeNumber("sortOrder", -1_000_000, 1_000_000),
};

const CreateSchema = z
  .object({
    ...fields,
    nameHi: fields.nameHi.optional(),
    signatureFields: fields.signatureFields.default([]),
    signatureSeparator: fields.signatureSeparator.default(""),
    signatureParam: fields.signatureParam.default("signature"),
    signatureHeader: fields.signatureHeader.default(null),
    userParam: fields.userParam.default("user_id"),
    transactionParam: fields.transactionParam.default("transaction_id"),
    amountParam: fields.amountParam.default("amount"),
    statusParam: fields.statusParam.default(null),
    reversalStatuses: fields.reversalStatuses.default([]),
    originalTransactionParam: fields.originalTransactionParam.default(null),
    goalParam: fields.goalParam.default(null),
    pendingStatuses: fields.pendingStatuses.default([]),
    debugParam: fields.debugParam.default(null),
    holdDays: fields.holdDays.default(0),
    holdThreshold: fields.holdThreshold.default(0),
    ipAllowList: fields.ipAllowList.default([]),
    successBody: fields.successBody.default("1"),
    enabled: fields.enabled.default(true),
    sortOrder: fields.sortOrder.default(0),
  })
  .strict();
const PatchSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, "Send at least one field to change.");

export type TaskWallInput = z.infer<typeof CreateSchema>;

/** The rules between fields, checked on the whole configuration (after a patch is applied). */
function checkCombination(w: TaskWallInput): void {
  const refuse = (message: string) => {
    throw new DomainError("invalid_input", message);
  };
  const fieldsScheme = w.scheme === "md5_fields" || w.scheme === "sha256_fields";
  if (fieldsScheme && w.signatureFields.length === 0)
    refuse(`${w.scheme} needs signatureFields: the parameters signed, in order.`);
  if (fieldsScheme && w.signatureSeparator === "" && w.ipAllowList.length === 0)
    refuse(
      w.scheme === "md5_fields"
        ? TASK_WALL_MESSAGES.separatorOrAllowList
        : TASK_WALL_MESSAGES.sha256SeparatorOrAllowList,
    );
  if (w.scheme === "hmac_sha256_sorted" && !w.signatureHeader)
    refuse("hmac_sha256_sorted needs signatureHeader: the header carrying the signature.");
  if (w.reversalStatuses.length > 0 && !w.statusParam)
    refuse("reversalStatuses need statusParam: the parameter they are read from.");
  if (w.pendingStatuses.length > 0 && !w.statusParam)
    refuse("pendingStatuses need statusParam: the parameter they are read from.");
  const bothWays = w.pendingStatuses.find((s) => w.reversalStatuses.includes(s));
  if (bothWays !== undefined) refuse(`"${bothWays}" cannot be both a pending status and a reversal status.`);
  if (new Set([w.userParam, w.transactionParam, w.amountParam]).size < 3)
    refuse("userParam, transactionParam and amountParam must be three different parameters.");
  const named = [w.userParam, w.transactionParam, w.amountParam, w.statusParam, w.signatureParam];
  if (w.goalParam && named.includes(w.goalParam))
    refuse(
      "goalParam must be a parameter of its own (not the user, transaction, amount, status or signature).",
    );
  if (w.debugParam && [...named, w.goalParam].includes(w.debugParam))
    refuse("debugParam must be a parameter of its own (not one the wall reads for something else).");
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message =
    issue?.code === "unrecognized_keys"
      ? `Unexpected field: ${issue.keys.join(", ")}.`
      : issue?.code === "invalid_type" && issue.received === "undefined"
        ? `${String(issue.path.at(-1) ?? "field")} is required.`
        : (issue?.message ?? "Invalid offer wall.");
  throw new DomainError("invalid_input", message);
}

const uniq = <T>(list: T[]) => [...new Set(list)];

/**
 * The secret as answers and the audit show it: its last four characters — whole characters, never
 * half of a surrogate pair, which the audit's JSON cannot store (the API fuzz found a 500).
 */
export const secretHint = (secret: string) => `…${tailChars(secret, 4)}`;

/** A wall for operators (and the audit): everything but the secret, which shows its last 4. */
export function wallForOperator(w: TaskWall) {
  return {
    _id: w.id,
    name: w.name,
    nameHi: w.nameHi ?? "",
    frameUrlTemplate: w.frameUrlTemplate,
    secretHint: secretHint(w.secret),
    scheme: w.scheme,
    signatureFields: w.signatureFields,
    signatureSeparator: w.signatureSeparator,
    signatureParam: w.signatureParam,
    signatureHeader: w.signatureHeader,
    userParam: w.userParam,
    transactionParam: w.transactionParam,
    amountParam: w.amountParam,
    statusParam: w.statusParam,
    reversalStatuses: w.reversalStatuses,
    originalTransactionParam: w.originalTransactionParam,
    goalParam: w.goalParam,
    pendingStatuses: w.pendingStatuses,
    debugParam: w.debugParam,
    holdDays: w.holdDays,
    holdThreshold: milliToRupeeString(w.holdThreshold),
    ipAllowList: w.ipAllowList,
    milliPerPoint: w.milliPerPoint,
    capPerPostback: milliToRupeeString(w.capPerPostback),
    successBody: w.successBody,
    enabled: w.enabled,
    sortOrder: w.sortOrder,
    postbackPath: `/postback/offerwall/${w.id}`,
    time: w.createdAt.toISOString(),
  };
}

export const signatureConfigOf = (w: TaskWall): SignatureConfig => ({
  scheme: w.scheme,
  secret: w.secret,
  signatureFields: w.signatureFields,
  signatureSeparator: w.signatureSeparator,
  signatureParam: w.signatureParam,
  signatureHeader: w.signatureHeader,
});

export async function getTaskWall(db: Db | Tx, id: string): Promise<TaskWall | undefined> {
  if (!WALL_ID.test(id)) return undefined;
  return (await db.select().from(taskWalls).where(eq(taskWalls.id, id)))[0];
}

/** Every wall, in the members' order (sort order, then oldest first). */
export async function listTaskWalls(db: Db | Tx, opts: { enabledOnly?: boolean } = {}): Promise<TaskWall[]> {
  return db
    .select()
    .from(taskWalls)
    .where(opts.enabledOnly ? eq(taskWalls.enabled, true) : undefined)
    .orderBy(asc(taskWalls.sortOrder), asc(taskWalls.createdAt), asc(taskWalls.id));
}

/** Inserts a validated wall (the seed and createTaskWall); `id` is generated unless given. */
export async function insertTaskWall(tx: Db | Tx, input: TaskWallInput & { id?: string }): Promise<TaskWall> {
  const [row] = await tx
    .insert(taskWalls)
    .values({
      ...input,
      id: input.id ?? newId(),
      signatureFields: input.signatureFields,
      reversalStatuses: uniq(input.reversalStatuses),
      pendingStatuses: uniq(input.pendingStatuses),
      ipAllowList: uniq(input.ipAllowList),
    })
    .returning();
  return row!;
}

/** Validates the seed's (or a caller's) wall with the operators' rules. */
export function parseTaskWall(input: unknown): TaskWallInput {
  const wall = parse(CreateSchema, input);
  checkCombination(wall);
  return wall;
}

/** An operator adds a wall (audited). */
export async function createTaskWall(db: Db, actorUserId: string, input: unknown): Promise<TaskWall> {
  const wall = parseTaskWall(input);
  return db.transaction(async (tx) => {
    const row = await insertTaskWall(tx, wall);
    await recordAudit(tx, {
      actorUserId,
      action: "offer_wall.create",
      target: `offer_wall:${row.id}`,
      after: wallForOperator(row),
    });
    return row;
  });
}

/** An operator changes some of a wall's fields (audited, before and after). */
export async function updateTaskWall(
  db: Db,
  actorUserId: string,
  id: string,
  patch: unknown,
): Promise<TaskWall> {
  const changes = parse(PatchSchema, patch);
  return db.transaction(async (tx) => {
    const [before] = WALL_ID.test(id)
      ? await tx.select().from(taskWalls).where(eq(taskWalls.id, id)).for("update")
      : [];
    if (!before) throw new DomainError("not_found", TASK_WALL_MESSAGES.notFound);
    const merged = {
      ...before,
      capPerPostback: Number(before.capPerPostback),
      holdThreshold: Number(before.holdThreshold),
      ...changes,
    };
    checkCombination(merged);
    const [after] = await tx
      .update(taskWalls)
      .set({
        ...changes,
        ...(changes.reversalStatuses ? { reversalStatuses: uniq(changes.reversalStatuses) } : {}),
        ...(changes.pendingStatuses ? { pendingStatuses: uniq(changes.pendingStatuses) } : {}),
        ...(changes.ipAllowList ? { ipAllowList: uniq(changes.ipAllowList) } : {}),
      })
      .where(eq(taskWalls.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "offer_wall.update",
      target: `offer_wall:${id}`,
      before: wallForOperator(before),
      after: wallForOperator(after!),
    });
    return after!;
  });
}
