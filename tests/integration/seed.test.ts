import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { drivers, freshDatabase } from "../support/db";
import type { Database } from "../../api/db/client";
import {
  DEMO_ADVERTISER,
  DEMO_FRIEND,
  DEMO_MEMBER,
  DEMO_YOUTUBE_URL,
  seedIfEmpty,
} from "../../api/seed/seed";
import { adsForMember } from "../../api/ads/views";
import { shortLinksForMember } from "../../api/shortLinks/shortLinks";
import {
  faqs,
  homeSections,
  journalEntries,
  payoutMethods,
  policyPages,
  users,
  withdrawals,
  announcements,
  campaigns,
  taskWalls,
  shorteners,
} from "../../api/db/schema";
import { DEMO_WALL_ID } from "../../api/taskWalls/demoWall";
import { getSetting } from "../../api/site/settings";
import { authenticate, createMember } from "../../api/accounts/accounts";
import {
  accountBalance,
  campaignEscrowAccount,
  checkLedgerInvariant,
  ensurePlatformAccounts,
  memberBalances,
} from "../../api/ledger/ledger";
import { paymentProof } from "../../api/content/content";

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

async function counts(database: Database) {
  const { db } = database;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  return {
    users: await n(db.select({ n: count() }).from(users)),
    entries: await n(db.select({ n: count() }).from(journalEntries)),
    withdrawals: await n(db.select({ n: count() }).from(withdrawals)),
    faqs: await n(db.select({ n: count() }).from(faqs)),
    sections: await n(db.select({ n: count() }).from(homeSections)),
    announcements: await n(db.select({ n: count() }).from(announcements)),
    methods: await n(db.select({ n: count() }).from(payoutMethods)),
    policies: await n(db.select({ n: count() }).from(policyPages)),
  };
}

