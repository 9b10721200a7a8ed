import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { policyPages, settings } from "../db/schema";
import { DomainError } from "../lib/errors";
import { sanitizeHtml } from "../lib/sanitize";
import { recordAudit } from "../site/audit";
import { getSetting, setSetting, updateSettingAudited, SETTING_DEFAULTS } from "../site/settings";
import { cleanHtmlHi, cleanMarkdownHi, hiHtmlOut, hiList, settingWithHindi } from "./localized";
import { MILLI_PER_RUPEE } from "../../shared/money";
import type {
  ContentInstructions,
  ContentPolicies,
  ContentTexts,
  InstructionItemChange,
  InstructionsKey,
  PageTextKey,
  PolicySlugName,
  StatsBase,
} from "../../shared/contracts/siteWords";
import {
  SITE_WORDS_LIMITS,
  SITE_WORDS_MESSAGES,
  INSTRUCTIONS_KEYS,
  INSTRUCTIONS_LABELS,
  POLICY_SLUGS,
  POLICY_TITLES,
  cleanHtml,
  cleanMarkdown,
} from "./siteWords";

/**
 * The site's single texts as operators edit them: the policy pages, every page's instructions list,
 * the gift-code page message, the referral page text and the public statistics base (siteWords.ts:
 * the rules), each change audited in its transaction. A policy page is Markdown (HTML allowed),
 * kept as typed in `html`/`html_hi` and rendered when read (content.ts policyHtml). Each text has an optional Hindi version
 * (issue 23, localized.ts): the policies' `html_hi`, and `settings.value_hi` for the page texts
 * (a string) and the instructions lists (one per item, "" where an item has none).
 */

// ---------------------------------------------------------------------------------------------
// Policy pages

export async function policyPagesForOperator(db: Db): Promise<ContentPolicies> {
  const rows = await db.select().from(policyPages);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return {
    records: POLICY_SLUGS.map((slug) => ({
      slug,
      title: POLICY_TITLES[slug],
      // The Markdown as written: the editor gets it back as typed.
      html: bySlug.get(slug)?.html ?? "",
      html_hi: bySlug.get(slug)?.htmlHi ?? "",
    })),
  };
}

