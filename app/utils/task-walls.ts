/** What the task-wall list, its viewer and the operator pages share (spec 2 §2, §3, §7). */
import type { PostbackVerdict, RealtimeComponent, TaskWallBalance } from "../../shared/taskWall";

export {
  POSTBACK_VERDICTS,
  REGISTER_COMPONENT_EVENT,
  SUCCESS_VERDICTS,
  TASK_WALL_BALANCE_EVENT,
  type TaskWallBalance,
} from "../../shared/taskWall";

export interface TaskWall {
  _id: string;
  offerWallName: string;
  /** The wall's frame address for this member (the template with `{user_id}` filled in). */
  offerWallApiLink: string;
}

export interface TaskWallsData extends TaskWallBalance {
  offerWallData_after_replace: TaskWall[];
  other_data_offerWalls_instructions: string[];
}

export const TASK_WALL_COMPONENT = "taskWall" satisfies RealtimeComponent;

/** The viewer's sound preference (off remembered for 2,880 minutes, like the other pages). */
export const TASK_WALL_SOUND_COOKIE = "taskWall_sound_off";

export const TASK_WALLS_PATH = "/member/task-wall";

/** The viewer's answer to an address that is not a configured wall's. */
export const WALL_NOT_FOUND = "Task wall not found.";

/** The viewer's address for a wall: its link, encoded as one path segment. */
export function viewerPath(link: string): string {
  return `${TASK_WALLS_PATH}/${encodeURIComponent(link)}`;
}

/**
 * The configured wall a viewer address names: the part after `/member/task-wall/`, as it came in
 * the request's path, decoded once and compared with each wall's link exactly. Anything else (an
 * address nobody configured, a broken encoding) is no wall at all: the viewer never frames it.
 */
export function wallOfViewerPath(pathname: string, walls: readonly TaskWall[]): TaskWall | null {
  const prefix = `${TASK_WALLS_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  let address: string;
  try {
    address = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  return walls.find((w) => w.offerWallApiLink === address) ?? null;
}

/**
 * How the viewer may show a wall's link: this site's own pages and https pages in the frame (the
 * Content-Security-Policy allows no others); an http page cannot be framed by an https site, so it
 * is offered in a new tab; anything else (another scheme) not at all.
 */
export function frameMode(link: string): "frame" | "new-tab" | "none" {
  if (link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\")) return "frame";
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "none";
  }
  if (url.protocol === "https:") return "frame";
  if (url.protocol === "http:") return "new-tab";
  return "none";
}

const isAmount = (v: unknown): v is string => typeof v === "string" && /^-?\d+\.\d{3}$/.test(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** A balance from the socket, checked field by field (a payload is never trusted as typed). */
export function readBalance(payload: unknown): TaskWallBalance | null {
  if (!payload || typeof payload !== "object") return null;
  const p = payload as { success?: unknown; msg?: unknown };
  if (p.success !== true || !p.msg || typeof p.msg !== "object") return null;
  const m = p.msg as Record<string, unknown>;
  if (
    !isAmount(m.available_balance) ||
    !isAmount(m.today_offerWallIncome) ||
    !isCount(m.total_offerWall) ||
    !isCount(m.today_completed)
  )
    return null;
  return {
    available_balance: m.available_balance,
    today_offerWallIncome: m.today_offerWallIncome,
    total_offerWall: m.total_offerWall,
    today_completed: m.today_completed,
  };
}

// ---------------------------------------------------------------------------------------------
// The operator console

export const SIGNATURE_SCHEMES = ["md5_fields", "hmac_sha1_url", "hmac_sha256_sorted"] as const;

/** A wall as `GET /adminRoute/offerWalls` lists it (the secret shown by its last 4 only). */
export interface OperatorWall {
  _id: string;
  name: string;
  frameUrlTemplate: string;
  secretHint: string;
  scheme: (typeof SIGNATURE_SCHEMES)[number];
  signatureFields: string[];
  signatureSeparator: string;
  signatureParam: string;
  signatureHeader: string | null;
  userParam: string;
  transactionParam: string;
  amountParam: string;
  statusParam: string | null;
  reversalStatuses: string[];
  originalTransactionParam: string | null;
  ipAllowList: string[];
  milliPerPoint: number;
  capPerPostback: string;
  successBody: string;
  enabled: boolean;
  /** Where the wall's network sends its postbacks (the site's public origin). */
  postbackUrl: string;
}

/** A row of `GET /adminRoute/postbacks`. */
export interface PostbackRow {
  id: number;
  wallId: string | null;
  wallName: string | null;
  time: string;
  ip: string | null;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | null;
  verdict: PostbackVerdict;
  detail: string | null;
  transactionId: string | null;
  userId: string | null;
  userName: string | null;
  amount: string | null;
  origin: "network" | "test" | "replay";
}

/** The answer of a test postback or a replay: the endpoint's HTTP status and body, and the verdict. */
export interface PostbackSendResult {
  status: number;
  body: string;
  verdict: PostbackVerdict;
}
