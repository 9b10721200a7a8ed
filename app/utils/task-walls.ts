/** What the task-wall list, its viewer and the operator pages share (spec 2 §2, §3, §7). */
import type { RealtimeComponent, TaskWallBalance } from "../../shared/taskWall";
import type { MemberTaskWall } from "../../shared/contracts/taskWalls";

export {
  POSTBACK_VERDICTS,
  REGISTER_COMPONENT_EVENT,
  SIGNATURE_SCHEMES,
  SUCCESS_VERDICTS,
  TASK_WALL_BALANCE_EVENT,
  type TaskWallBalance,
} from "../../shared/taskWall";

export const TASK_WALL_COMPONENT = "taskWall" satisfies RealtimeComponent;

/** The viewer's sound preference (off remembered for 2,880 minutes, like the other pages). */
export const TASK_WALL_SOUND_COOKIE = "taskWall_sound_off";

export const TASK_WALLS_PATH = "/member/task-wall";

/* The viewer's answer to an address that is not a configured wall's: earn.taskWalls.notFound. */

/** The viewer's address for a wall: its link, encoded as one path segment. */
export function viewerPath(link: string): string {
  return `${TASK_WALLS_PATH}/${encodeURIComponent(link)}`;
}

/**
 * The configured wall a viewer address names: the part after `/member/task-wall/`, as it came in
 * the request's path, decoded once and compared with each wall's link exactly. Anything else (an
 * address nobody configured, a broken encoding) is no wall at all: the viewer never frames it.
 */
export function wallOfViewerPath(pathname: string, walls: readonly MemberTaskWall[]): MemberTaskWall | null {
  const address = viewerAddress(pathname);
  return address === null ? null : (walls.find((w) => w.offerWallApiLink === address) ?? null);
}

/** The wall address a viewer path carries, or null when it carries none. */
export function viewerAddress(pathname: string): string | null {
  const prefix = `${TASK_WALLS_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
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
