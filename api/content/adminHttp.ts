import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiContext,
  type ApiEnv,
  ApiError,
  type ContractRoute,
  type WriteAt,
  ok,
  okRead,
  okWrite,
  pageQuery,
  readBody,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { sanitizeHtml } from "../lib/sanitize";
import { markdownToHtml } from "../lib/markdown";
import { publicPagesChanged } from "./changes";
import {
  createAnnouncement,
  createFaq,
  createHomeSection,
  deleteAnnouncement,
  deleteFaq,
  deleteHomeSection,
  moveItem,
  updateAnnouncement,
  updateFaq,
  updateHomeSection,
} from "./orderedContent";
import { announcementPage, contentSummary, faqPage, homeSectionPage } from "./orderedContentPages";
import {
  changeInstructionItem,
  instructionsForOperator,
  policyPagesForOperator,
  replaceInstructions,
  savePageText,
  savePolicy,
  saveStatsBase,
  textsForOperator,
} from "./pageTexts";
import {
  INSTRUCTIONS_KEYS,
  POLICY_SLUGS,
  SITE_WORDS_LIMITS as L,
  SITE_WORDS_MESSAGES as M,
} from "./siteWords";
import type {
  ContentListKind,
  ContentSaved,
  InstructionsKey,
  PolicySlugName,
} from "../../shared/contracts/siteWords";

/** An optional Hindi version (issue 23): at most `max` characters; left out keeps it, "" removes it. */
const hindi = (name: string, max: number) =>
  z
    .string({ invalid_type_error: `${name} must be text.` })
    .max(max, `${name} must be at most ${max} characters.`)
    .optional();

/** Text of at most `max` characters, named in its refusals. */
const text = (name: string, max: number) =>
  z
    .string({ invalid_type_error: `${name} must be text.`, required_error: `${name} is required.` })
    .max(max, `${name} must be at most ${max} characters.`)
    .refine((v) => v.trim() !== "", `${name} is required.`);

const AnnouncementSchema = z
  .object({
    message: text("message", L.html),
    message_hi: hindi("message_hi", L.html),
    time: z
      .string({ invalid_type_error: "time must be an ISO date and time." })
      .datetime({ offset: true, message: "time must be an ISO date and time." })
      .transform((v) => new Date(v))
      .refine(
        (d) => d.getTime() >= Date.UTC(2000, 0, 1) && d.getTime() <= Date.now() + 366 * 24 * 3600 * 1000,
        "time must be between the year 2000 and a year from now.",
      )
      .optional(),
  })
  .strict();

const FaqSchema = z
  .object({
    question: text("question", L.question),
    answer: text("answer", L.html),
    question_hi: hindi("question_hi", L.question),
    answer_hi: hindi("answer_hi", L.html),
  })
  .strict();
const SectionSchema = z
  .object({
    title: text("title", L.title),
    message: text("message", L.html),
    title_hi: hindi("title_hi", L.title),
    message_hi: hindi("message_hi", L.html),
  })
  .strict();
const MoveSchema = z
  .object({
    direction: z.enum(["up", "down"], { errorMap: () => ({ message: "direction must be up or down." }) }),
  })
  .strict();
const PolicySchema = z
  .object({ html: text("html", L.policyHtml), html_hi: hindi("html_hi", L.policyHtml) })
  .strict();
const PreviewSchema = z
  .object({
    html: z
      .string({ invalid_type_error: "html must be text.", required_error: "html is required." })
      .max(L.policyHtml, `html must be at most ${L.policyHtml} characters.`),
    format: z
      .enum(["html", "markdown"], { errorMap: () => ({ message: "format must be html or markdown." }) })
      .optional(),
  })
  .strict();
const itemHtml = text("html", L.instruction);
const InstructionsSchema = z
  .object({
    items: z
      .array(itemHtml, {
        invalid_type_error: "items must be a list of text.",
        required_error: "items is required.",
      })
      .max(L.instructionItems, M.tooManyItems),
    items_hi: z
      .array(hindi("items_hi", L.instruction).unwrap(), {
        invalid_type_error: "items_hi must be a list of text.",
      })
      .max(L.instructionItems, M.tooManyItems)
      .optional(),
  })
  .strict()
  .refine((b) => !b.items_hi || b.items_hi.length === b.items.length, {
    message: "items_hi must have one entry per item.",
  });
const index = z
  .number({ invalid_type_error: "index must be a whole number.", required_error: "index is required." })
  .int("index must be a whole number.")
  .min(0, "index must be 0 or more.")
  .max(1000, "index is too large.");
