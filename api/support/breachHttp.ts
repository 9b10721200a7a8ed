import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, pageQuery, readBodyAt, requireMember, requireRole } from "../http";
import { idParam } from "./inputsHttp";
import {
  BREACH_MESSAGES,
  dismissBreachNotice,
  listBreachIncidents,
  memberBreachNotices,
  previewBreachNotice,
  sendBreachNotice,
  setBoardNotified,
} from "./breach";

/** ISO date-time with its zone, from a year before `now` to five minutes after it. */
const isoTime = (field: string) =>
  z
    .string({
      required_error: `${field} is required.`,
      invalid_type_error: `${field} must be a date and time.`,
    })
    .max(40, `${field} must be a date and time.`)
    .refine(
      (v) =>
        /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
      {
        message: `${field} must be a date and time with its zone (ISO 8601).`,
      },
    )
    .refine((v) => Date.parse(v) <= Date.now() + 5 * 60_000, {
      message: `${field} must not be in the future.`,
    })
    .refine((v) => Date.parse(v) >= Date.now() - 366 * 24 * 60 * 60_000, {
      message: `${field} must be within the last year.`,
    });

const text = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required.`, invalid_type_error: `${field} must be text.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`);

/** A breach notice: both languages required; a list's ids each a member's id, at most 10,000. */
export const BreachNoticeSchema = z
  .object({
    key: z
      .string({ required_error: "key is required." })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "key must be 8 to 64 letters, digits, _ or -."),
    discovered_at: isoTime("discovered_at"),
    subject_en: text("subject_en", 200),
    body_en: text("body_en", 5000),
    subject_hi: text("subject_hi", 200),
    body_hi: text("body_hi", 5000),
    audience: z.enum(["all", "list"], { errorMap: () => ({ message: "audience must be all or list." }) }),
    member_ids: z
      .array(
        z
          .string()
          .trim()
          .min(1, "member_ids must be members' ids.")
          .max(64, "member_ids must be members' ids."),
        {
          invalid_type_error: "member_ids must be a list of members' ids.",
        },
      )
      .max(10_000, "member_ids may name at most 10,000 members.")
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .strict()
  .refine((b) => b.audience === "all" || b.member_ids.length > 0, {
    message: "member_ids is required when the audience is a list.",
  });

const BoardSchema = z.object({ board_notified_at: isoTime("board_notified_at") }).strict();

/** The owner's breach tool (docs/api/housekeeping.md#breach-notice). */
export function adminBreachRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const owner = [requireMember, requireRole("owner")] as const;

  r.post("/breach/preview", ...owner, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/breach/preview", BreachNoticeSchema);
    return okWrite(c, "/adminRoute/breach/preview", await previewBreachNotice(c.var.deps.db, body));
  });

  r.get("/breach/notices", ...owner, async (c) =>
    okRead(
      c,
      "/adminRoute/breach/notices",
      await listBreachIncidents(c.var.deps.db, pageQuery(c), c.var.deps.clock()),
    ),
  );

  r.post("/breach/notices", ...owner, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/breach/notices", BreachNoticeSchema);
    return okWrite(
      c,
      "/adminRoute/breach/notices",
      await sendBreachNotice(c.var.deps, c.var.member.id, body),
    );
  });

  r.patch("/breach/notices/:id/board", ...owner, async (c) => {
    const id = idParam(c.req.param("id"), BREACH_MESSAGES.notFound);
    const body = await readBodyAt(c, "/adminRoute/breach/notices/:id/board", BoardSchema);
    await setBoardNotified(c.var.deps.db, c.var.member.id, id, new Date(body.board_notified_at));
    return okWrite(c, "/adminRoute/breach/notices/:id/board", BREACH_MESSAGES.boardSaved);
  });

  return r;
}

/** A member's breach notices on their dashboard (under /userRoute). */
export function memberBreachRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/breachNotices", requireMember, async (c) =>
    okRead(c, "/userRoute/breachNotices", {
      notices: await memberBreachNotices(c.var.deps.db, c.var.member.id),
    }),
  );

  r.post("/breachNotices/:id/dismiss", requireMember, async (c) => {
    const id = idParam(c.req.param("id"), BREACH_MESSAGES.notFound);
    await dismissBreachNotice(c.var.deps.db, c.var.member.id, id, c.var.deps.clock());
    return okWrite(c, "/userRoute/breachNotices/:id/dismiss", BREACH_MESSAGES.dismissed);
  });

  return r;
}
