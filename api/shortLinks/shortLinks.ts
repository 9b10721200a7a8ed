import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { shortLinkDailyClicks, shortLinkTokens, shortLinks, shorteners } from "../db/schema";
import { formatRupees } from "../../shared/money";
import { incomeToday } from "../ledger/earnings";
import { istDay, istDayStart } from "../ledger/earningKinds";
import { DomainError } from "../lib/errors";
import { memberBalances } from "../ledger/ledger";
import { shortLinkSettings } from "./settings";
import { adLinkFlyShorten, builtinShortUrl, createBuiltinCode, shortenerDomain } from "./shorteners";
import { localizedInstructions, pick } from "../content/localized";
import type { Locale } from "../../shared/i18n/locale";

/**
 * Short links (issue 8): a member starts a link, passes the shortener's pages and comes back to
 * the end page with a single-use token made at the start, bound to the member and the link
 * (ARCHITECTURE §5, §10). The claim consumes the token atomically between the minimum time (a
 * faster return means the shortener was skipped) and the expiry, counts the click under the
 * link's per-day limit with a conditional upsert, and credits the link's amount — all in one
 * transaction. Times come from the caller's `now` (the API's clock), never the browser.
 *
 * Here: the list and the start (the token's making); the end page's token and the claim are in
 * claims.ts, the settings in settings.ts.
 */

export const SHORT_LINK_MESSAGES = {
  notFound: "Short link not found.",
  dailyLimit: "You have used today's clicks for this link.",
  tooFast: "You came back too fast: please complete the short link properly.",
  expired: "This short link has expired. Please start it again.",
  used: "This short link was already claimed or is not valid.",
  tokenMissing: "Unique token is missing.",
  proxyDetected: "Proxy Detected",
  credited: (amount: number) => `Congratulations! ${formatRupees(amount)} has been added to your balance.`,
} as const;

/** The end page the shortener sends the member back to: `{public origin}/member/last-page/{token}`. */
export const END_PAGE_ROUTE = "/member/last-page";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 24 random bytes, base64url: 32 characters, 192 bits. */
export const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

// ---------------------------------------------------------------------------------------------
// The member's list

export interface ShortLinkForMember {
  id: string;
  name: string;
  shortenerDomain: string;
  timeLabel: string;
  amount: number;
  howToComplete: string | null;
  clicksPerDay: number;
  completedToday: number;
  /** When today's clicks are used up: the next India midnight, when they start again. */
  renewsAt: Date | null;
}

/** Enabled links of enabled shorteners, in the operator's order. */
function liveLinks(db: Db | Tx) {
  return db
    .select({ l: shortLinks, s: shorteners })
    .from(shortLinks)
    .innerJoin(shorteners, eq(shorteners.id, shortLinks.shortenerId))
    .where(and(eq(shortLinks.enabled, true), eq(shorteners.enabled, true)))
    .orderBy(asc(shortLinks.sortOrder), asc(shortLinks.createdAt), asc(shortLinks.id));
}

/** The member's clicks per link on the IST day of `now`. */
async function clicksToday(db: Db | Tx, userId: string, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ linkId: shortLinkDailyClicks.shortLinkId, clicks: shortLinkDailyClicks.clicks })
    .from(shortLinkDailyClicks)
    .where(and(eq(shortLinkDailyClicks.userId, userId), eq(shortLinkDailyClicks.day, istDay(now))));
  return new Map(rows.map((r) => [r.linkId, r.clicks]));
}

/**
 * The short link list: each enabled link with today's clicks, and the totals: clicks completed
 * today (on any link), clicks left today and what they would pay, today's short-link income.
 */
