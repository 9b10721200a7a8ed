import type { Endpoint } from "./endpoint";

/**
 * The operator's actions on a member (docs/api/admin.md#member-actions): end all sessions, hold
 * and release withdrawals, suspend and lift earning, ban and lift the ban. Each takes a reason,
 * is audited, and answers the member's state after it.
 */

/** One active restriction: since when and why (the operator's reason). */
export interface RestrictionNote {
  since: string;
  reason: string;
}

/** A member's restrictions as the operator sees them (`GET /adminRoute/members/:id/restrictions`). */
export interface MemberRestrictionState {
  id: string;
  userName: string;
  email: string;
  /** Operators' accounts cannot be restricted here. */
  isOperator: boolean;
  withdrawalsHeld: RestrictionNote | null;
  earningSuspended: RestrictionNote | null;
  banned: RestrictionNote | null;
  activeSessions: number;
  pendingWithdrawals: number;
}

/** What ban does with the member's Pending withdrawals: reject them back to the balance, or hold them. */
export type BanPending = "reject" | "hold";

/** Every action's body (plain JSON): the reason (1..500 characters); `pending` for ban only. */
export interface MemberActionBody {
  reason: string;
  pending?: BanPending;
}

/**
 * An action's answer. `changed` is false when the member was already in the asked state (the
 * action is then a no-op: nothing written, nothing audited).
 */
export interface MemberActionOutcome {
  changed: boolean;
  message: string;
  state: MemberRestrictionState;
  endedSessions?: number;
  rejectedWithdrawals?: number;
}

export interface MemberActionEndpoints {
  [path: `/adminRoute/members/${string}/restrictions`]: Endpoint<MemberRestrictionState>;
  [path: `/adminRoute/members/${string}/sessions/end`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/hold`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/hold/release`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/suspend`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/suspend/lift`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/ban`]: Endpoint<MemberActionOutcome, MemberActionBody>;
  [path: `/adminRoute/members/${string}/ban/lift`]: Endpoint<MemberActionOutcome, MemberActionBody>;
}
