import type { Tx } from "../db/client";
import { announcements, faqs, homeSections, payoutMethods, policyPages, settings } from "../db/schema";
import { SETTING_DEFAULTS } from "../site/settings";
import { sanitizeHtml } from "../lib/sanitize";
import { rupeesToMilli } from "../../shared/money";
import { ANNOUNCEMENTS, FAQ, HOME_SECTIONS, PAGE_TEXTS, PAYOUT_METHODS, POLICIES } from "./content";
import { DAY_MS, HOUR_MS, istDayStartMs } from "./random";

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
  await tx
    .insert(faqs)
    .values(
      FAQ.map((f, i) => ({ question: s(f.question), answer: sanitizeHtml(s(f.answer)), sortOrder: i })),
    );
  await tx
    .insert(homeSections)
    .values(
      HOME_SECTIONS.map((h, i) => ({ title: s(h.title), message: sanitizeHtml(s(h.message)), sortOrder: i })),
    );
  await tx
    .insert(policyPages)
    .values(
      Object.entries(POLICIES).map(([slug, html]) => ({
        slug: slug as keyof typeof POLICIES,
        html: sanitizeHtml(s(html)),
      })),
    )
    .onConflictDoNothing();
  await tx.insert(announcements).values(
    ANNOUNCEMENTS.map((a) => ({
      message: sanitizeHtml(s(a.message)),
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
  await tx
    .insert(settings)
    .values(Object.entries(pageSettings).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  return tx
    .insert(payoutMethods)
    .values(
      PAYOUT_METHODS.map((m, i) => ({
        name: m.name,
        details: m.details,
        minimumAmount: rupeesToMilli(m.minimumRupees),
        sortOrder: i,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: payoutMethods.id, name: payoutMethods.name });
}
