import { asc, count, desc, eq, max, min } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { announcements, faqs, homeSections, policyPages, settings } from "../db/schema";
import { DomainError } from "../lib/errors";
import { sanitizeHtml } from "../lib/sanitize";
import { recordAudit } from "../site/audit";
import { getSetting, setSetting, updateSettingAudited, SETTING_DEFAULTS } from "../site/settings";
import { MILLI_PER_RUPEE } from "../../shared/money";
import { PAGE_SIZE, offsetOf, pageOf } from "../../shared/pagination";
import type {
  ContentAnnouncement,
  ContentFaq,
  ContentHomeSection,
  ContentInstructions,
  ContentListKind,
  ContentPage,
  ContentPolicies,
  ContentSummary,
  ContentTexts,
  InstructionItemChange,
  InstructionsKey,
  PageTextKey,
  PolicySlugName,
  StatsBase,
} from "../../shared/contracts/siteWords";

/**
 * The site's words as operators edit them: announcements, FAQ items, home page sections, the
 * policy pages, every page's instructions list, the gift-code page message, the referral page text
 * and the public statistics base. HTML is cleaned on the way in with the same policy the pages are
 * served with (sanitizeHtml), and HTML that is empty once cleaned is refused. Every change runs in
 * one transaction with its audit record (before and after); the HTTP layer then tells the public
 * page caches (changes.ts).
 */

export const SITE_WORDS_LIMITS = {
  /** An announcement's message, an FAQ answer, a home section's message, a page text. */
  html: 5_000,
  /** A policy page (the API's bodies are at most 64 KB). */
  policyHtml: 50_000,
  question: 300,
  title: 120,
  /** One instructions item, and the most items a list holds. */
  instruction: 2_000,
  instructionItems: 20,
  /** The statistics base's counts and withdrawn rupees. */
  statsCount: 1_000_000_000_000,
  statsRupees: 10_000_000_000,
} as const;

export const SITE_WORDS_MESSAGES = {
  emptyHtml: "The text is empty once unsafe HTML is removed: write some text.",
  notFound: "That item no longer exists: reload the page.",
  alreadyFirst: "That item is already first.",
  alreadyLast: "That item is already last.",
  listChanged: "This list has changed since you opened it: reload the page and try again.",
  noSuchItem: "That instructions item no longer exists: reload the page.",
  tooManyItems: `A list holds at most ${SITE_WORDS_LIMITS.instructionItems} items.`,
  announcementAdded: "Announcement added.",
  announcementSaved: "Announcement saved.",
  announcementDeleted: "Announcement deleted.",
  faqAdded: "FAQ item added.",
  faqSaved: "FAQ item saved.",
  faqDeleted: "FAQ item deleted.",
  sectionAdded: "Home page section added.",
  sectionSaved: "Home page section saved.",
  sectionDeleted: "Home page section deleted.",
  moved: "Order saved.",
  policySaved: "Page saved.",
  instructionsSaved: "Instructions saved.",
  textSaved: "Text saved.",
  statsSaved: "Statistics base saved.",
} as const;

export const POLICY_TITLES: Record<PolicySlugName, string> = {
  privacy_policy: "Privacy Policy",
  terms_of_use: "Terms of Use",
  dmca: "DMCA",
};

export const INSTRUCTIONS_LABELS: Record<InstructionsKey, string> = {
  withdrawal_instructions: "Withdraw",
  convert_instructions: "Balance Converter",
  ptc_instructions: "PTC Ads",
  shortlink_instructions: "Click Short Links",
  offerwall_instructions: "Task Walls",
};

export const INSTRUCTIONS_KEYS = Object.keys(INSTRUCTIONS_LABELS) as InstructionsKey[];
export const POLICY_SLUGS = Object.keys(POLICY_TITLES) as PolicySlugName[];

