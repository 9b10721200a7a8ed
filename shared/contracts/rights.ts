import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * Members' data rights on the wire (issue 44 §2, docs/api/my-data.md): the readable page of what
 * the site holds, the export (asked, made in the background, downloaded once by a signed link),
 * the erasure (what happens first, the mailed code for members without a password, the confirm)
 * and the operators' list of rights requests with their clock. Amounts in the data are
 * milli-rupees as stored; times ISO strings.
 */

export type RightsRequestKind = "export" | "erasure" | "correction";
export type RightsRequestStatus = "open" | "done" | "refused";

/** One export of the member's, with its link while it is ready. */
export interface MyExport {
  id: number;
  status: "pending" | "ready" | "downloaded" | "expired";
  created_at: string;
  expires_at: string | null;
  /** The signed download address (relative), only while ready. */
  link: string | null;
}

/** Rows as stored (one object per row); the sections' fields are the export's, docs/api/my-data.md. */
export type DataRows = Record<string, unknown>[];

/** The readable page: each section's newest rows (50), the ledger a page at a time, the exports. */
export interface MyData {
  profile: Record<string, unknown> | null;
  payout_accounts: DataRows;
  balances: DataRows;
  withdrawals: DataRows;
  conversions: DataRows;
  claims: { ad_views: DataRows; short_links: DataRows; task_wall_credits: DataRows; gift_codes: DataRows };
  games: DataRows;
  support_messages: DataRows;
  sessions: DataRows;
  sign_ins: DataRows;
  devices: DataRows;
  addresses: DataRows;
  consents: DataRows;
  /** The age answer (date of birth or the declaration) sign-up or the consent step recorded. */
  age: Record<string, unknown> | null;
  /** The PAN (masked) and the tax withheld from the member's withdrawals. */
  tax: { pan: string | null; withholdings: DataRows };
  risk: { summary: Record<string, unknown> | null; signals: DataRows };
  corrections: DataRows;
  rights_requests: DataRows;
  ledger_entries: DataRows;
  ledger_pagination: Pagination;
  exports: MyExport[];
}

/** The answer to "Download my data": the export asked (or the one already pending or ready). */
export interface ExportAsked {
  id: number;
  status: MyExport["status"];
  /** False when an export was pending or ready already (asking twice makes one file). */
  created: boolean;
}

/** What erasing the account does to the member's money, shown before the confirm step. */
export interface ErasurePreview {
  /** Rupee strings (3 decimals). */
  withdrawable: string;
  deposit: string;
  /** What the member owes (stays in the books against the pseudonymous account). */
  debt: string;
  /** Withdrawals waiting to be paid: erasure is refused until they are paid or cancelled. */
  pending_withdrawals: number;
  /** False while a withdrawal is pending. */
  allowed: boolean;
  /** "password" when the account has one, else "code" (mailed on request). */
  confirm_with: "password" | "code";
}

export interface ErasureConfirmBody {
  /** Must be true: the member read what happens. */
  confirm: boolean;
  password?: string;
  code?: string;
}

/** One request in the operators' list. */
export interface RightsRequestRow {
  id: number;
  /** The member's id (after erasure the pseudonymous id). */
  member_id: string;
  /** The member's user name; null once erased (the console shows "erased member"). */
  member: string | null;
  erased: boolean;
  kind: RightsRequestKind;
  status: RightsRequestStatus;
  created_at: string;
  due_at: string;
  answered_at: string | null;
  /** Hours from the request to its answer (or to now while open). */
  age_hours: number;
  overdue: boolean;
  note: string | null;
}

export interface RightsRequestList {
  records: RightsRequestRow[];
  status: "open" | "all";
  rights_request_days: number;
  pagination: Pagination;
}

export interface RightsAnswerBody {
  status: "done" | "refused";
  note: string;
}

export interface RightsSettingsBody {
  rights_request_days: number;
}

export interface RightsEndpoints {
  /** GET ?page= (the ledger's page). */
  "/userRoute/my_data": Endpoint<MyData>;
  /** POST, no body. */
  "/userRoute/my_data_export": Endpoint<ExportAsked>;
  /** GET ?id=&expires=&sig=: the JSON file itself (attachment), once; refusals in the envelope. */
  "/userRoute/my_data_download": Endpoint<string>;
  "/userRoute/erasure_preview": Endpoint<ErasurePreview>;
  /** POST, no body. */
  "/userRoute/erasure_code": Endpoint<string>;
  "/userRoute/erasure_confirm": Endpoint<string, ErasureConfirmBody>;
  /** GET ?page=&status=open|all (owner, support). */
  "/adminRoute/rights-requests": Endpoint<RightsRequestList>;
  [path: `/adminRoute/rights-requests/${number}/answer`]: Endpoint<string, RightsAnswerBody>;
  "/adminRoute/rights-requests/settings": Endpoint<string, RightsSettingsBody>;
}
