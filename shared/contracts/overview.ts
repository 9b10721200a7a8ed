/** The operator console's overview (docs/api/admin.md#overview). */
// Filled in with the feature; an empty map until then.
export type OverviewEndpoints = Record<never, never>;
