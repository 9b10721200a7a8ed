import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { policyPages, settings } from "../db/schema";
import { DomainError } from "../lib/errors";
import { sanitizeHtml } from "../lib/sanitize";
import { recordAudit } from "../site/audit";
import { getSetting, setSetting, updateSettingAudited, SETTING_DEFAULTS } from "../site/settings";
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
} from "./siteWords";

/**
 * The site's single texts as operators edit them: the policy pages, every page's instructions list,
 * the gift-code page message, the referral page text and the public statistics base (siteWords.ts:
 * the rules), each change audited in its transaction.
 */

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
