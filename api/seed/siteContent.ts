import type { Tx } from "../db/client";
import { announcements, faqs, homeSections, payoutMethods, policyPages, settings } from "../db/schema";
import { SETTING_DEFAULTS } from "../site/settings";
import { sanitizeHtml } from "../lib/sanitize";
import { rupeesToMilli } from "../../shared/money";
import { ANNOUNCEMENTS, FAQ, HOME_SECTIONS, PAGE_TEXTS, PAYOUT_METHODS, POLICIES } from "./content";
import { DAY_MS, HOUR_MS, istDayStartMs } from "./random";
import { ANNOUNCEMENTS_HI, FAQ_HI, HOME_SECTIONS_HI, PAGE_TEXTS_HI, PAYOUT_METHODS_HI } from "./contentHi";
import { POLICIES_HI } from "./policiesHi";

/**
 * The demo site's public texts, page settings and payout methods (the seed's first part): what a
 * visitor reads before anyone has earned.
 */

/** The demo's statistics base (the withdrawn amount in milli-rupees: ₹25,00,000). */
export const DEMO_STATS_BASE = {
  users: 12000,
  userCompletedTask: 480000,
  visitorsLast30Days: 35000,
  totalWithdrawalAmount: 2500000000,
};

/** Writes the public texts, the page settings and the payout methods; answers the methods' ids. */
export async function seedContent(tx: Tx, site: string, now: number) {
  const s = (text: string) => text.replaceAll("{site}", site);
  await tx.insert(faqs).values(
    FAQ.map((f, i) => ({
      question: s(f.question),
      answer: sanitizeHtml(s(f.answer)),
      questionHi: s(FAQ_HI[i]!.question),
      answerHi: sanitizeHtml(s(FAQ_HI[i]!.answer)),
      sortOrder: i,
    })),
  );
  await tx.insert(homeSections).values(
    HOME_SECTIONS.map((h, i) => ({
      title: s(h.title),
      message: sanitizeHtml(s(h.message)),
      titleHi: s(HOME_SECTIONS_HI[i]!.title),
      messageHi: sanitizeHtml(s(HOME_SECTIONS_HI[i]!.message)),
      sortOrder: i,
    })),
  );
  await tx
    .insert(policyPages)
    .values(
      Object.entries(POLICIES).map(([slug, html]) => ({
        slug: slug as keyof typeof POLICIES,
        html: sanitizeHtml(s(html)),
        htmlHi: sanitizeHtml(s(POLICIES_HI[slug as keyof typeof POLICIES])),
      })),
    )
    .onConflictDoNothing();
  await tx.insert(announcements).values(
    ANNOUNCEMENTS.map((a, i) => ({
      message: sanitizeHtml(s(a.message)),
      messageHi: sanitizeHtml(s(ANNOUNCEMENTS_HI[i]!)),
      createdAt: new Date(istDayStartMs(now - a.daysAgo * DAY_MS) + 10 * HOUR_MS),
    })),
  );
  // Written out so the operator sees (and can edit) what the pages show.
  const pageSettings: Record<string, unknown> = {
    referral_rate_bp: SETTING_DEFAULTS.referral_rate_bp,
    referral_page_text: sanitizeHtml(PAGE_TEXTS.referral_page_text),
    withdrawal_instructions: PAGE_TEXTS.withdrawal_instructions.map((h) => sanitizeHtml(h)),
    convert_instructions: PAGE_TEXTS.convert_instructions.map((h) => sanitizeHtml(h)),
    gift_code_page_message: sanitizeHtml(PAGE_TEXTS.gift_code_page_message),
    ptc_pricing: SETTING_DEFAULTS.ptc_pricing,
    ptc_minimum_views: SETTING_DEFAULTS.ptc_minimum_views,
    ptc_member_share_bp: SETTING_DEFAULTS.ptc_member_share_bp,
    ptc_instructions: SETTING_DEFAULTS.ptc_instructions.map((h) => sanitizeHtml(h)),
    // The demo site's made-up history (a real site starts from 0: SETTING_DEFAULTS).
    public_stats_base: DEMO_STATS_BASE,
  };
  // The Hindi versions of the page texts and lists (settings.value_hi), item for item.
  const clean = (v: string | readonly string[]) =>
    typeof v === "string" ? sanitizeHtml(v) : v.map((h) => sanitizeHtml(h));
  const pageSettingsHi: Record<string, unknown> = {
    referral_page_text: clean(PAGE_TEXTS_HI.referral_page_text),
    withdrawal_instructions: clean(PAGE_TEXTS_HI.withdrawal_instructions),
    convert_instructions: clean(PAGE_TEXTS_HI.convert_instructions),
    gift_code_page_message: clean(PAGE_TEXTS_HI.gift_code_page_message),
    ptc_instructions: clean(PAGE_TEXTS_HI.ptc_instructions),
  };
  await tx
    .insert(settings)
    .values(
      Object.entries(pageSettings).map(([key, value]) => ({
        key,
        value,
        valueHi: pageSettingsHi[key] ?? null,
      })),
    )
    .onConflictDoNothing();
  return tx
    .insert(payoutMethods)
    .values(
      PAYOUT_METHODS.map((m, i) => ({
        name: m.name,
        details: m.details,
        nameHi: PAYOUT_METHODS_HI[i]!.name,
        detailsHi: PAYOUT_METHODS_HI[i]!.details,
        minimumAmount: rupeesToMilli(m.minimumRupees),
        sortOrder: i,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: payoutMethods.id, name: payoutMethods.name });
}