export async function shortLinksForMember(
  db: Db,
  userId: string,
  now: Date,
  origin: string,
  /** The reader's language: the names' and instructions' Hindi versions for Hindi (issues 23, 45). */
  locale: Locale = "en",
) {
  const [rows, clicks, income, { withdrawable }, instructions] = await Promise.all([
    liveLinks(db),
    clicksToday(db, userId, now),
    incomeToday(db, userId, "click_short_link", now),
    memberBalances(db, userId),
    localizedInstructions(db, "shortlink_instructions", locale),
  ]);
  const renewsAt = new Date(istDayStart(now).getTime() + DAY_MS);
  let clicksLeft = 0;
  let pendingEarnings = 0;
  const links: ShortLinkForMember[] = rows.map(({ l, s }) => {
    const done = clicks.get(l.id) ?? 0;
    const left = Math.max(0, l.clicksPerDay - done);
    clicksLeft += left;
    pendingEarnings += left * l.amount;
    return {
      id: l.id,
      name: pick(locale, l.name, l.nameHi),
      shortenerDomain: shortenerDomain(s, origin),
      timeLabel: l.timeLabel,
      amount: l.amount,
      howToComplete: l.howToComplete,
      clicksPerDay: l.clicksPerDay,
      completedToday: done,
      renewsAt: left === 0 ? renewsAt : null,
    };
  });
  return {
    links,
    completedToday: [...clicks.values()].reduce((sum, n) => sum + n, 0),
    clicksLeft,
    pendingEarnings,
    incomeToday: income,
    withdrawable,
    instructions,
  };
}

// ---------------------------------------------------------------------------------------------
// Starting a link

/**
 * Starts a link for the member: the link named by `linkId` (else the first enabled link of the
 * shortener with that domain), refused when today's clicks are used. An open token of the member
 * for the link (unconsumed, unexpired) is answered again; otherwise a new single-use token is made
 * and `{origin}/member/last-page/{token}` is sent to the shortener — built from the public origin,
 * never from the client. A shortener that fails stores nothing (UpstreamError, 502).
 */
export async function startShortLink(
  db: Db,
  input: {
    userId: string;
    linkId?: string;
    shortenerDomain: string;
    ip: string | null;
    now: Date;
    /** The site's public origin (config), where the end page is. */
    origin: string;
    timeoutMs: number;
    /** Whether the shortener's API may be on this machine or a private network (not in production). */
    allowPrivateTargets: boolean;
  },
): Promise<{ shortUrl: string; existing: boolean }> {
  const { userId, now, origin } = input;
  const live = await liveLinks(db);
  const found = live.find(({ l, s }) =>
    input.linkId !== undefined ? l.id === input.linkId : shortenerDomain(s, origin) === input.shortenerDomain,
  );
  if (!found) throw new DomainError("not_found", SHORT_LINK_MESSAGES.notFound);
  const { l: link, s: shortener } = found;

  const done = (await clicksToday(db, userId, now)).get(link.id) ?? 0;
  if (done >= link.clicksPerDay)
    throw new DomainError("short_link_daily_limit", SHORT_LINK_MESSAGES.dailyLimit);

  const [open] = await db
    .select({ shortUrl: shortLinkTokens.shortUrl })
    .from(shortLinkTokens)
    .where(
      and(
        eq(shortLinkTokens.userId, userId),
        eq(shortLinkTokens.shortLinkId, link.id),
        isNull(shortLinkTokens.consumedAt),
        gt(shortLinkTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(shortLinkTokens.createdAt))
    .limit(1);
  if (open) return { shortUrl: open.shortUrl, existing: true };

  const settings = await shortLinkSettings(db);
  const token = randomBytes(24).toString("base64url");
  const destination = `${origin}${END_PAGE_ROUTE}/${token}`;
  const store = (tx: Db | Tx, shortUrl: string) =>
    tx.insert(shortLinkTokens).values({
      token,
      userId,
      shortLinkId: link.id,
      shortUrl,
      createdAt: now,
      claimableAt: new Date(now.getTime() + settings.minSeconds * 1000),
      expiresAt: new Date(now.getTime() + settings.expiryMinutes * 60_000),
      ip: input.ip,
    });
  let shortUrl: string;
  if (shortener.kind === "builtin") {
    // The site's own shortener: its code and the token commit together.
    shortUrl = await db.transaction(async (tx) => {
      const url = builtinShortUrl(origin, await createBuiltinCode(tx, destination, now));
      await store(tx, url);
      return url;
    });
  } else {
    // Asked outside any transaction; the token is stored only once the shortener has answered.
    shortUrl = await adLinkFlyShorten({
      name: shortener.name,
      apiUrl: shortener.apiUrl ?? "",
      apiKey: shortener.apiKey ?? "",
      url: destination,
      timeoutMs: input.timeoutMs,
      allowPrivate: input.allowPrivateTargets,
    });
    await store(db, shortUrl);
  }
  return { shortUrl, existing: false };
}
