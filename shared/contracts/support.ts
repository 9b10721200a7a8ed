/** Support: contact-message threads, replies, canned replies and missing-credit reports (docs/api/admin.md#support). */
// Filled in with the feature; an empty map until then.
export type SupportEndpoints = Record<never, never>;