export const PAGE_TEXT_LABELS: Record<PageTextKey, string> = {
  gift_code_page_message: "Gift code page message",
  referral_page_text: "Referral page text",
};

/** Operator HTML as it is stored: cleaned, and refused when nothing is left. */
export function cleanHtml(html: string): string {
  const clean = sanitizeHtml(html).trim();
  const text = clean
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  if (!text && !/<img\b/i.test(clean)) throw new DomainError("invalid_input", SITE_WORDS_MESSAGES.emptyHtml);
  return clean;
}

/** Plain text fields (an FAQ question, a section title): stored as typed, never as HTML. */
function cleanText(text: string): string {
  const t = text.trim();
  if (!t) throw new DomainError("invalid_input", "Write some text.");
  return t;
}

// ---------------------------------------------------------------------------------------------
// Announcements, FAQ items and home sections: ordered lists

type OrderedKind = ContentListKind;

/** The public order of each list: the operator's order, then (announcements) newest first. */
function orderedIds(tx: Db | Tx, kind: OrderedKind, lock = false) {
  const q =
    kind === "announcements"
      ? tx
          .select({ id: announcements.id, sortOrder: announcements.sortOrder })
          .from(announcements)
          .orderBy(asc(announcements.sortOrder), desc(announcements.createdAt), desc(announcements.id))
      : kind === "faq"
        ? tx
            .select({ id: faqs.id, sortOrder: faqs.sortOrder })
            .from(faqs)
            .orderBy(asc(faqs.sortOrder), asc(faqs.id))
        : tx
            .select({ id: homeSections.id, sortOrder: homeSections.sortOrder })
            .from(homeSections)
            .orderBy(asc(homeSections.sortOrder), asc(homeSections.id));
  return lock ? q.for("update") : q;
}

async function setOrder(tx: Tx, kind: OrderedKind, id: number, sortOrder: number): Promise<void> {
  if (kind === "announcements")
    await tx.update(announcements).set({ sortOrder }).where(eq(announcements.id, id));
  else if (kind === "faq") await tx.update(faqs).set({ sortOrder }).where(eq(faqs.id, id));
  else await tx.update(homeSections).set({ sortOrder }).where(eq(homeSections.id, id));
}

const AUDIT_NAME: Record<OrderedKind, string> = {
  announcements: "announcement",
  faq: "faq",
  "home-sections": "home_section",
};

/**
 * Moves an item one place up or down in its list's public order. The whole list is locked and its
 * order written as 0, 1, 2… (rows whose order already matches are left alone).
 */
export async function moveItem(
  db: Db,
  actorUserId: string,
  kind: OrderedKind,
  id: number,
  direction: "up" | "down",
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await orderedIds(tx, kind, true);
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyFirst);
    if (to >= rows.length) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyLast);
    const order = rows.map((r) => r.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    const current = new Map(rows.map((r) => [r.id, r.sortOrder]));
    for (const [i, rowId] of order.entries())
      if (current.get(rowId) !== i) await setOrder(tx, kind, rowId, i);
    await recordAudit(tx, {
      actorUserId,
      action: `content.${AUDIT_NAME[kind]}.move`,
      target: `${AUDIT_NAME[kind]}:${id}`,
      before: { position: at + 1 },
      after: { position: to + 1 },
    });
  });
}

async function pageParts(db: Db, kind: OrderedKind, requestedPage: number) {
  const table = kind === "announcements" ? announcements : kind === "faq" ? faqs : homeSections;
  const [n] = await db.select({ n: count() }).from(table);
  const pagination = pageOf(requestedPage, PAGE_SIZE.operatorLists, Number(n?.n ?? 0));
  return { pagination, limit: pagination.pageSize, offset: offsetOf(pagination) };
}

