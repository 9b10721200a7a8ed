import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { taskWallTransactions } from "../db/schema";
import { milliToRupeeString } from "../../shared/money";
import { DomainError } from "../lib/errors";
import { DEMO_WALL_ID, getTaskWall, type TaskWall } from "./config";
import { pointsToMilli } from "./points";
import { sendPostback, signedPostbackFor } from "./sender";
import type { DemoCompleted, DemoOffers } from "../../shared/contracts/taskWalls";

/**
 * The demo network the site serves itself (issue 8: the whole loop offline). Its offers are the
 * constant list below; completing one makes the network sign a postback with the seeded wall's
 * scheme and secret and send it by HTTP to the site's own postback endpoint — exactly as a real
 * network's server would. Each offer credits a member once (transaction `demo-{user}-{offer}`).
 */

export { DEMO_WALL_ID, demoWallServed } from "./config";
export const DEMO_WALL_NAME = "Demo Wall";

export const DEMO_OFFERS = [
  {
    id: "puzzle-game",
    title: "Install and open a puzzle game",
    description: "Install the game, open it once and finish the first level.",
    points: 500,
  },
  {
    id: "survey",
    title: "Answer a 2-minute survey",
    description: "Tell us about your shopping habits in ten quick questions.",
    points: 250,
  },
  {
    id: "video",
    title: "Watch a short video",
    description: "Watch a 30-second video to the end.",
    points: 100,
  },
  {
    id: "newsletter",
    title: "Sign up for a newsletter",
    description: "Subscribe with your e-mail address and confirm the subscription.",
    points: 750,
  },
] as const;

export const DEMO_MESSAGES = {
  unavailable: "The demo wall is not available.",
  offerNotFound: "Offer not found.",
  notYou: "You can complete offers only for yourself.",
  alreadyCompleted: "You have completed this offer already.",
  completed: (reward: string) => `Offer completed: ₹${reward} is on its way.`,
  refused: (verdict: string | null) =>
    `The demo network's postback was not accepted (${verdict ?? "no verdict"}).`,
} as const;

export const demoTransactionId = (userId: string, offerId: string) => `demo-${userId}-${offerId}`;

async function demoWall(db: Db): Promise<TaskWall> {
  const wall = await getTaskWall(db, DEMO_WALL_ID);
  if (!wall || !wall.enabled) throw new DomainError("not_found", DEMO_MESSAGES.unavailable);
  return wall;
}

/** What an offer pays on this wall: points × the wall's rate, capped, as a rupee string. */
const rewardOf = (wall: TaskWall, points: number) =>
  milliToRupeeString(
    Math.min(Number(pointsToMilli(String(points), wall.milliPerPoint)!.milli), Number(wall.capPerPostback)),
  );

/** The member's credited demo transactions among `offerIds`. */
async function completedOffers(db: Db, userId: string, offerIds: readonly string[]): Promise<Set<string>> {
  const done = await db
    .select({ transactionId: taskWallTransactions.transactionId })
    .from(taskWallTransactions)
    .where(
      and(
        eq(taskWallTransactions.wallId, DEMO_WALL_ID),
        eq(taskWallTransactions.kind, "credit"),
        inArray(
          taskWallTransactions.transactionId,
          offerIds.map((id) => demoTransactionId(userId, id)),
        ),
      ),
    );
  return new Set(done.map((d) => d.transactionId));
}

/** The offers, with the member's completions (credits on the demo wall). */
export async function demoOffers(db: Db, userId: string): Promise<DemoOffers> {
  const wall = await demoWall(db);
  const completed = await completedOffers(
    db,
    userId,
    DEMO_OFFERS.map((o) => o.id),
  );
  return {
    wallName: wall.name,
    offers: DEMO_OFFERS.map((o) => ({
      id: o.id,
      title: o.title,
      description: o.description,
      points: o.points,
      reward: rewardOf(wall, o.points),
      completed: completed.has(demoTransactionId(userId, o.id)),
    })),
  };
}

/**
 * The member completes a demo offer: the network sends its signed postback to the site and
 * reports whether the site accepted it (the wall's success body).
 */
export async function completeDemoOffer(
  deps: { db: Db; selfOrigin: string },
  userId: string,
  offerId: string,
): Promise<DemoCompleted> {
  const wall = await demoWall(deps.db);
  const offer = DEMO_OFFERS.find((o) => o.id === offerId);
  if (!offer) throw new DomainError("not_found", DEMO_MESSAGES.offerNotFound);
  // A second press says so; presses racing each other are settled by the endpoint (one credit).
  if ((await completedOffers(deps.db, userId, [offer.id])).size > 0)
    throw new DomainError("conflict", DEMO_MESSAGES.alreadyCompleted);
  const answer = await sendPostback(
    deps.selfOrigin,
    signedPostbackFor(wall, {
      userId,
      transactionId: demoTransactionId(userId, offer.id),
      points: String(offer.points),
    }),
  );
  if (answer.status !== 200 || answer.body !== wall.successBody)
    throw new DomainError("unavailable", DEMO_MESSAGES.refused(answer.verdict));
  return { message: DEMO_MESSAGES.completed(rewardOf(wall, offer.points)), delivered: true };
}
