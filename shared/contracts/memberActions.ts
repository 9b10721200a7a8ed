/** The operator's actions on a member: sessions, holds, suspension, ban, adjustments (docs/api/admin.md#members). */
// Filled in with the feature; an empty map until then.
export type MemberActionEndpoints = Record<never, never>;
