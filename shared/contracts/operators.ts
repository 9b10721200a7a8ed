import type { OperatorRole } from "../operatorRoles";
import type { Endpoint } from "./endpoint";

/**
 * The operator console's own pages on the wire (docs/api: /adminRoute): site settings, the audit
 * trail and the ledger check (contact messages: support.ts). Times are ISO strings.
 */

/** The site settings: the referral rate in basis points and as the decimal the spec shows ("0.1"). */
export interface SiteSettings {
  referral_rate_bp: number;
  referralRate: string;
}

/** A settings change (plain JSON body). */
export interface SiteSettingsBody {
  referral_rate_bp: number;
}

/** Contact messages are support's (shared/contracts/support.ts). */
export type { ContactMessage, ContactMessageList } from "./support";

/**
 * One audited change: who, what, on which target, and the value before and after; with the names
 * the console's sentence needs (shared/auditSentences.ts).
 */
export interface AuditRecord {
  id: number;
  /** The operator's username (their id when the account is gone; `cli` for the command line). */
  actor: string;
  actorId: string;
  actorRoles: OperatorRole[];
  action: string;
  target: string;
  /** The member's username when the target is a member (or an operator's account). */
  targetName: string | null;
  /** The member a withdrawal, an adjustment or a contact message concerns. */
  member: { id: string; userName: string } | null;
  before: unknown;
  after: unknown;
  time: string;
}

/** The audit trail, newest first. */
export interface AuditList {
  records: AuditRecord[];
}

/** The payout time (shared/payoutTime.ts): working days, and the words it gives in each language. */
export interface PayoutTimeSetting {
  payout_working_days: number;
  en: string;
  hi: string;
}

/** A payout-time change (plain JSON body). */
export interface PayoutTimeBody {
  payout_working_days: number;
}

/** The ledger's own check: entries balance, balances sum to zero, no account illegally negative. */
export interface LedgerCheck {
  balanced: boolean;
  total: number;
  negative: string[];
  unbalancedEntries: number;
  checkedAt: string;
}

/** GET /adminRoute/me: the signed-in operator and the roles the console opens for them. */
export interface OperatorMe {
  userName: string;
  roles: OperatorRole[];
}

export interface OperatorEndpoints {
  "/adminRoute/me": Endpoint<OperatorMe>;
  /** GET reads the settings; PATCH saves them and answers its message. */
  "/adminRoute/settings": Endpoint<SiteSettings, SiteSettingsBody, string>;
  /** GET reads the payout time; PATCH saves it (audited) and answers its message. */
  "/adminRoute/settings/payout_time": Endpoint<PayoutTimeSetting, PayoutTimeBody, string>;
  "/adminRoute/audit": Endpoint<AuditList>;
  "/adminRoute/ledger": Endpoint<LedgerCheck>;
}
