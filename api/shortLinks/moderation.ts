import { randomBytes } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { shortLinks, shorteners } from "../db/schema";
import { newId } from "../lib/ids";
import { sanitizeHtml } from "../lib/sanitize";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { setSetting } from "../site/settings";
import type { ShortLinkSettings } from "../../shared/contracts/shortLinks";
import { shortLinkSettings } from "./settings";
import { builtinDomain, maskKey, shortenerDomain, type Shortener } from "./shorteners";

/**
 * The operators' side of short links: shorteners (AdLinkFly-style APIs and the built-in one), the
 * links members complete, and the short-link settings. Every change is audited in the same
 * transaction; API keys are written, never answered or audited in full (last 4 characters).
 */

export const SHORT_LINK_ADMIN_MESSAGES = {
  shortenerNotFound: "Shortener not found.",
  linkNotFound: "Short link not found.",
  unknownShortener: "shortenerId names no shortener.",
  oneBuiltin: "The site has a built-in shortener already.",
  kindFixed: "The kind of a shortener cannot be changed.",
  adLinkFlyNeeds: "An AdLinkFly shortener needs apiUrl, apiKey and domain.",
  expiryAfterMinimum: "The expiry must be longer than the minimum time.",
  shortenerSaved: "Shortener saved.",
  linkSaved: "Short link saved.",
  settingsSaved: "Short link settings saved.",
} as const;

/** Any constant: serialises creating the built-in shortener, of which there is one. */
const BUILTIN_LOCK = 80_810_026;

/** A new key for the built-in shortener's API. */
export const newShortenerKey = () => randomBytes(24).toString("base64url");

export interface ShortenerFields {
  name: string;
  kind: Shortener["kind"];
  apiUrl: string | null;
  apiKey: string | null;
  domain: string | null;
  enabled: boolean;
}

/** A shortener as operators see it: the built-in one's domain and API address follow the public origin. */
function shortenerView(s: Shortener, origin: string, links = 0) {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    apiUrl: s.kind === "builtin" ? `${origin}/shortener/api` : s.apiUrl,
    apiKey: maskKey(s.apiKey),
    domain: shortenerDomain(s, origin),
    enabled: s.enabled,
    links,
    createdAt: s.createdAt,
  };
}

/** What the audit log keeps of a shortener: everything but the key, which shows as its last 4. */
const audited = (s: Shortener) => ({
  name: s.name,
  kind: s.kind,
  apiUrl: s.apiUrl,
  apiKey: maskKey(s.apiKey),
  domain: s.domain,
  enabled: s.enabled,
});

export async function listShorteners(db: Db, origin: string) {
  const [rows, counts] = await Promise.all([
    db.select().from(shorteners).orderBy(asc(shorteners.createdAt), asc(shorteners.id)),
    db.select({ id: shortLinks.shortenerId, n: count() }).from(shortLinks).groupBy(shortLinks.shortenerId),
  ]);
  const links = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((s) => shortenerView(s, origin, links.get(s.id) ?? 0));
}

async function lockedShortener(tx: Tx, id: string): Promise<Shortener> {
  const [s] = await tx.select().from(shorteners).where(eq(shorteners.id, id)).for("update");
  if (!s) throw new DomainError("not_found", SHORT_LINK_ADMIN_MESSAGES.shortenerNotFound);
  return s;
}

/** The stored fields of a shortener of `kind`, checked: an AdLinkFly one needs its API, key and domain. */
function storedFields(f: ShortenerFields, origin: string) {
  if (f.kind === "builtin")
    return { ...f, apiUrl: null, apiKey: f.apiKey ?? newShortenerKey(), domain: builtinDomain(origin) };
  if (!f.apiUrl || !f.apiKey || !f.domain)
    throw new DomainError("invalid_input", SHORT_LINK_ADMIN_MESSAGES.adLinkFlyNeeds);
  return { ...f, domain: f.domain };
}

export async function createShortener(db: Db, actorUserId: string, input: ShortenerFields, origin: string) {
  const fields = storedFields(input, origin);
  return db.transaction(async (tx) => {
    if (fields.kind === "builtin") {
      // One built-in shortener: serialise creates so two at once cannot both pass the check.
      await tx.execute(sql`select pg_advisory_xact_lock(${BUILTIN_LOCK})`);
      const [existing] = await tx
        .select({ id: shorteners.id })
        .from(shorteners)
        .where(eq(shorteners.kind, "builtin"));
      if (existing) throw new DomainError("duplicate", SHORT_LINK_ADMIN_MESSAGES.oneBuiltin);
    }
    const [created] = await tx
      .insert(shorteners)
      .values({ id: newId(), ...fields })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "shortener.create",
      target: `shortener:${created!.id}`,
      after: audited(created!),
    });
    return shortenerView(created!, origin);
  });
}

