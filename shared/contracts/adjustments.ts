/** Manual balance adjustments and their approvals (docs/api/admin.md#adjustments). */
// Filled in with the feature; an empty map until then.
export type AdjustmentEndpoints = Record<never, never>;
