import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiContext,
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  readBodyAt,
  requireMember,
  requireRole,
  siteOriginOf,
} from "../http";
import {
  TASK_WALL_MESSAGES,
  WALL_ID,
  createTaskWall,
  listTaskWalls,
  updateTaskWall,
  wallForOperator,
  type TaskWall,
} from "./config";
import { RETENTION_DAYS, postbackLog, setPostbackLogRetention } from "./log";
import { replayPostback, sendTestPostback, type PostbackAnswer } from "./sender";
import { POSTBACK_VERDICTS } from "../../shared/taskWall";
import type { OperatorWall, PostbackSendResult } from "../../shared/contracts/taskWalls";

/**
 * The operators' task-wall endpoints under /adminRoute (docs/api/taskwalls.md): walls (the
 * domain validates and audits), the postback log, the signed test postback and the replay of a
 * logged one. Operators only.
 */

/** Any JSON object: the domain checks its fields (with its own messages). */
const AnyObject = z.record(z.unknown(), { invalid_type_error: "Send a JSON object." });

const TestSchema = z
  .object({
    wallId: z
      .string({ invalid_type_error: "wallId must be text.", required_error: "wallId is required." })
      .max(64, "wallId must be at most 64 characters."),
    userId: z
      .string({ invalid_type_error: "userId must be text.", required_error: "userId is required." })
      .min(1, "userId is required.")
      .max(64, "userId must be at most 64 characters."),
    transactionId: z
      .string({
        invalid_type_error: "transactionId must be text.",
        required_error: "transactionId is required.",
      })
      .trim()
      .min(1, "transactionId is required.")
      .max(150, "transactionId must be at most 150 characters."),
    points: z
      .union([z.number().nonnegative().finite(), z.string().trim()], {
        errorMap: () => ({ message: "points must be a number of points, e.g. 500 or 12.5." }),
      })
      .transform((p) => String(p))
      .refine(
        // Written as a network writes it: the endpoint accepts only canonical numbers.
        (p) => /^(0|[1-9]\d{0,11})(\.\d{1,3})?$/.test(p),
        "points must be a number of points, e.g. 500 or 12.5.",
      ),
    reversal: z.boolean({ invalid_type_error: "reversal must be true or false." }).optional(),
  })
  .strict();

const RETENTION_MESSAGE = `retentionDays must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}.`;
const RetentionSchema = z
  .object({
    retentionDays: z
      .number({ invalid_type_error: RETENTION_MESSAGE, required_error: "retentionDays is required." })
      .int(RETENTION_MESSAGE)
      .min(RETENTION_DAYS.min, RETENTION_MESSAGE)
      .max(RETENTION_DAYS.max, RETENTION_MESSAGE),
  })
  .strict();

const VerdictQuery = z.enum(POSTBACK_VERDICTS, {
  errorMap: () => ({ message: `verdict must be one of ${POSTBACK_VERDICTS.join(", ")}.` }),
});

function wallId(raw: string): string {
  if (!WALL_ID.test(raw)) throw new ApiError(404, TASK_WALL_MESSAGES.notFound);
  return raw;
}

export function adminTaskWallsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  /** A wall as operators see it, with the full address to give its network. */
  const answer = (c: ApiContext, w: TaskWall): OperatorWall => {
    const wall = wallForOperator(w);
    return { ...wall, postbackUrl: `${siteOriginOf(c)}${wall.postbackPath}` };
  };
  const toolAnswer = (a: PostbackAnswer): PostbackSendResult => ({
    status: a.status,
    body: a.body,
    verdict: a.verdict,
  });

  r.get("/offerWalls", requireMember, requireRole("moderation"), async (c) =>
    okRead(c, "/adminRoute/offerWalls", {
      records: (await listTaskWalls(c.var.deps.db)).map((w) => answer(c, w)),
    }),
  );

  r.post("/offerWalls", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/offerWalls", AnyObject);
    const wall = await createTaskWall(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/offerWalls", { message: TASK_WALL_MESSAGES.saved, wall: answer(c, wall) });
  });

  r.patch("/offerWalls/:id", requireMember, requireRole("owner"), async (c) => {
    const id = wallId(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/offerWalls/:id", AnyObject);
    const wall = await updateTaskWall(c.var.deps.db, c.var.member.id, id, body);
    return okWrite(c, "/adminRoute/offerWalls/:id", {
      message: TASK_WALL_MESSAGES.saved,
      wall: answer(c, wall),
    });
  });

  r.get("/postbacks", requireMember, requireRole("moderation"), async (c) => {
    const verdictText = c.req.query("verdict");
    const verdict = verdictText ? VerdictQuery.safeParse(verdictText) : undefined;
    if (verdict && !verdict.success) throw new ApiError(400, verdict.error.issues[0]!.message);
    const log = await postbackLog(c.var.deps.db, {
      wallId: c.req.query("wall") || undefined,
      verdict: verdict?.data,
      page: pageQuery(c),
    });
    return okRead(c, "/adminRoute/postbacks", log);
  });

  r.patch("/postbacks/settings", requireMember, requireRole("owner"), async (c) => {
    const { retentionDays } = await readBodyAt(c, "/adminRoute/postbacks/settings", RetentionSchema);
    await setPostbackLogRetention(c.var.deps.db, c.var.member.id, retentionDays);
    return okWrite(c, "/adminRoute/postbacks/settings", {
      message: "Postback log settings saved.",
      retentionDays,
    });
  });

  r.post("/postbacks/test", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/postbacks/test", TestSchema);
    return okWrite(
      c,
      "/adminRoute/postbacks/test",
      toolAnswer(await sendTestPostback(c.var.deps, c.var.member.id, body)),
    );
  });

  r.post("/postbacks/:id/replay", requireMember, requireRole("moderation"), async (c) => {
    const raw = c.req.param("id");
    if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, "Postback not found.");
    return okWrite(
      c,
      "/adminRoute/postbacks/:id/replay",
      toolAnswer(await replayPostback(c.var.deps, c.var.member.id, Number(raw))),
    );
  });

  return r;
}
