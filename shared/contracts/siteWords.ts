/** The operator's editing of the site's words (docs/api/admin.md#content). */
// Filled in with the feature; an empty map until then.
export type SiteWordsEndpoints = Record<never, never>;
