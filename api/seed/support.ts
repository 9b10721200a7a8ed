import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { cannedReplies, contactMessages, contactReplies, taskWallOpenings, users } from "../db/schema";
import { DEMO_WALL_ID, DEMO_WALL_NAME } from "../taskWalls/demoWall";

const HOUR = 60 * 60 * 1000;
/** The demo member's and their friend's e-mails (DEMO_MEMBER and DEMO_FRIEND in ./seed, which calls this). */
const DEMO_EMAIL = "demo@example.com";
const FRIEND_EMAIL = "friend@example.com";

/** The canned replies every demo install starts with: the questions support hears most. */
export const DEFAULT_CANNED_REPLIES = [
  {
    title: "Missing offer credit",
    body:
      "Thank you for reporting the missing credit. We have asked the offer network to check your completion. " +
      "Networks usually confirm or reject a completion within 5 to 7 working days; when they confirm it, the " +
      "credit is added to your balance automatically. Please keep any confirmation e-mail or screenshot from the offer.",
  },
  {
    title: "Payout delay",
    body:
      "Thank you for your patience. Withdrawals are checked by hand and paid {payout_time} of the request. " +
      "Your request is in the queue; if the payment details on your profile are correct, there is nothing more you need to do.",
  },
  {
    title: "Account closed appeal",
    body:
      "We have received your appeal. Accounts are closed when our checks find rule breaks such as several accounts, " +
      "VPN or proxy use, or automated activity. We will review your account again and answer within 5 working days.",
  },
] as const;

/** Demo support content: canned replies and a few answered and open messages. */
export async function seedSupport(tx: Tx, now: number): Promise<void> {
  await tx.insert(cannedReplies).values(DEFAULT_CANNED_REPLIES.map((r, i) => ({ ...r, sortOrder: i + 1 })));

  const [demo] = await tx.select().from(users).where(eq(users.email, DEMO_EMAIL));
  const [friend] = await tx.select().from(users).where(eq(users.email, FRIEND_EMAIL));
  const mobile = (m: number | null | undefined) => (m === null || m === undefined ? "9876543210" : String(m));

  // An answered question about a payout, with the operator's reply.
  if (friend) {
    const asked = new Date(now - 3 * 24 * HOUR);
    const [m] = await tx
      .insert(contactMessages)
      .values({
        userId: friend.id,
        name: friend.name,
        email: friend.email,
        mobileNumber: mobile(friend.mobileNumber),
        subject: "When will my withdrawal be paid?",
        message: "I asked for a withdrawal two days ago and it still says Pending. Is something wrong?",
        status: "answered",
        createdAt: asked,
        updatedAt: new Date(asked.getTime() + 5 * HOUR),
      })
      .returning({ id: contactMessages.id });
    await tx.insert(contactReplies).values({
      messageId: m!.id,
      authorUserId: null,
      fromOperator: true,
      body: DEFAULT_CANNED_REPLIES[1].body,
      createdAt: new Date(asked.getTime() + 5 * HOUR),
    });
  }

  // An open missing-credit report from the demo member for the demo wall they opened yesterday.
  if (demo) {
    const opened = new Date(now - 26 * HOUR);
    await tx.insert(taskWallOpenings).values({ userId: demo.id, wallId: DEMO_WALL_ID, createdAt: opened });
    const completed = new Date(opened.getTime() + 20 * 60 * 1000);
    const filed = new Date(now - 2 * HOUR);
    await tx.insert(contactMessages).values({
      userId: demo.id,
      name: demo.name,
      email: demo.email,
      mobileNumber: mobile(demo.mobileNumber),
      subject: `Missing credit: Install and open the demo app on ${DEMO_WALL_NAME}`,
      message: "I installed the app and opened it for a few minutes, but the points never arrived.",
      status: "open",
      kind: "missing_credit",
      taskWallId: DEMO_WALL_ID,
      offerName: "Install and open the demo app",
      completedAt: completed,
      createdAt: filed,
      updatedAt: filed,
    });
  }

  // A visitor's question from the public contact form, still open.
  const visited = new Date(now - 6 * HOUR);
  await tx.insert(contactMessages).values({
    userId: null,
    name: "Priya Sharma",
    email: "priya.visitor@example.com",
    mobileNumber: "9123456780",
    subject: "How do I start earning?",
    message: "Hello, I found your site today. Do I need to pay anything to join and start earning?",
    createdAt: visited,
    updatedAt: visited,
  });
}
