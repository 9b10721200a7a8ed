import type { Tx } from "../db/client";
import { settings, shortLinks, shorteners } from "../db/schema";
import { newId } from "../lib/ids";
import { sanitizeHtml } from "../lib/sanitize";
import { SETTING_DEFAULTS } from "../site/settings";
import { newShortenerKey } from "../shortLinks/moderation";
import { builtinDomain } from "../shortLinks/shorteners";
import { PAGE_TEXTS_HI, SHORT_LINK_NAMES_HI } from "./contentHi";

/** The built-in shortener the default install starts with, so short links work with no internet. */
export const SITE_SHORTENER_NAME = "Site Shortener";

/** The demo links: name, time label, amount (milli-rupees), clicks a day, How to Complete. */
export const DEMO_SHORT_LINKS = [
  { name: "Quick Link", timeLabel: "30 s", amount: 50, clicksPerDay: 3, howToComplete: "/member/support" },
  {
    name: "Daily Bonus Link",
    timeLabel: "1 m",
    amount: 100,
    clicksPerDay: 1,
    howToComplete: "/member/support",
  },
  { name: "Explorer Link", timeLabel: "5 m", amount: 250, clicksPerDay: 2, howToComplete: null },
] as const;

/**
 * Seeds the built-in shortener (its domain is the public origin's host, shown from the
 * configuration at read time; its API key a new secret), the demo links on it, and the short-link
 * settings written out so operators see what the pages use. Inside the seed's transaction.
 */
export async function seedShortLinks(tx: Tx, origin: string, now: number): Promise<void> {
  const shortenerId = newId();
  await tx.insert(shorteners).values({
    id: shortenerId,
    name: SITE_SHORTENER_NAME,
    kind: "builtin",
    apiKey: newShortenerKey(),
    domain: builtinDomain(origin),
    createdAt: new Date(now),
  });
  await tx.insert(shortLinks).values(
    DEMO_SHORT_LINKS.map((l, i) => ({
      id: newId(),
      shortenerId,
      ...l,
      nameHi: SHORT_LINK_NAMES_HI[i] ?? null,
      sortOrder: i,
      createdAt: new Date(now),
    })),
  );
  const written: Record<string, unknown> = {
    shortlink_min_seconds: SETTING_DEFAULTS.shortlink_min_seconds,
    shortlink_expiry_minutes: SETTING_DEFAULTS.shortlink_expiry_minutes,
    shortlink_instructions: SETTING_DEFAULTS.shortlink_instructions.map((h) => sanitizeHtml(h)),
  };
  await tx
    .insert(settings)
    .values(
      Object.entries(written).map(([key, value]) => ({
        key,
        value,
        valueHi:
          key === "shortlink_instructions"
            ? PAGE_TEXTS_HI.shortlink_instructions.map((h) => sanitizeHtml(h))
            : null,
      })),
    )
    .onConflictDoNothing();
}