export async function updateShortener(
  db: Db,
  actorUserId: string,
  id: string,
  patch: Partial<ShortenerFields>,
  origin: string,
) {
  return db.transaction(async (tx) => {
    const before = await lockedShortener(tx, id);
    if (patch.kind !== undefined && patch.kind !== before.kind)
      throw new DomainError("invalid_input", SHORT_LINK_ADMIN_MESSAGES.kindFixed);
    const fields = storedFields(
      {
        name: patch.name ?? before.name,
        kind: before.kind,
        apiUrl: patch.apiUrl !== undefined ? patch.apiUrl : before.apiUrl,
        apiKey: patch.apiKey ?? before.apiKey,
        domain: patch.domain ?? before.domain,
        enabled: patch.enabled ?? before.enabled,
      },
      origin,
    );
    const [after] = await tx.update(shorteners).set(fields).where(eq(shorteners.id, id)).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "shortener.update",
      target: `shortener:${id}`,
      before: audited(before),
      after: audited(after!),
    });
    return shortenerView(after!, origin);
  });
}

// ---------------------------------------------------------------------------------------------
// Links

export interface ShortLinkFields {
  name: string;
  /** The Hindi name (issue 45), null: none. */
  nameHi: string | null;
  shortenerId: string;
  timeLabel: string;
  /** Milli-rupees. */
  amount: number;
  howToComplete: string | null;
  clicksPerDay: number;
  enabled: boolean;
  sortOrder: number;
}

type ShortLinkRow = typeof shortLinks.$inferSelect;

const linkView = (l: ShortLinkRow, shortenerName: string | null) => ({
  id: l.id,
  name: l.name,
  name_hi: l.nameHi ?? "",
  shortenerId: l.shortenerId,
  shortenerName,
  timeLabel: l.timeLabel,
  amount: l.amount,
  howToComplete: l.howToComplete,
  clicksPerDay: l.clicksPerDay,
  enabled: l.enabled,
  sortOrder: l.sortOrder,
  createdAt: l.createdAt,
});

const auditedLink = ({ createdAt: _, id: __, ...rest }: ShortLinkRow) => rest;

/** Every link (disabled ones too), in the members' order. */
export async function listShortLinksForOperator(db: Db) {
  const rows = await db
    .select({ l: shortLinks, shortenerName: shorteners.name })
    .from(shortLinks)
    .leftJoin(shorteners, eq(shorteners.id, shortLinks.shortenerId))
    .orderBy(asc(shortLinks.sortOrder), asc(shortLinks.createdAt), asc(shortLinks.id));
  return rows.map((r) => linkView(r.l, r.shortenerName));
}

async function shortenerName(tx: Tx, id: string): Promise<string> {
  const [s] = await tx.select({ name: shorteners.name }).from(shorteners).where(eq(shorteners.id, id));
  if (!s) throw new DomainError("invalid_input", SHORT_LINK_ADMIN_MESSAGES.unknownShortener);
  return s.name;
}

export async function createShortLink(db: Db, actorUserId: string, input: ShortLinkFields, now: Date) {
  return db.transaction(async (tx) => {
    const name = await shortenerName(tx, input.shortenerId);
    const [created] = await tx
      .insert(shortLinks)
      .values({ id: newId(), ...input, createdAt: now })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "short_link.create",
      target: `short_link:${created!.id}`,
      after: auditedLink(created!),
    });
    return linkView(created!, name);
  });
}

export async function updateShortLink(
  db: Db,
  actorUserId: string,
  id: string,
  patch: Partial<ShortLinkFields>,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shortLinks).where(eq(shortLinks.id, id)).for("update");
    if (!before) throw new DomainError("not_found", SHORT_LINK_ADMIN_MESSAGES.linkNotFound);
    const name = await shortenerName(tx, patch.shortenerId ?? before.shortenerId);
    const [after] = await tx.update(shortLinks).set(patch).where(eq(shortLinks.id, id)).returning();
    await recordAudit(tx, {
      actorUserId,
      action: "short_link.update",
      target: `short_link:${id}`,
      before: auditedLink(before),
      after: auditedLink(after!),
    });
    return linkView(after!, name);
  });
}

// ---------------------------------------------------------------------------------------------
// Settings

/** The operator changes the minimum time, the expiry or the instructions (sanitized); audited. */
export async function updateShortLinkSettings(
  db: Db,
  actorUserId: string,
  patch: Partial<ShortLinkSettings>,
): Promise<ShortLinkSettings> {
  return db.transaction(async (tx) => {
    const before = await shortLinkSettings(tx);
    const minSeconds = patch.minSeconds ?? before.minSeconds;
    const expiryMinutes = patch.expiryMinutes ?? before.expiryMinutes;
    if (expiryMinutes * 60 <= minSeconds)
      throw new DomainError("invalid_input", SHORT_LINK_ADMIN_MESSAGES.expiryAfterMinimum);
    if (patch.minSeconds !== undefined) await setSetting(tx, "shortlink_min_seconds", minSeconds);
    if (patch.expiryMinutes !== undefined) await setSetting(tx, "shortlink_expiry_minutes", expiryMinutes);
    if (patch.instructions !== undefined)
      await setSetting(
        tx,
        "shortlink_instructions",
        patch.instructions.map((h) => sanitizeHtml(h)).filter((h) => h.trim() !== ""),
      );
    const after = await shortLinkSettings(tx);
    await recordAudit(tx, {
      actorUserId,
      action: "short_link_settings.update",
      target: "settings:shortlinks",
      before,
      after,
    });
    return after;
  });
}