const expected = z
  .string({ invalid_type_error: "expected must be text." })
  .max(L.instruction * 2)
  .optional();
const ItemChangeSchema = z.discriminatedUnion(
  "op",
  [
    z.object({ op: z.literal("add"), html: itemHtml, html_hi: hindi("html_hi", L.instruction) }).strict(),
    z
      .object({
        op: z.literal("edit"),
        index,
        html: itemHtml,
        html_hi: hindi("html_hi", L.instruction),
        expected,
      })
      .strict(),
    z.object({ op: z.literal("remove"), index, expected }).strict(),
    z
      .object({
        op: z.literal("move"),
        index,
        direction: z.enum(["up", "down"], { errorMap: () => ({ message: "direction must be up or down." }) }),
        expected,
      })
      .strict(),
  ],
  { errorMap: () => ({ message: "op must be add, edit, remove or move." }) },
);
const PageTextSchema = z
  .object({
    key: z.enum(["gift_code_page_message", "referral_page_text"], {
      errorMap: () => ({ message: "key must be gift_code_page_message or referral_page_text." }),
    }),
    html: text("html", L.html),
    html_hi: hindi("html_hi", L.html),
  })
  .strict();
const count = (name: string, max: number) =>
  z
    .number({ invalid_type_error: `${name} must be a whole number.`, required_error: `${name} is required.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be 0 or more.`)
    .max(max, `${name} must be at most ${max}.`);
const StatsBaseSchema = z
  .object({
    users: count("users", L.statsCount),
    userCompletedTask: count("userCompletedTask", L.statsCount),
    visitorsLast30Days: count("visitorsLast30Days", L.statsCount),
    totalWithdrawalAmount: count("totalWithdrawalAmount", L.statsRupees),
  })
  .strict();

/** A row id from the path: a positive whole number, else the row does not exist (404). */
function idParam(raw: string): number {
  const n = Number(raw);
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || !Number.isSafeInteger(n) || n > 2_147_483_647)
    throw new ApiError(404, M.notFound);
  return n;
}

function keyParam<K extends string>(raw: string, keys: readonly K[], what: string): K {
  if (!(keys as readonly string[]).includes(raw))
    throw new ApiError(404, `There is no ${what} named ${raw}.`);
  return raw as K;
}

const LIST_KINDS: readonly ContentListKind[] = ["announcements", "faq", "home-sections"];