describe.each(drivers("both"))("demo seed (%s)", (driver) => {
  let database: Database;
  let seedMs = 0;
  beforeAll(async () => {
    database = await freshDatabase(driver);
    const started = Date.now();
    await seedIfEmpty(database.db);
    seedMs = Date.now() - started;
  }, 60_000);
  afterAll(() => database.close());

  it("creates the demo member, who can log in and is bound to UPI", async () => {
    const member = await authenticate(database.db, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(member).not.toBeNull();
    expect(member!.name).toBe("Demo Member");
    expect(member!.mobileNumber).toBe(9876543210);
    expect(member!.payoutAccountInfo).toBe("demo@upi");
    const [method] = await database.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.id, member!.payoutMethodId!));
    expect(method?.name).toBe("UPI");
    expect(method?.minimumAmount).toBe(50_000);
  });

  it("keeps the ledger invariant", async () => {
    const inv = await checkLedgerInvariant(database.db);
    expect(inv).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
  });

  it("gives the demo member two months of earnings from every source, plus referral income from the friend", async () => {
    const demo = (await database.db.select().from(users).where(eq(users.email, DEMO_MEMBER.email)))[0]!;
    const friend = (await database.db.select().from(users).where(eq(users.email, DEMO_FRIEND.email)))[0]!;
    expect(friend.referredBy).toBe(demo.id);

    const rows = await database.db
      .select({ kind: journalEntries.kind, createdAt: journalEntries.createdAt })
      .from(journalEntries)
      .where(eq(journalEntries.userId, demo.id));
    const kinds = new Set(rows.map((r) => r.kind));
    for (const k of [
      "ptc_ads",
      "click_short_link",
      "offerWall",
      "bettingGames",
      "referral_income",
      "withdrawal",
      "withdrawal_paid",
    ]) {
      expect(kinds, k).toContain(k);
    }
    const days = new Set(
      rows
        .filter((r) => r.kind === "ptc_ads")
        .map((r) => new Date(r.createdAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)),
    );
    expect(days.size).toBeGreaterThanOrEqual(50);
    const oldest = Math.min(...rows.map((r) => r.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(58 * 24 * 3600 * 1000);
    expect(rows.every((r) => r.createdAt.getTime() <= Date.now())).toBe(true);

    const referral = rows.filter((r) => r.kind === "referral_income");
    const friendEarnings = await database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.userId, friend.id));
    expect(referral.length).toBe(Number(friendEarnings[0]?.n));

    // Earned minus the two paid withdrawals (₹200 + ₹150), straight from the ledger lines.
    const net = await database.db.execute(
      sql`select coalesce(sum(amount), 0)::bigint as s from journal_lines where account_id = ${`member:${demo.id}:withdrawable`}`,
    );
    const lineSum = Number(
      ((net as { rows?: { s: string }[] }).rows ?? (net as unknown as { s: string }[]))[0]?.s,
    );
    const balances = await memberBalances(database.db, demo.id);
    expect(balances.withdrawable).toBe(lineSum);
    expect(balances.withdrawable).toBeGreaterThan(0);
    const demoPaid = await database.db
      .select({ amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, demo.id), eq(withdrawals.status, "Success")));
    expect(demoPaid.map((w) => w.amount).sort()).toEqual([150_000, 200_000]);
  });

  it("fills three pages of payment proof, newest first", async () => {
    const first = await paymentProof(database.db);
    expect(first.pagination.totalRecords).toBeGreaterThan(20);
    expect(first.pagination.totalRecords).toBeLessThanOrEqual(30);
    expect(first.pagination.totalPages).toBe(3);
    const proof = [
      ...first.records,
      ...(await paymentProof(database.db, 2)).records,
      ...(await paymentProof(database.db, 3)).records,
    ];
    expect(proof).toHaveLength(first.pagination.totalRecords);
    const times = proof.map((p) => Date.parse(p.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(proof.some((p) => p.userName === "demo")).toBe(true);
    expect(new Set(proof.map((p) => p.withdrawal_method))).toEqual(
      new Set(["UPI", "Paytm", "Bank Transfer (IMPS)"]),
    );
  });

  it("writes the public content", async () => {
    const c = await counts(database);
    expect(c.faqs).toBeGreaterThanOrEqual(8);
    expect(c.sections).toBeGreaterThanOrEqual(3);
    expect(c.sections).toBeLessThanOrEqual(4);
    expect(c.announcements).toBe(4);
    expect(c.methods).toBe(3);
    expect(c.policies).toBe(3);
    const policies = await database.db.select().from(policyPages);
    for (const p of policies) expect(p.html.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it("runs an active ad of each type from a demo advertiser, so a new member sees ads at once", async () => {
    const advertiser = await authenticate(database.db, DEMO_ADVERTISER.email, DEMO_MEMBER.password);
    expect(advertiser).not.toBeNull();
    const ads = await database.db.select().from(campaigns).where(eq(campaigns.advertiserId, advertiser!.id));
    expect(ads.map((a) => [a.type, a.status, a.url]).sort()).toEqual([
      ["iframe", "active", "/ad-sample"],
      ["window", "active", "/ad-sample"],
      ["youtube", "active", DEMO_YOUTUBE_URL],
    ]);
    // each campaign's escrow holds its views' price; the rest of the converted deposit remains
    let held = 0;
    for (const a of ads) {
      expect(await accountBalance(database.db, campaignEscrowAccount(a.id))).toBe(a.price * a.totalViews);
      held += a.price * a.totalViews;
    }
    expect((await memberBalances(database.db, advertiser!.id)).deposit).toBe(180_000 - held);
    const newcomer = await createMember(database.db, { name: "New", email: "new-viewer@example.com" });
    const list = await adsForMember(database.db, newcomer.id, new Date());
    expect(list.ads.map((a) => a.type).sort()).toEqual(["iframe", "window", "youtube"]);
  });

  it("serves the demo wall (md5_fields, a random secret) and the task-wall instructions", async () => {
    const [wall] = await database.db.select().from(taskWalls).where(eq(taskWalls.id, DEMO_WALL_ID));
    expect(wall).toMatchObject({
      name: "Demo Wall",
      enabled: true,
      scheme: "md5_fields",
      signatureFields: ["user_id", "transaction_id", "amount"],
      signatureSeparator: ":",
      frameUrlTemplate: "/demo-wall?user_id={user_id}",
      milliPerPoint: 1,
      capPerPostback: 50_000,
      successBody: "1",
      statusParam: "status",
      reversalStatuses: ["reversed"],
    });
    expect(wall!.secret.length).toBeGreaterThanOrEqual(24);
    const instructions = await getSetting(database.db, "offerwall_instructions");
    expect(instructions.length).toBeGreaterThanOrEqual(3);
  });

  it("installs the built-in shortener with three short links, so short links work offline at once", async () => {
    const [builtin, ...others] = await database.db.select().from(shorteners);
    expect(others).toEqual([]);
    expect(builtin).toMatchObject({
      name: "Site Shortener",
      kind: "builtin",
      domain: "localhost:3000",
      enabled: true,
    });
    expect(builtin!.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const newcomer = await createMember(database.db, { name: "New", email: "new-clicker@example.com" });
    const list = await shortLinksForMember(database.db, newcomer.id, new Date(), "https://rewards.example");
    expect(
      list.links.map((l) => [
        l.name,
        l.timeLabel,
        l.amount,
        l.clicksPerDay,
        l.howToComplete,
        l.shortenerDomain,
      ]),
    ).toEqual([
      ["Quick Link", "30 s", 50, 3, "/member/support", "rewards.example"],
      ["Daily Bonus Link", "1 m", 100, 1, "/member/support", "rewards.example"],
      ["Explorer Link", "5 m", 250, 2, null, "rewards.example"],
    ]);
    expect(list.instructions.length).toBeGreaterThan(0);
  });

  it("is fast", () => {
    // The target is well under 5 s on PGlite; the bound only catches a regression, with room for a busy machine.
    expect(seedMs).toBeLessThan(20_000);
  });

  it("does nothing when seeded again", async () => {
    const before = await counts(database);
    await seedIfEmpty(database.db);
    expect(await counts(database)).toEqual(before);
    expect(await checkLedgerInvariant(database.db)).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
  });

  it("does nothing on a database that already has members", async () => {
    const other = await freshDatabase(driver);
    try {
      await ensurePlatformAccounts(other.db);
      await createMember(other.db, {
        name: "Real Member",
        email: "real@example.com",
        password: "real-password-1",
      });
      await seedIfEmpty(other.db);
      const c = await counts(other);
      expect(c).toMatchObject({ users: 1, entries: 0, withdrawals: 0, faqs: 0, methods: 0 });
    } finally {
      await other.close();
    }
  });
});
