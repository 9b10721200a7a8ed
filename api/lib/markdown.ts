import { Marked } from "marked";
import { sanitizeHtml } from "./sanitize";

/**
 * Announcements and policy pages are written in Markdown (docs/decisions/0037): rendered here, on
 * the server, and then cleaned with the pages' one policy (sanitize.ts), so whatever the source
 * holds (raw HTML, a `javascript:` link) is held to the same rules as HTML was. Markdown passes
 * HTML through, so content written as HTML before renders as it did.
 *
 * GitHub-flavoured Markdown (tables, ~~strike~~, bare links), a single line break staying inside
 * its paragraph as in every Markdown. The browser never loads the library: it gets the HTML.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Rendering is a pure function of the source: recent results are kept (bounded, oldest out first). */
const CACHE_LIMIT = 200;
const cache = new Map<string, string>();

/** Markdown (HTML allowed) → the HTML a page shows: rendered, then sanitised. "" for no source. */
export function markdownToHtml(source: string | null | undefined): string {
  if (!source) return "";
  const known = cache.get(source);
  if (known !== undefined) return known;
  const html = sanitizeHtml(markdown.parse(source, { async: false })).trim();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, html);
  return html;
}