export async function savePolicy(
  db: Db,
  actorUserId: string,
  slug: PolicySlugName,
  html: string,
  /** The Hindi page: left out keeps it, "" removes it. */
  htmlHi?: string,
): Promise<void> {
  const clean = cleanMarkdown(html);
  const cleanHi = cleanMarkdownHi(htmlHi);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(policyPages).where(eq(policyPages.slug, slug)).for("update");
    const hi = cleanHi !== undefined ? cleanHi : (before?.htmlHi ?? null);
    await tx
      .insert(policyPages)
      .values({ slug, html: clean, htmlHi: hi })
      .onConflictDoUpdate({
        target: policyPages.slug,
        set: { html: clean, htmlHi: hi, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorUserId,
      action: "content.policy.update",
      target: `policy:${slug}`,
      before: before ? { html: before.html, html_hi: before.htmlHi } : null,
      after: { html: clean, html_hi: hi },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Instructions lists (settings keys, each an array of HTML items)

export async function instructionsForOperator(db: Db): Promise<ContentInstructions> {
  const lists = await Promise.all(
    INSTRUCTIONS_KEYS.map(async (key) => {
      const { value, valueHi } = await settingWithHindi(db, key);
      return {
        key,
        label: INSTRUCTIONS_LABELS[key],
        items: value.map((h) => sanitizeHtml(h)),
        items_hi: hiList(valueHi, value.length).map(hiHtmlOut),
      };
    }),
  );
  return { lists };
}

/** An instructions list with each item's Hindi version ("" for none), as stored. */
interface BilingualList {
  items: string[];
  hi: string[];
}

/**
 * A setting's row (its English value and Hindi version) under its row's lock; the row is made
 * from the default first when it is not stored yet, so there is always one to lock.
 */
async function lockedSetting(tx: Tx, key: InstructionsKey | PageTextKey) {
  await tx
    .insert(settings)
    .values({ key, value: SETTING_DEFAULTS[key] })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await tx
    .select({ value: settings.value, valueHi: settings.valueHi })
    .from(settings)
    .where(eq(settings.key, key))
    .for("update");
  return row;
}

/** The list under its row's lock (the row is made from the default first when it is not stored yet). */
async function lockedList(tx: Tx, key: InstructionsKey): Promise<BilingualList> {
  const row = await lockedSetting(tx, key);
  const value = row?.value;
  const items = Array.isArray(value) ? value.map((v) => String(v)) : [...SETTING_DEFAULTS[key]];
  return { items, hi: hiList(row?.valueHi, items.length) };
}

async function writeList(
  tx: Tx,
  actorUserId: string,
  key: InstructionsKey,
  before: BilingualList,
  after: BilingualList,
) {
  if (after.items.length > SITE_WORDS_LIMITS.instructionItems)
    throw new DomainError("invalid_input", SITE_WORDS_MESSAGES.tooManyItems);
  await setSetting(tx, key, after.items);
  const valueHi = after.hi.some((h) => h !== "") ? after.hi : null;
  await tx.update(settings).set({ valueHi }).where(eq(settings.key, key));
  await recordAudit(tx, {
    actorUserId,
    action: "content.instructions.update",
    target: `settings:${key}`,
    before: { [key]: before.items, [`${key}_hi`]: before.hi },
    after: { [key]: after.items, [`${key}_hi`]: after.hi },
  });
}

/** The whole list replaced (each item cleaned; an empty list is allowed: the page shows none). */
export async function replaceInstructions(
  db: Db,
  actorUserId: string,
  key: InstructionsKey,
  items: string[],
  /** Each item's Hindi version ("" for none); left out, no item has one. */
  itemsHi?: string[],
): Promise<void> {
  const clean = items.map(cleanHtml);
  const hi = clean.map((_, i) => cleanHtmlHi(itemsHi?.[i] ?? "") ?? "");
  await db.transaction(async (tx) => {
    const before = await lockedList(tx, key);
    await writeList(tx, actorUserId, key, before, { items: clean, hi });
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
  const htmlHi = "html_hi" in change ? cleanHtmlHi(change.html_hi) : undefined;
  await db.transaction(async (tx) => {
    const before = await lockedList(tx, key);
    const after = { items: [...before.items], hi: [...before.hi] };
    if (change.op === "add") {
      after.items.push(html!);
      after.hi.push(htmlHi ?? "");
    } else {
      const { index } = change;
      if (index < 0 || index >= before.items.length)
        throw new DomainError("not_found", SITE_WORDS_MESSAGES.noSuchItem);
      if (
        change.expected !== undefined &&
        sanitizeHtml(before.items[index]) !== sanitizeHtml(change.expected)
      )
        throw new DomainError("conflict", SITE_WORDS_MESSAGES.listChanged);
      if (change.op === "edit") {
        after.items[index] = html!;
        if (htmlHi !== undefined) after.hi[index] = htmlHi ?? "";
      } else if (change.op === "remove") {
        after.items.splice(index, 1);
        after.hi.splice(index, 1);
      } else {
        const to = change.direction === "up" ? index - 1 : index + 1;
        if (to < 0) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyFirst);
        if (to >= after.items.length) throw new DomainError("conflict", SITE_WORDS_MESSAGES.alreadyLast);
        [after.items[index], after.items[to]] = [after.items[to]!, after.items[index]!];
        [after.hi[index], after.hi[to]] = [after.hi[to]!, after.hi[index]!];
      }
    }
    await writeList(tx, actorUserId, key, before, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Page texts and the public statistics base

export async function textsForOperator(db: Db): Promise<ContentTexts> {
  const [gift, referral, base] = await Promise.all([
    settingWithHindi(db, "gift_code_page_message"),
    settingWithHindi(db, "referral_page_text"),
    getSetting(db, "public_stats_base"),
  ]);
  const hi = (v: unknown) => hiHtmlOut(typeof v === "string" ? v : null);
  return {
    gift_code_page_message: sanitizeHtml(gift.value),
    referral_page_text: sanitizeHtml(referral.value),
    gift_code_page_message_hi: hi(gift.valueHi),
    referral_page_text_hi: hi(referral.valueHi),
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
  /** The Hindi text: left out keeps it, "" removes it. */
  htmlHi?: string,
): Promise<void> {
  const value = cleanHtml(html);
  const valueHi = cleanHtmlHi(htmlHi);
  await db.transaction(async (tx) => {
    const row = await lockedSetting(tx, key);
    const beforeHi = typeof row?.valueHi === "string" ? row.valueHi : null;
    const afterHi = valueHi !== undefined ? valueHi : beforeHi;
    await tx
      .update(settings)
      .set({ value, valueHi: afterHi, updatedAt: new Date() })
      .where(eq(settings.key, key));
    await recordAudit(tx, {
      actorUserId,
      action: "content.text.update",
      target: `settings:${key}`,
      before: { [key]: row?.value ?? SETTING_DEFAULTS[key], [`${key}_hi`]: beforeHi },
      after: { [key]: value, [`${key}_hi`]: afterHi },
    });
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
