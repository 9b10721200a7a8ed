import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client";
import { taskWallOpenings } from "../db/schema";

/** One opening row per member and wall within this time. */
const OPENING_DEDUP_MS = 60_000;

/**
 * Logs a member's opening of a wall: at most one row per member and wall a minute (a reload or
 * the page's revalidation does not add more).
 */
export async function recordWallOpening(db: Db, userId: string, wallId: string, now: Date): Promise<void> {
  const [recent] = await db
    .select({ id: taskWallOpenings.id })
    .from(taskWallOpenings)
    .where(
      and(
        eq(taskWallOpenings.userId, userId),
        eq(taskWallOpenings.wallId, wallId),
        gte(taskWallOpenings.createdAt, new Date(now.getTime() - OPENING_DEDUP_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  await db.insert(taskWallOpenings).values({ userId, wallId, createdAt: now });
}