export async function announcementPage(
  db: Db,
  requestedPage: number,
): Promise<ContentPage<ContentAnnouncement>> {
  const { pagination, limit, offset } = await pageParts(db, "announcements", requestedPage);
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(asc(announcements.sortOrder), desc(announcements.createdAt), desc(announcements.id))
    .limit(limit)
    .offset(offset);
  return {
    records: rows.map((r) => ({
      id: r.id,
      time: r.createdAt.toISOString(),
      message: sanitizeHtml(r.message),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function faqPage(db: Db, requestedPage: number): Promise<ContentPage<ContentFaq>> {
  const { pagination, limit, offset } = await pageParts(db, "faq", requestedPage);
  const rows = await db
    .select()
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id))
    .limit(limit)
    .offset(offset);
  return {
    records: rows.map((r) => ({
      id: r.id,
      question: r.question,
      answer: sanitizeHtml(r.answer),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function homeSectionPage(
  db: Db,
  requestedPage: number,
): Promise<ContentPage<ContentHomeSection>> {
  const { pagination, limit, offset } = await pageParts(db, "home-sections", requestedPage);
  const rows = await db
    .select()
    .from(homeSections)
    .orderBy(asc(homeSections.sortOrder), asc(homeSections.id))
    .limit(limit)
    .offset(offset);
  return {
    records: rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: sanitizeHtml(r.message),
      sortOrder: r.sortOrder,
    })),
    pagination,
  };
}

export async function contentSummary(db: Db): Promise<ContentSummary> {
  const [[a], [f], [h]] = await Promise.all([
    db.select({ n: count() }).from(announcements),
    db.select({ n: count() }).from(faqs),
    db.select({ n: count() }).from(homeSections),
  ]);
  return { announcements: Number(a?.n ?? 0), faq: Number(f?.n ?? 0), homeSections: Number(h?.n ?? 0) };
}

const announcementView = (r: typeof announcements.$inferSelect) => ({
  message: r.message,
  time: r.createdAt.toISOString(),
  sortOrder: r.sortOrder,
});

/** A new announcement goes first (its order before every other one). */
export async function createAnnouncement(
  db: Db,
  actorUserId: string,
  input: { message: string; time?: Date },
): Promise<number> {
  const message = cleanHtml(input.message);
  return db.transaction(async (tx) => {
    const [first] = await tx.select({ v: min(announcements.sortOrder) }).from(announcements);
    const sortOrder = first?.v === null || first?.v === undefined ? 0 : Number(first.v) - 1;
    const [row] = await tx
      .insert(announcements)
      .values({ message, sortOrder, ...(input.time ? { createdAt: input.time } : {}) })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.create",
      target: `announcement:${row!.id}`,
      before: null,
      after: announcementView(row!),
    });
    return row!.id;
  });
}

export async function updateAnnouncement(
  db: Db,
  actorUserId: string,
  id: number,
  input: { message: string; time?: Date },
): Promise<void> {
  const message = cleanHtml(input.message);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx
      .update(announcements)
      .set({ message, ...(input.time ? { createdAt: input.time } : {}) })
      .where(eq(announcements.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.update",
      target: `announcement:${id}`,
      before: announcementView(before),
      after: announcementView(after!),
    });
  });
}

export async function deleteAnnouncement(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.announcement.delete",
      target: `announcement:${id}`,
      before: announcementView(before),
      after: null,
    });
  });
}

const faqView = (r: typeof faqs.$inferSelect) => ({
  question: r.question,
  answer: r.answer,
  sortOrder: r.sortOrder,
});

/** A new FAQ item goes last. */
export async function createFaq(
  db: Db,
  actorUserId: string,
  input: { question: string; answer: string },
): Promise<number> {
  const question = cleanText(input.question);
  const answer = cleanHtml(input.answer);
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ v: max(faqs.sortOrder) }).from(faqs);
    const sortOrder = last?.v === null || last?.v === undefined ? 0 : Number(last.v) + 1;
    const [row] = await tx.insert(faqs).values({ question, answer, sortOrder }).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.create",
      target: `faq:${row!.id}`,
      before: null,
      after: faqView(row!),
    });
    return row!.id;
  });
}

