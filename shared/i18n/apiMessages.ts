import type { Locale } from "./locale";
import { formatTime, readEnglishTime } from "../time";

/**
 * The API's words in the member's language (issue 23). The API answers in the specification's
 * English (`error_msg`, a string `msg`), with a stable `error_code` beside a refusal; the web tier
 * shows each in the page's language through this table before any page sees it (callApi), and the
 * browser does the same for what it hears directly (socket acks).
 *
 * Each entry is an English text as the API words it, with `{{name}}` where the API puts a value
 * (an amount, a time), and its Hindi with the same placeholders; a `{{time}}` that is one of the
 * site's English times (shared/time.ts) is written again in the page's language. A text the table does not know
 * stays as it came: English, never an empty message.
 *
 * The tables are registered, not imported here: the server registers every language's at start
 * (app/i18n/i18n.server.ts), the browser only its page's, in the same chunk as its catalogue.
 */
export type MessageTable = ReadonlyArray<readonly [english: string, translated: string]>;

interface Compiled {
  exact: Map<string, string>;
  patterns: { match: RegExp; names: string[]; translated: string }[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function compile(table: MessageTable): Compiled {
  const exact = new Map<string, string>();
  const patterns: Compiled["patterns"] = [];
  for (const [english, translated] of table) {
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    if (names.length === 0) {
      exact.set(english, translated);
      continue;
    }
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? "(.+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    patterns.push({ match: new RegExp(`^${source}$`, "s"), names, translated });
  }
  return { exact, patterns };
}

const TABLES: Partial<Record<Locale, Compiled>> = {};

export function registerMessages(locale: Locale, table: MessageTable): void {
  TABLES[locale] = compile(table);
}

/** One of the API's texts in `locale`; as it came when the table does not know it. */
export function localizeMessage(locale: Locale, text: string): string {
  const table = TABLES[locale];
  if (!table || text.length > 2000) return text;
  const exact = table.exact.get(text);
  if (exact !== undefined) return exact;
  for (const { match, names, translated } of table.patterns) {
    const found = match.exec(text);
    if (!found) continue;
    return translated.replace(PLACEHOLDER, (_, name: string) => {
      const value = found[names.indexOf(name) + 1] ?? "";
      // A `{{time}}` the API wrote in English ('1 Dec 2026, 10:00 am') reads in the page's language.
      const at = name === "time" ? readEnglishTime(value) : null;
      return at ? formatTime(at, locale) : value;
    });
  }
  return text;
}

/** An API answer with its member-facing texts (`error_msg`, a string `msg`) in `locale`. */
export function localizeBody<B extends { msg?: unknown; error_msg?: unknown }>(locale: Locale, body: B): B {
  if (locale === "en") return body;
  const out = { ...body };
  if (typeof out.error_msg === "string") out.error_msg = localizeMessage(locale, out.error_msg);
  if (typeof out.msg === "string") out.msg = localizeMessage(locale, out.msg);
  return out;
}
