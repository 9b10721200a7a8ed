import type { BanPending } from "../../../../shared/contracts/memberActions";
import type { RiskBulkOutcome } from "../../../../shared/contracts/risk";

/** The bulk actions on linked accounts and what the action answers (a refusal, the confirm step, the outcome). */
export const BULK_WORDS = { hold: "Hold withdrawals", ban: "Ban" } as const;
export type BulkAction = keyof typeof BULK_WORDS;
export const MEMBER_ID = /^[0-9a-f]{24}$/;

export interface Review {
  action: BulkAction;
  reason: string;
  pending: BanPending | null;
  members: { id: string; userName: string }[];
}

export type Answer =
  | { kind: "invalid"; form: "bulk" | "clear"; error: string; reason?: string; note?: string }
  | { kind: "confirm"; review: Review }
  | { kind: "done"; ok: boolean; message: string; results?: RiskBulkOutcome["results"] };