export async function updateFaq(
  db: Db,
  actorUserId: string,
  id: number,
  input: { question: string; answer: string },
): Promise<void> {
  const question = cleanText(input.question);
  const answer = cleanHtml(input.answer);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx.update(faqs).set({ question, answer }).where(eq(faqs.id, id)).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.update",
      target: `faq:${id}`,
      before: faqView(before),
      after: faqView(after!),
    });
  });
}

export async function deleteFaq(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.faq.delete",
      target: `faq:${id}`,
      before: faqView(before),
      after: null,
    });
  });
}

const sectionView = (r: typeof homeSections.$inferSelect) => ({
  title: r.title,
  message: r.message,
  sortOrder: r.sortOrder,
});

/** A new home section goes last. */
export async function createHomeSection(
  db: Db,
  actorUserId: string,
  input: { title: string; message: string },
): Promise<number> {
  const title = cleanText(input.title);
  const message = cleanHtml(input.message);
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ v: max(homeSections.sortOrder) }).from(homeSections);
    const sortOrder = last?.v === null || last?.v === undefined ? 0 : Number(last.v) + 1;
    const [row] = await tx.insert(homeSections).values({ title, message, sortOrder }).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.create",
      target: `home_section:${row!.id}`,
      before: null,
      after: sectionView(row!),
    });
    return row!.id;
  });
}

export async function updateHomeSection(
  db: Db,
  actorUserId: string,
  id: number,
  input: { title: string; message: string },
): Promise<void> {
  const title = cleanText(input.title);
  const message = cleanHtml(input.message);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(homeSections).where(eq(homeSections.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    const [after] = await tx
      .update(homeSections)
      .set({ title, message })
      .where(eq(homeSections.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.update",
      target: `home_section:${id}`,
      before: sectionView(before),
      after: sectionView(after!),
    });
  });
}

