/**
 * The site the multi-node load runs on: the first-start seed (content, payout methods, room types,
 * short links), then what the load needs — members with a password, money and a session, ad
 * campaigns, an offer wall whose secret the load knows — all through the project's own functions,
 * before any node starts.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client";
import { payoutMethods, users } from "../../api/db/schema";
import { seedIfEmpty } from "../../api/seed/seed";
import { createMember, hashPassword } from "../../api/accounts/accounts";
import { createSession } from "../../api/sessions/sessions";
import { creditEarning } from "../../api/ledger/earnings";
import { convertBalance } from "../../api/withdrawals/conversions";
import { createCampaign } from "../../api/ads/campaigns";
import { setSetting } from "../../api/site/settings";
import { insertTaskWall, parseTaskWall } from "../../api/taskWalls/config";
import { newId } from "../../api/lib/ids";

export const PASSWORD = "multinode-password-123";
export const WALL_SECRET = "multinode-wall-secret";
/** A window ad's duration (s): the shortest the default prices allow. */
export const AD_SECONDS = 10;
/** The short links' minimum time between start and claim (s), for this run. */
export const SHORTLINK_MIN_SECONDS = 2;
/** The payout method members are bound to. */
export const METHOD = "UPI";

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

export interface Site {
  /** Members of the HTTP load (withdrawable and deposit money, a payout method, a session). */
  members: Member[];
  /** Members who play tic-tac-toe (deposit money, a session). */
  players: Member[];
  campaignIds: string[];
  linkIds: string[];
  wallId: string;
}

export async function seedSite(
  url: string,
  opts: { origin: string; members: number; players: number; campaigns: number },
): Promise<Site> {
  const database = await openDatabase({ url, maxConnections: 4 });
  const db = database.db;
  try {
    await seedIfEmpty(db, { publicOrigin: opts.origin });
    await setSetting(db, "shortlink_min_seconds", SHORTLINK_MIN_SECONDS);
    const wall = await insertTaskWall(db, {
      id: newId(),
      ...parseTaskWall({
        name: "Multinode Wall",
        frameUrlTemplate: "https://wall.example/?uid={user_id}",
        secret: WALL_SECRET,
        scheme: "md5_fields",
        signatureFields: ["user_id", "transaction_id", "amount"],
        signatureSeparator: ":",
        signatureParam: "signature",
        userParam: "user_id",
        transactionParam: "transaction_id",
        amountParam: "amount",
        milliPerPoint: 1,
        capPerPostback: "100",
        successBody: "1",
      }),
    });
    const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.name, METHOD));
    if (!method) throw new Error(`the seed has no ${METHOD} payout method`);
    const passwordHash = await hashPassword(PASSWORD);
    const stamp = Date.now().toString(36);

    const make = async (name: string, i: number, withdrawableRupees: number, depositRupees: number) => {
      const email = `${name}${i}-${stamp}@multinode.test`;
      const m = await createMember(db, { name: `${name} ${i}`, email, passwordHash, emailVerified: true });
      await db
        .update(users)
        .set({ payoutMethodId: method.id, payoutAccountInfo: `${name}${i}@upi` })
        .where(eq(users.id, m.id));
      if (withdrawableRupees + depositRupees > 0)
        await db.transaction((tx) =>
          creditEarning(tx, {
            userId: m.id,
            source: "offerWall",
            amount: (withdrawableRupees + depositRupees) * 1000,
            idempotencyKey: `multinode:funding:${m.id}`,
          }),
        );
      if (depositRupees > 0)
        await convertBalance(db, { userId: m.id, rupees: depositRupees, direction: "withdrawToDeposit" });
      const { token } = await createSession(db, m.id, true);
      return { id: m.id, email, cookie: `sid=${token}` };
    };
    const members: Member[] = [];
    for (let i = 0; i < opts.members; i++) members.push(await make("member", i, 100_000, 1_000));
    const players: Member[] = [];
    for (let i = 0; i < opts.players; i++) players.push(await make("player", i, 0, 10_000));

    // One advertiser and its campaigns, enough views for every member of the load.
    const advertiser = await make("advertiser", 0, 0, 0);
    const views = Math.max(100, opts.members);
    await db.transaction((tx) =>
      creditEarning(tx, {
        userId: advertiser.id,
        source: "offerWall",
        amount: opts.campaigns * views * 100 + 10_000,
        idempotencyKey: `multinode:advertiser:${advertiser.id}`,
      }),
    );
    await convertBalance(db, {
      userId: advertiser.id,
      rupees: Math.ceil((opts.campaigns * views * 100) / 1000) + 5,
      direction: "withdrawToDeposit",
    });
    const campaignIds: string[] = [];
    for (let i = 0; i < opts.campaigns; i++) {
      const { campaignId } = await createCampaign(db, {
        userId: advertiser.id,
        draft: {
          type: "window",
          title: `Multinode ad ${i}`,
          url: "https://example.com/",
          description: "Viewed by the multi-node load",
          durationSeconds: AD_SECONDS,
          totalViews: views,
          intervalHours: 24,
          dailyLimit: null,
        },
        now: new Date(),
      });
      campaignIds.push(campaignId);
    }
    const links = (await db.execute(
      "select id from short_links where enabled order by sort_order",
    )) as unknown as { rows?: { id: string }[] } & { id: string }[];
    const linkIds = (links.rows ?? links).map((r) => r.id);
    await db.execute("analyze");
    return { members, players, campaignIds, linkIds, wallId: wall.id };
  } finally {
    await database.close();
  }
}
