/**
 * The risk feature's one entry (ADR 0031): what the rest of the API reads of risk — the operator's
 * policy and a member's stored score — and the signals other features report to it. Other folders
 * import risk only from here (the lint rule "floors/entry-files"); the operator's routes are
 * mounted by api/adminRoute.ts.
 */

export { NO_SCORE, memberScore, riskPolicy, riskPolicyOf } from "./reads";
export { enforceOneAccountRule, recordOrigin, recordOriginEvidence, type OriginKind } from "./links";
export { maskPayoutAccount, normalizePayoutAccount, recordPayoutAccount } from "./payoutAccounts";
export { afterClaim, parseRecentClaims, recentClaimsWindow, withThisClaim } from "./behaviour";
export { afterGameSettled, afterOfferReversal, afterRefusal } from "./outcomes";
export { linkedAccounts } from "./linked";