/** Operator routes: the site's words (announcements, FAQ, home sections, policies, instructions, page texts). */
export function adminContentRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const guard = [requireMember, requireRole("content")] as const;
  /** After a committed change: the public pages every node keeps are dropped. */
  const saved = <R extends string>(c: ApiContext, route: R & ContractRoute<R>, answer: WriteAt<R>) => {
    publicPagesChanged(c.var.deps);
    return okWrite(c, route, answer);
  };
  /** The same for the one route serving three paths of the map (`/content/order/:kind/:id`). */
  const savedAnyPath = (c: ApiContext, answer: ContentSaved) => {
    publicPagesChanged(c.var.deps);
    return ok(c, answer satisfies ContentSaved);
  };

  r.get("/content", ...guard, async (c) =>
    okRead(c, "/adminRoute/content", await contentSummary(c.var.deps.db)),
  );

  r.post("/content/preview", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/preview", PreviewSchema);
    // Markdown (announcements, policy pages) is rendered first; both are cleaned as the pages are.
    const html = body.format === "markdown" ? markdownToHtml(body.html) : sanitizeHtml(body.html);
    return okWrite(c, "/adminRoute/content/preview", { html });
  });

  // Announcements
  r.get("/content/announcements", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/announcements", await announcementPage(c.var.deps.db, pageQuery(c))),
  );
  r.post("/content/announcements", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/announcements", AnnouncementSchema);
    const id = await createAnnouncement(c.var.deps.db, c.var.member.id, body);
    return saved(c, "/adminRoute/content/announcements", { message: M.announcementAdded, id });
  });
  r.patch("/content/announcements/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/content/announcements/:id", AnnouncementSchema);
    await updateAnnouncement(c.var.deps.db, c.var.member.id, id, body);
    return saved(c, "/adminRoute/content/announcements/:id", { message: M.announcementSaved, id });
  });
  r.delete("/content/announcements/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    await deleteAnnouncement(c.var.deps.db, c.var.member.id, id);
    return saved(c, "/adminRoute/content/announcements/:id", { message: M.announcementDeleted, id });
  });

  // FAQ items
  r.get("/content/faq", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/faq", await faqPage(c.var.deps.db, pageQuery(c))),
  );
  r.post("/content/faq", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/faq", FaqSchema);
    const id = await createFaq(c.var.deps.db, c.var.member.id, body);
    return saved(c, "/adminRoute/content/faq", { message: M.faqAdded, id });
  });
  r.patch("/content/faq/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/content/faq/:id", FaqSchema);
    await updateFaq(c.var.deps.db, c.var.member.id, id, body);
    return saved(c, "/adminRoute/content/faq/:id", { message: M.faqSaved, id });
  });
  r.delete("/content/faq/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    await deleteFaq(c.var.deps.db, c.var.member.id, id);
    return saved(c, "/adminRoute/content/faq/:id", { message: M.faqDeleted, id });
  });

  // Home page sections
  r.get("/content/home-sections", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/home-sections", await homeSectionPage(c.var.deps.db, pageQuery(c))),
  );
  r.post("/content/home-sections", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/home-sections", SectionSchema);
    const id = await createHomeSection(c.var.deps.db, c.var.member.id, body);
    return saved(c, "/adminRoute/content/home-sections", { message: M.sectionAdded, id });
  });
  r.patch("/content/home-sections/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/content/home-sections/:id", SectionSchema);
    await updateHomeSection(c.var.deps.db, c.var.member.id, id, body);
    return saved(c, "/adminRoute/content/home-sections/:id", { message: M.sectionSaved, id });
  });
  r.delete("/content/home-sections/:id", ...guard, async (c) => {
    const id = idParam(c.req.param("id"));
    await deleteHomeSection(c.var.deps.db, c.var.member.id, id);
    return saved(c, "/adminRoute/content/home-sections/:id", { message: M.sectionDeleted, id });
  });

  // Order
  r.post("/content/order/:kind/:id", ...guard, async (c) => {
    const kind = keyParam(c.req.param("kind"), LIST_KINDS, "list");
    const id = idParam(c.req.param("id"));
    const body = await readBody(c, MoveSchema);
    await moveItem(c.var.deps.db, c.var.member.id, kind, id, body.direction);
    return savedAnyPath(c, { message: M.moved, id });
  });

  // Policy pages
  r.get("/content/policies", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/policies", await policyPagesForOperator(c.var.deps.db)),
  );
  r.patch("/content/policies/:slug", ...guard, async (c) => {
    const slug = keyParam<PolicySlugName>(c.req.param("slug"), POLICY_SLUGS, "page");
    const body = await readBodyAt(c, "/adminRoute/content/policies/:slug", PolicySchema);
    await savePolicy(c.var.deps.db, c.var.member.id, slug, body.html, body.html_hi);
    return saved(c, "/adminRoute/content/policies/:slug", { message: M.policySaved });
  });

  // Instructions lists
  r.get("/content/instructions", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/instructions", await instructionsForOperator(c.var.deps.db)),
  );
  r.patch("/content/instructions/:key", ...guard, async (c) => {
    const key = keyParam<InstructionsKey>(c.req.param("key"), INSTRUCTIONS_KEYS, "instructions list");
    const body = await readBodyAt(c, "/adminRoute/content/instructions/:key", InstructionsSchema);
    await replaceInstructions(c.var.deps.db, c.var.member.id, key, body.items, body.items_hi);
    return saved(c, "/adminRoute/content/instructions/:key", { message: M.instructionsSaved });
  });
  r.post("/content/instruction-items/:key", ...guard, async (c) => {
    const key = keyParam<InstructionsKey>(c.req.param("key"), INSTRUCTIONS_KEYS, "instructions list");
    const body = await readBodyAt(c, "/adminRoute/content/instruction-items/:key", ItemChangeSchema);
    await changeInstructionItem(c.var.deps.db, c.var.member.id, key, body);
    return saved(c, "/adminRoute/content/instruction-items/:key", { message: M.instructionsSaved });
  });

  // Page texts and the statistics base
  r.get("/content/texts", ...guard, async (c) =>
    okRead(c, "/adminRoute/content/texts", await textsForOperator(c.var.deps.db)),
  );
  r.patch("/content/texts", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/texts", PageTextSchema);
    await savePageText(c.var.deps.db, c.var.member.id, body.key, body.html, body.html_hi);
    return saved(c, "/adminRoute/content/texts", { message: M.textSaved });
  });
  r.patch("/content/stats-base", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/content/stats-base", StatsBaseSchema);
    await saveStatsBase(c.var.deps.db, c.var.member.id, body);
    return saved(c, "/adminRoute/content/stats-base", { message: M.statsSaved });
  });

  return r;
}