export async function deleteHomeSection(db: Db, actorUserId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(homeSections).where(eq(homeSections.id, id)).returning();
    if (!before) throw new DomainError("not_found", SITE_WORDS_MESSAGES.notFound);
    await recordAudit(tx, {
      actorUserId,
      action: "content.home_section.delete",
      target: `home_section:${id}`,
      before: sectionView(before),
      after: null,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Policy pages

export async function policyPagesForOperator(db: Db): Promise<ContentPolicies> {
  const rows = await db.select().from(policyPages);
  const bySlug = new Map(rows.map((r) => [r.slug, r.html]));
  return {
    records: POLICY_SLUGS.map((slug) => ({
      slug,
      title: POLICY_TITLES[slug],
      html: sanitizeHtml(bySlug.get(slug)),
    })),
  };
}

export async function savePolicy(
  db: Db,
  actorUserId: string,
  slug: PolicySlugName,
  html: string,
): Promise<void> {
  const clean = cleanHtml(html);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(policyPages).where(eq(policyPages.slug, slug)).for("update");
    await tx
      .insert(policyPages)
      .values({ slug, html: clean })
      .onConflictDoUpdate({ target: policyPages.slug, set: { html: clean, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorUserId,
      action: "content.policy.update",
      target: `policy:${slug}`,
      before: before ? { html: before.html } : null,
      after: { html: clean },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Instructions lists (settings keys, each an array of HTML items)

export async function instructionsForOperator(db: Db): Promise<ContentInstructions> {
  const lists = await Promise.all(
    INSTRUCTIONS_KEYS.map(async (key) => ({
      key,
      label: INSTRUCTIONS_LABELS[key],
      items: (await getSetting(db, key)).map((h) => sanitizeHtml(h)),
    })),
  );
  return { lists };
}

/** The list under its row's lock (the row is made from the default first when it is not stored yet). */
async function lockedList(tx: Tx, key: InstructionsKey): Promise<string[]> {
  await tx
    .insert(settings)
    .values({ key, value: [...SETTING_DEFAULTS[key]] })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for("update");
  const value = row?.value;
  return Array.isArray(value) ? value.map((v) => String(v)) : [...SETTING_DEFAULTS[key]];
}

async function writeList(
  tx: Tx,
  actorUserId: string,
  key: InstructionsKey,
  before: string[],
  after: string[],
) {
  if (after.length > SITE_WORDS_LIMITS.instructionItems)
    throw new DomainError("invalid_input", SITE_WORDS_MESSAGES.tooManyItems);
  await setSetting(tx, key, after);
  await recordAudit(tx, {
    actorUserId,
    action: "content.instructions.update",
    target: `settings:${key}`,
    before: { [key]: before },
    after: { [key]: after },
  });
}

/** The whole list replaced (each item cleaned; an empty list is allowed: the page shows none). */
export async function replaceInstructions(
  db: Db,
  actorUserId: string,
  key: InstructionsKey,
  items: string[],
): Promise<void> {
  const clean = items.map(cleanHtml);
  await db.transaction(async (tx) => {
    const before = await lockedList(tx, key);
    await writeList(tx, actorUserId, key, before, clean);
  });
}

/** One item added, edited, removed or moved, under the list's lock. */
export async function changeInstructionItem(
  db: Db,
  actorUserId: string,
  key: InstructionsKey,
  change: InstructionItemChange,
): Promise<void> {
  const html = "html" in change ? cleanHtml(change.html) : undefined;
  await db.transaction(async (tx) => {
    const before = await lockedList(tx, key);
    const after = [...before];
    if (change.op === "add") {
      after.push(html!);
    } else {
      const { index } = change;
      if (index < 0 || index >= before.length)
        throw new DomainError("not_found", SITE_WORDS_MESSAGES.noSuchItem);
      if (change.expected !== undefined && sanitizeHtml(before[index]) !== sanitizeHtml(change.expected))
        throw new DomainError("conflict", SITE_WORDS_MESSAGES.listChanged);
      if (change.op === "edit") after[index] = html!;
      else if (change.op === "remove") after.splice(index, 1);
      else {
        const to = change.direction === "up" ? index - 1 : index + 1;
        if (to < 0) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyFirst);
        if (to >= after.length) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyLast);
        [after[index], after[to]] = [after[to]!, after[index]!];
      }
    }
    await writeList(tx, actorUserId, key, before, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Page texts and the public statistics base

export async function textsForOperator(db: Db): Promise<ContentTexts> {
  const [gift, referral, base] = await Promise.all([
    getSetting(db, "gift_code_page_message"),
    getSetting(db, "referral_page_text"),
    getSetting(db, "public_stats_base"),
  ]);
  return {
    gift_code_page_message: sanitizeHtml(gift),
    referral_page_text: sanitizeHtml(referral),
    public_stats_base: {
      users: base.users ?? 0,
      userCompletedTask: base.userCompletedTask ?? 0,
      visitorsLast30Days: base.visitorsLast30Days ?? 0,
      // Stored in milli-rupees like every amount; shown and typed in whole rupees.
      totalWithdrawalAmount: Math.floor((base.totalWithdrawalAmount ?? 0) / MILLI_PER_RUPEE),
    },
  };
}

export async function savePageText(
  db: Db,
  actorUserId: string,
  key: PageTextKey,
  html: string,
): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key,
    value: cleanHtml(html),
    action: "content.text.update",
  });
}

export async function saveStatsBase(db: Db, actorUserId: string, base: StatsBase): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "public_stats_base",
    value: {
      users: base.users,
      userCompletedTask: base.userCompletedTask,
      visitorsLast30Days: base.visitorsLast30Days,
      totalWithdrawalAmount: base.totalWithdrawalAmount * MILLI_PER_RUPEE,
    },
    action: "content.stats_base.update",
  });
}
