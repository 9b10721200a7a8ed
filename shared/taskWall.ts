import type { DomainErrorCode } from "./errors";

/**
 * Task walls (offer walls) as the API and the pages share them: the socket events of spec 2 §7,
 * the balance they carry, and the verdicts of the postback log (docs/api/taskwalls.md).
 */

/** Client → server: ask for the balance (ack); server → client: the balance after a postback. */
export const TASK_WALL_BALANCE_EVENT = "serverMessage_for_viewOfferWall_balance";
/** Client → server: `{ type: "taskWall" }` joins the member's task-wall pushes. */
export const REGISTER_COMPONENT_EVENT = "register_component";

/**
 * Page components a socket can register for (`register_component`): the task walls, and the
 * tic-tac-toe lobby and room (shared/ticTacToeEvents.ts).
 */
export const REALTIME_COMPONENTS = ["taskWall", "ticTacToe_out_room_details", "ticTacToe_in_room"] as const;
export type RealtimeComponent = (typeof REALTIME_COMPONENTS)[number];

/** The task-wall balance (spec 2 §3); amounts are rupee strings with 3 decimals. */
export interface TaskWallBalance {
  available_balance: string;
  /**
   * Task-wall credits recorded but still on hold (not withdrawable until their hold ends), as a
   * rupee string; "0.000" when none.
   */
  pending_offerWall?: string;
  today_offerWallIncome: string;
  total_offerWall: number;
  today_completed: number;
}

/** A socket acknowledgement: the payload, or the error with its domain code. */
export type SocketAck<T> =
  { success: true; msg: T } | { success: false; error: string; error_code: DomainErrorCode };

/** The server's push of `TASK_WALL_BALANCE_EVENT`. */
export interface TaskWallBalancePush {
  success: true;
  msg: TaskWallBalance;
}

/** What happened to a postback, as the log records it. */
export const POSTBACK_VERDICTS = [
  "credited",
  "duplicate",
  "reversed",
  "reversal_duplicate",
  "reversal_without_original",
  "unknown_wall",
  "disabled",
  "ip_not_allowed",
  "bad_signature",
  "invalid_params",
  /** The member's earning is suspended (or the account closed) by an operator: nothing credited. */
  "earning_suspended",
  /**
   * The callback's status is one of the wall's pending statuses: recorded, nothing credited; the
   * network's final callback (another status) credits.
   */
  "pending",
  /** A network's test callback (the wall's debug parameter set) in production: refused. */
  "test_refused",
  /** A fault of ours: nothing was moved; the network's retry will try again. */
  "error",
] as const;
export type PostbackVerdict = (typeof POSTBACK_VERDICTS)[number];

/**
 * Verdicts answered with the wall's success body (the network stops retrying). A set of strings:
 * the test and replay tools read a verdict from a response header.
 */
export const SUCCESS_VERDICTS: ReadonlySet<string> = new Set<PostbackVerdict>([
  "credited",
  "duplicate",
  "reversed",
  "reversal_duplicate",
  "pending",
]);

/** The signature schemes a wall's network may put on its postbacks (api/taskWalls/signatures.ts). */
export const SIGNATURE_SCHEMES = [
  "md5_fields",
  "hmac_sha1_url",
  "hmac_sha256_sorted",
  "sha256_fields",
] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];
