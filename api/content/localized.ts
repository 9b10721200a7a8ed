import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { settings } from "../db/schema";
import { sanitizeHtml } from "../lib/sanitize";
import { SETTING_DEFAULTS, type SettingKey, type SettingValue } from "../site/settings";
import { requestLocale, type Locale } from "../../shared/i18n/locale";
import type { InstructionsKey, PageTextKey } from "../../shared/contracts/siteWords";
import { cleanHtml, cleanMarkdown, cleanText } from "./siteWords";

/**
 * The operator-written content in the reader's language (issue 23). Every operator-written text
 * has an optional Hindi version beside it (the `*_hi` columns, `settings.value_hi`): a request
 * whose language is Hindi (the `lang` cookie, else Accept-Language: shared/i18n/locale.ts) gets
 * the Hindi text when there is one, else the English; every other request gets the English.
 * The answers' shapes do not change, only their text.
 */

/** The language of an API request (the web tier forwards the cookie and Accept-Language). */
export function contentLocale(c: { req: { header(name: string): string | undefined } }): Locale {
  return requestLocale({ cookie: c.req.header("cookie"), acceptLanguage: c.req.header("accept-language") });
}

/** The Hindi text for Hindi readers when it is not empty, else the English. */
export function pick(locale: Locale, en: string, hi: string | null | undefined): string {
  return locale === "hi" && typeof hi === "string" && hi.trim() !== "" ? hi : en;
}

/**
 * A Hindi HTML field as it is stored: undefined when it was not sent (left as it is), null when
 * it was sent empty (no Hindi version: the English is shown), else cleaned like the English.
 */
export function cleanHtmlHi(html: string | undefined): string | null | undefined {
  if (html === undefined) return undefined;
  return html.trim() === "" ? null : cleanHtml(html);
}

/** A Hindi Markdown field (an announcement, a policy page), as cleanHtmlHi: the source kept as typed. */
export function cleanMarkdownHi(source: string | undefined): string | null | undefined {
  if (source === undefined) return undefined;
  return source.trim() === "" ? null : cleanMarkdown(source);
}

/** A Hindi plain text field (an FAQ question, a section title), as cleanHtmlHi. */
export function cleanTextHi(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  return text.trim() === "" ? null : cleanText(text);
}

/** A stored Hindi HTML text as the operator sees it: cleaned, "" when there is none. */
export const hiHtmlOut = (html: string | null | undefined): string => (html ? sanitizeHtml(html) : "");

/** The Hindi versions of an instructions list as stored: one per item, "" where an item has none. */
export function hiList(valueHi: unknown, length: number): string[] {
  const list = Array.isArray(valueHi) ? valueHi : [];
  return Array.from({ length }, (_, i) => (typeof list[i] === "string" ? (list[i] as string) : ""));
}

/** A setting's English value and its Hindi version (null when none). */
export async function settingWithHindi<K extends SettingKey>(
  db: Db | Tx,
  key: K,
): Promise<{ value: SettingValue<K>; valueHi: unknown }> {
  const [row] = await db
    .select({ value: settings.value, valueHi: settings.valueHi })
    .from(settings)
    .where(eq(settings.key, key));
  return { value: (row?.value ?? SETTING_DEFAULTS[key]) as SettingValue<K>, valueHi: row?.valueHi ?? null };
}

/** A page text (the gift-code message, the referral text) in the reader's language, cleaned. */
export async function localizedPageText(db: Db | Tx, key: PageTextKey, locale: Locale): Promise<string> {
  const { value, valueHi } = await settingWithHindi(db, key);
  return sanitizeHtml(pick(locale, String(value ?? ""), typeof valueHi === "string" ? valueHi : null));
}

/** An instructions list in the reader's language, item by item (an item without Hindi stays English), cleaned. */
export async function localizedInstructions(
  db: Db | Tx,
  key: InstructionsKey,
  locale: Locale,
): Promise<string[]> {
  const { value, valueHi } = await settingWithHindi(db, key);
  const items = Array.isArray(value) ? value.map((v) => String(v)) : [];
  const hi = hiList(valueHi, items.length);
  return items.map((en, i) => sanitizeHtml(pick(locale, en, hi[i])));
}
