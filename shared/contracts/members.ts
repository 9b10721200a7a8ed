/** The operator's member search and member page (docs/api/admin.md#members). */
// Filled in with the feature; an empty map until then.
export type MemberAdminEndpoints = Record<never, never>;
