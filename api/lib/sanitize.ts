import sanitize from "sanitize-html";

/**
 * Server-supplied HTML (policy pages, home sections, announcements, instructions) is cleaned on
 * the way into the database and again on the way out, so a row written by some other path (a
 * migration, a hand edit) still cannot put script into a member's page.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags.filter((t) => t !== "iframe"),
    "img",
    "h1",
    "h2",
    "span",
    "del",
    "ins",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links that open a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => {
      const out: sanitize.Attributes = { ...attribs };
      if (out.target && out.target !== "_self") {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      } else {
        delete out.target;
      }
      return { tagName, attribs: out };
    },
  },
};

/**
 * Cleaning is a pure function of its input, and the same few pieces of content are read on every
 * page view: remember recent results instead of parsing them again (bounded, oldest out first).
 */
const CACHE_LIMIT = 500;
const cache = new Map<string, string>();

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  const known = cache.get(html);
  if (known !== undefined) return known;
  const clean = sanitize(html, OPTIONS);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(html, clean);
  return clean;
}
