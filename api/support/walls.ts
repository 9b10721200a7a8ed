import type { Db, Tx } from "../db/client";
import { taskWalls } from "../db/schema";

export interface KnownWall {
  id: string;
  name: string;
}

/** Every configured wall by its id (disabled walls too: an old report still names its wall). */
export async function wallsById(db: Db | Tx): Promise<Map<string, KnownWall>> {
  const rows = await db.select({ id: taskWalls.id, name: taskWalls.name }).from(taskWalls);
  return new Map(rows.map((w) => [w.id, w]));
}
