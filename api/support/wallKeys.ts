import type { Db, Tx } from "../db/client";
import { taskWalls } from "../db/schema";

/**
 * Task walls are named by text ids (`demo-wall`), while `task_wall_openings.wall_id` and
 * `contact_messages.task_wall_id` are integer columns. A wall is stored there as a stable 31-bit
 * key of its id (FNV-1a) and found again by keying the configured walls, which are few. The only
 * place that knows this: callers pass and receive the walls' own ids.
 */
export function wallKey(wallId: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(wallId, "utf8")) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7fffffff;
}

export interface KnownWall {
  id: string;
  name: string;
}

/** Every configured wall by its key (disabled walls too: an old report still names its wall). */
export async function wallsByKey(db: Db | Tx): Promise<Map<number, KnownWall>> {
  const rows = await db.select({ id: taskWalls.id, name: taskWalls.name }).from(taskWalls);
  return new Map(rows.map((w) => [wallKey(w.id), w]));
}
