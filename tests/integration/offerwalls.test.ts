import { createHash, createHmac } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  campaigns,
  journalEntries,
  journalLines,
  memberDailyEarnings,
  taskWallPostbacks,
  taskWallTransactions,
} from "../../api/db/schema";
import type { AppLoadContext } from "@remix-run/node";
import { seedTaskWalls } from "../../api/seed/taskWalls";
import { seedGames } from "../../api/seed/games";
import { createApi } from "../../api/app";
import { gameDeps } from "../../api/deps";
import { DEMO_WALL_ID, demoTransactionId } from "../../api/taskWalls/demoWall";
import { getTaskWall } from "../../api/taskWalls/config";
import { sendPostback, signedPostbackFor } from "../../api/taskWalls/sender";
import { SUMMARY_URL_BYTES } from "../../api/taskWalls/log";
import { cancel, join } from "../../api/games/join";
import { loader as demoWallPage } from "../../app/routes/demo-wall";
import { creditEarning } from "../../api/ledger/earnings";
import { PLATFORM, accountBalance, memberDebt } from "../../api/ledger/ledger";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
  campaignDraft,
} from "../support/money";

/**
 * Task walls end to end: operators configure walls of each signature scheme, and postbacks —
 * signed here independently with node:crypto, sent over real HTTP — are credited once, refused
 * when forged, reversed once (into debt past the balance), and logged raw with their verdicts.
 */
const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const hmac = (alg: "sha1" | "sha256", key: string, s: string) => createHmac(alg, key).update(s).digest("hex");
const q = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

const SECRETS = {
  wannads: "wannads-secret-1",
  offertoro: "toro-key-2",
  bitlabs: "bitlabs-app-secret-3",
  ayet: "ayet-api-key-4",
};

const WALL_CONFIGS = {
  // md5(subId + transId + reward + secret); 1 point = ₹0.010, at most ₹5. No separator: only with
  // an allow-list (the test sends from the loopback).
  wannads: {
    name: "Wannads style",
    frameUrlTemplate: "https://wall.wannads.example/wall?apiKey=k&userId={user_id}",
    secret: SECRETS.wannads,
    scheme: "md5_fields",
    signatureFields: ["subId", "transId", "reward"],
    signatureSeparator: "",
    signatureParam: "signature",
    userParam: "subId",
    transactionParam: "transId",
    amountParam: "reward",
    statusParam: "status",
    reversalStatuses: ["2"],
    ipAllowList: ["127.0.0.1", "::1"],
    milliPerPoint: 10,
    capPerPostback: "5",
  },
  // md5(oid-user_id-key): the amount is not signed, so the cap (₹2) is what limits it.
  offertoro: {
    name: "OfferToro style",
    frameUrlTemplate: "https://www.offertoro.example/ifr/show/1/{user_id}/2",
    secret: SECRETS.offertoro,
    scheme: "md5_fields",
    signatureFields: ["oid", "user_id"],
    signatureSeparator: "-",
    signatureParam: "sig",
    transactionParam: "oid",
    milliPerPoint: 1,
    capPerPostback: "2",
  },
  // HMAC-SHA1 of the URL; 1 point = ₹1, at most ₹20; reversals name their original.
  bitlabs: {
    name: "BitLabs style",
    frameUrlTemplate: "https://web.bitlabs.example/?uid={user_id}&token=t",
    secret: SECRETS.bitlabs,
    scheme: "hmac_sha1_url",
    signatureParam: "hash",
    userParam: "uid",
    transactionParam: "tx",
    amountParam: "val",
    originalTransactionParam: "original_tx",
    milliPerPoint: 1000,
    capPerPostback: "20",
  },
  // HMAC-SHA256 of the sorted parameters in a header; success body "OK".
  ayet: {
    name: "Ayet style",
    frameUrlTemplate: "https://www.ayetstudios.example/offers/web_offerwall/1?external_identifier={user_id}",
    secret: SECRETS.ayet,
    scheme: "hmac_sha256_sorted",
    signatureHeader: "X-Ayetstudios-Security-Hash",
    userParam: "external_identifier",
    transactionParam: "transaction_id",
    amountParam: "currency_amount",
    statusParam: "is_chargeback",
    reversalStatuses: ["1"],
    milliPerPoint: 100,
    capPerPostback: "10",
    successBody: "OK",
  },
} as const;
type WallKind = keyof typeof WALL_CONFIGS;

describe.each(drivers("both"))("task walls (%s)", (driver) => {
  let t: TestApi;
  let served: ServedApi;
  let operator: TestMember;
  const wallIds = {} as Record<WallKind, string>;
  const clock = Date.parse("2026-03-10T06:00:00Z");

  beforeAll(async () => {
    t = await startTestApi(driver);
    t.deps.clock = () => new Date(clock);
    served = await serveApi(t.deps);
    operator = await newOperator(t);
    for (const kind of Object.keys(WALL_CONFIGS) as WallKind[]) {
      const res = await t.request("/adminRoute/offerWalls", {
        json: WALL_CONFIGS[kind],
        cookie: operator.cookie,
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({
        success: true,
        msg: { message: "Offer wall saved." },
      });
      wallIds[kind] = res.body.msg.wall._id;
    }
    await t.deps.db.transaction((tx) => seedTaskWalls(tx));
    await t.deps.db.transaction((tx) => seedGames(tx));
  });
  afterAll(async () => {
    await served.close();
    await t.close();
  });
  afterEach(() => expectLedgerConsistent(t));

  const path = (kind: WallKind | string) => `/postback/offerwall/${wallIds[kind as WallKind] ?? kind}`;

  /** Sends a request to the endpoint over HTTP, as a network's server does (no Origin, no cookie). */
  async function send(url: string, init: RequestInit = {}) {
    const res = await fetch(served.origin + url, init);
    return { status: res.status, text: await res.text(), verdict: res.headers.get("x-postback-verdict") };
  }

  const wannadsUrl = (
    p: { subId: string; transId: string; reward: string; status?: string },
    secret = SECRETS.wannads,
  ) => `${path("wannads")}?${q(p)}&signature=${md5(p.subId + p.transId + p.reward + secret)}`;
  const toroUrl = (p: { oid: string; user_id: string; amount: string }, secret = SECRETS.offertoro) =>
    `${path("offertoro")}?${q(p)}&sig=${md5(`${p.oid}-${p.user_id}-${secret}`)}`;
  const bitlabsUrl = (params: Record<string, string>, secret = SECRETS.bitlabs) => {
    const unsigned = `${path("bitlabs")}?${q(params)}`;
    return `${unsigned}&hash=${hmac("sha1", secret, unsigned)}`;
  };
  const ayetSignature = (params: Record<string, string>, secret = SECRETS.ayet) =>
    hmac(
      "sha256",
      secret,
      Object.keys(params)
        .sort()
        .map((k) => `${k}=${encodeURIComponent(params[k]!)}`)
        .join("&"),
    );
  const ayetSend = (params: Record<string, string>, signature = ayetSignature(params)) =>
    send(`${path("ayet")}?${q(params)}`, { headers: { "X-Ayetstudios-Security-Hash": signature } });

  const withdrawable = async (m: TestMember) => (await balances(t, m.id)).withdrawable;
  const logOf = async (transactionId: string) =>
    t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(eq(taskWallPostbacks.transactionId, transactionId))
      .orderBy(asc(taskWallPostbacks.id));
  const transactionsOf = (wall: WallKind | typeof DEMO_WALL_ID, transactionId: string) =>
    t.deps.db
      .select()
      .from(taskWallTransactions)
      .where(
        and(
          eq(taskWallTransactions.wallId, wall === DEMO_WALL_ID ? wall : wallIds[wall]),
          eq(taskWallTransactions.transactionId, transactionId),
        ),
      );

  it("accepts each scheme's signature and credits points × rate", async () => {
    const m = await newMember(t);
    const w = await send(wannadsUrl({ subId: m.id, transId: "wn-1", reward: "250" }));
    expect(w).toEqual({ status: 200, text: "1", verdict: "credited" });
    expect(await withdrawable(m)).toBe(2_500);

    const o = await send(toroUrl({ oid: "ot-1", user_id: m.id, amount: "700" }));
    expect(o).toEqual({ status: 200, text: "1", verdict: "credited" });
    expect(await withdrawable(m)).toBe(3_200);

    const b = await send(bitlabsUrl({ uid: m.id, tx: "bl-1", val: "1.2345" }));
    expect(b).toEqual({ status: 200, text: "1", verdict: "credited" });
    // 1.2345 points × 1000 = 1234.5 milli-rupees: rounded down, never a float.
    expect(await withdrawable(m)).toBe(3_200 + 1_234);

    const a = await ayetSend({
      external_identifier: m.id,
      transaction_id: "ay-1",
      currency_amount: "30",
      payout_usd: "0.01",
    });
    expect(a).toEqual({ status: 200, text: "OK", verdict: "credited" });
    expect(await withdrawable(m)).toBe(3_200 + 1_234 + 3_000);

    expect((await transactionsOf("wannads", "wn-1"))[0]).toMatchObject({
      kind: "credit",
      userId: m.id,
      amount: 2_500,
    });
    const [entry] = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `offerwall:${wallIds.wannads}:wn-1`));
    expect(entry).toMatchObject({ kind: "offerWall", userId: m.id });
    expect((await transactionsOf("wannads", "wn-1"))[0]!.entryId).toBe(entry!.id);
  });

  it("refuses forgeries of every scheme: changed amount, changed member, wrong secret, no signature", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const refused = { status: 403, verdict: "bad_signature" };
    const base = { subId: m.id, transId: "wn-f", reward: "100" };
    const good = wannadsUrl(base);
    for (const url of [
      good.replace("reward=100", "reward=500"),
      good.replace(`subId=${m.id}`, `subId=${other.id}`),
      wannadsUrl(base, "not-the-secret"),
      good.replace(/&signature=.*$/, ""),
    ])
      expect(await send(url)).toMatchObject(refused);

    const toro = toroUrl({ oid: "ot-f", user_id: m.id, amount: "100" });
    expect(await send(toro.replace(`user_id=${m.id}`, `user_id=${other.id}`))).toMatchObject(refused);
    expect(await send(toroUrl({ oid: "ot-f", user_id: m.id, amount: "100" }, "wrong"))).toMatchObject(
      refused,
    );
    expect(await send(toro.replace(/&sig=.*$/, ""))).toMatchObject(refused);

    const bl = bitlabsUrl({ uid: m.id, tx: "bl-f", val: "3" });
    expect(await send(bl.replace("val=3", "val=30"))).toMatchObject(refused);
    expect(await send(bl.replace(`uid=${m.id}`, `uid=${other.id}`))).toMatchObject(refused);
    expect(await send(bitlabsUrl({ uid: m.id, tx: "bl-f", val: "3" }, "wrong"))).toMatchObject(refused);
    expect(await send(bl.replace(/&hash=.*$/, ""))).toMatchObject(refused);
    // A POST cannot add unsigned values in a body: this scheme reads the URL only.
    expect(
      await send(bl.replace("val=3", "val=30"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "val=3",
      }),
    ).toMatchObject(refused);

    const ay = { external_identifier: m.id, transaction_id: "ay-f", currency_amount: "5" };
    expect(await ayetSend({ ...ay, currency_amount: "50" }, ayetSignature(ay))).toMatchObject(refused);
    expect(await ayetSend({ ...ay, external_identifier: other.id }, ayetSignature(ay))).toMatchObject(
      refused,
    );
    expect(await ayetSend(ay, ayetSignature(ay, "wrong"))).toMatchObject(refused);
    expect(await send(`${path("ayet")}?${q(ay)}`)).toMatchObject(refused);

    expect(await withdrawable(m)).toBe(0);
    expect(await withdrawable(other)).toBe(0);
    const [{ n }] = (await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(taskWallTransactions)
      .where(eq(taskWallTransactions.userId, m.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("caps a postback at the wall's limit; an unsigned amount (OfferToro) is limited by the cap", async () => {
    const m = await newMember(t);
    expect(await send(toroUrl({ oid: "ot-cap", user_id: m.id, amount: "999999999" }))).toMatchObject({
      verdict: "credited",
    });
    expect(await withdrawable(m)).toBe(2_000);
    const [row] = await logOf("ot-cap");
    expect(row).toMatchObject({ verdict: "credited", amount: 2_000 });
    expect(row!.detail).toMatch(/capped/);
  });

  it("the same transaction 30 times in parallel credits once; every answer comes after the commit", async () => {
    const m = await newMember(t);
    const url = wannadsUrl({ subId: m.id, transId: "wn-race", reward: "300" });
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const a = await send(url);
        // The answer implies the credit is committed: another connection sees it at once.
        expect((await transactionsOf("wannads", "wn-race")).length).toBe(1);
        return a;
      }),
    );
    for (const a of answers) expect(a).toMatchObject({ status: 200, text: "1" });
    expect(answers.filter((a) => a.verdict === "credited")).toHaveLength(1);
    expect(answers.filter((a) => a.verdict === "duplicate")).toHaveLength(29);
    expect(await withdrawable(m)).toBe(3_000);
    const log = await logOf("wn-race");
    expect(log).toHaveLength(30);
    expect(log.filter((l) => l.verdict === "credited")).toHaveLength(1);
  });

  it.runIf(driver === "postgres")("answers the success body only once the credit is committed", async () => {
    const m = await newMember(t);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    // Another transaction holds the member's balance row: the credit must wait for it.
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ledger_accounts where id = ${`member:${m.id}:withdrawable`} for update`,
      );
      entered();
      await held;
    });
    await inside;
    let answered = false;
    const answer = send(wannadsUrl({ subId: m.id, transId: "wn-held", reward: "10" })).then((a) => {
      answered = true;
      return a;
    });
    try {
      // Wait until the postback's transaction is blocked on that lock.
      for (let i = 0; i < 500; i++) {
        const rows = (await t.deps.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { n: number }[];
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(answered).toBe(false);
      expect(await logOf("wn-held")).toEqual([]);
    } finally {
      release();
      await holder;
    }
    expect(await answer).toEqual({ status: 200, text: "1", verdict: "credited" });
    expect(await withdrawable(m)).toBe(100);
  });

  it("a reversal debits once, keyed to the original; twice is still once", async () => {
    const m = await newMember(t);
    await giveEarning(t, m.id, 10_000);
    expect(await send(wannadsUrl({ subId: m.id, transId: "wn-rev", reward: "200" }))).toMatchObject({
      verdict: "credited",
    });
    expect(await withdrawable(m)).toBe(12_000);
    const reversal = wannadsUrl({ subId: m.id, transId: "wn-rev", reward: "200", status: "2" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(reversal)));
    for (const a of answers) expect(a).toMatchObject({ status: 200, text: "1" });
    expect(answers.filter((a) => a.verdict === "reversed")).toHaveLength(1);
    expect(answers.filter((a) => a.verdict === "reversal_duplicate")).toHaveLength(4);
    expect(await send(reversal)).toMatchObject({ verdict: "reversal_duplicate" });
    expect(await withdrawable(m)).toBe(10_000);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    const rows = await transactionsOf("wannads", "wn-rev");
    expect(rows.map((r) => r.kind).sort()).toEqual(["credit", "reversal"]);
    expect(rows.find((r) => r.kind === "reversal")).toMatchObject({ amount: 2_000, debt: 0 });

    // A negative amount is a reversal too; linked by original_tx, partial amounts reverse that much.
    expect(await send(bitlabsUrl({ uid: m.id, tx: "bl-rev", val: "5" }))).toMatchObject({
      verdict: "credited",
    });
    expect(
      await send(bitlabsUrl({ uid: m.id, tx: "bl-rev-r", val: "-2", original_tx: "bl-rev" })),
    ).toMatchObject({
      verdict: "reversed",
    });
    expect(
      await send(bitlabsUrl({ uid: m.id, tx: "bl-rev-r2", val: "-5", original_tx: "bl-rev" })),
    ).toMatchObject({
      verdict: "reversal_duplicate",
    });
    expect(await withdrawable(m)).toBe(10_000 + 3_000);
  });

  it("a reversal without its credit is refused (the network retries); of another member, invalid", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    expect(
      await send(wannadsUrl({ subId: m.id, transId: "wn-none", reward: "10", status: "2" })),
    ).toMatchObject({
      status: 409,
      verdict: "reversal_without_original",
    });
    expect(await send(wannadsUrl({ subId: m.id, transId: "wn-mine", reward: "10" }))).toMatchObject({
      verdict: "credited",
    });
    expect(
      await send(wannadsUrl({ subId: other.id, transId: "wn-mine", reward: "10", status: "2" })),
    ).toMatchObject({
      status: 400,
      verdict: "invalid_params",
    });
    expect(await withdrawable(m)).toBe(100);
  });

  it("a reversal past the balance leaves a debt: withdrawals wait, the next earnings repay it first", async () => {
    const m = await newMember(t);
    expect(await send(bitlabsUrl({ uid: m.id, tx: "bl-debt", val: "5" }))).toMatchObject({
      verdict: "credited",
    });
    // The member withdraws ₹3 before the network reverses the offer.
    await addPayoutMethod(t, operator, "UPI-debt", 1);
    await bindPayout(t, m, "UPI-debt");
    const withdraw = () =>
      t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 1, type: "UPI-debt" },
        cookie: m.cookie,
      });
    const first = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 3, type: "UPI-debt" },
      cookie: m.cookie,
    });
    expect(first.body).toMatchObject({ success: true });
    expect(
      await send(bitlabsUrl({ uid: m.id, tx: "bl-debt-r", val: "-5", original_tx: "bl-debt" })),
    ).toMatchObject({
      status: 200,
      verdict: "reversed",
    });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect(await memberDebt(t.deps.db, m.id)).toBe(3_000);
    expect(await accountBalance(t.deps.db, `member:${m.id}:debt`)).toBe(-3_000);
    expect((await transactionsOf("bitlabs", "bl-debt")).find((r) => r.kind === "reversal")).toMatchObject({
      debt: 3_000,
    });
    const [reversalEntry] = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `offerwall-reversal:${wallIds.bitlabs}:bl-debt`));
    expect(reversalEntry).toMatchObject({ kind: "offerWall_reversal", userId: m.id });

    expect(await withdraw()).toMatchObject({
      status: 409,
      body: {
        success: false,
        error_code: "in_debt",
        error_msg:
          "A reversed task-wall credit left ₹3.000 owing. Withdrawals resume once later earnings have repaid it.",
      },
    });

    // An ad earning of ₹2 repays ₹2 (and still counts as ₹2 earned today).
    const day = "2026-03-10";
    const credited = await t.deps.db.transaction((tx) =>
      creditEarning(tx, {
        userId: m.id,
        source: "ptc_ads",
        amount: 2_000,
        idempotencyKey: `test:debt-ad:${m.id}`,
        createdAt: new Date(clock),
      }),
    );
    expect(await memberDebt(t.deps.db, m.id)).toBe(1_000);
    expect(await withdrawable(m)).toBe(0);
    // what the earning answers (an ad claim's userAvailableBalance): the balance after the repayment
    expect(credited).toMatchObject({ posted: true, withdrawable: 0 });
    const [rolled] = await t.deps.db
      .select()
      .from(memberDailyEarnings)
      .where(and(eq(memberDailyEarnings.userId, m.id), eq(memberDailyEarnings.kind, "ptc_ads")));
    expect(rolled).toMatchObject({ day, amount: 2_000 });
    expect((await withdraw()).body.error_msg).toBe(
      "A reversed task-wall credit left ₹1.000 owing. Withdrawals resume once later earnings have repaid it.",
    );

    // A short-link earning of ₹2.500 repays the last ₹1 and leaves ₹1.500.
    await giveEarning(t, m.id, 2_500, "click_short_link");
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    expect(await withdrawable(m)).toBe(1_500);
    const repayments = await t.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, m.id), eq(journalEntries.kind, "debt_repayment")));
    expect(repayments).toHaveLength(2);
    expect((await withdraw()).body).toMatchObject({ success: true });
    expect(await withdrawable(m)).toBe(500);
  });

  it("claws the referrer's share back with the reversal, into the referrer's debt past their balance", async () => {
    const referrer = await newMember(t);
    const m = await newMember(t, { referredBy: referrer.id });
    expect(
      await ayetSend({ external_identifier: m.id, transaction_id: "ay-ref", currency_amount: "100" }),
    ).toMatchObject({ verdict: "credited" });
    expect(await withdrawable(m)).toBe(10_000);
    expect(await withdrawable(referrer)).toBe(1_000);
    const promotions = await accountBalance(t.deps.db, PLATFORM.promotions);
    // The referrer withdraws their ₹1 share before the reversal.
    await addPayoutMethod(t, operator, "UPI-ref", 1);
    await bindPayout(t, referrer, "UPI-ref");
    const withdrawal = await t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: 1, type: "UPI-ref" },
      cookie: referrer.cookie,
    });
    expect(withdrawal.body).toMatchObject({ success: true });
    const reversal = {
      external_identifier: m.id,
      transaction_id: "ay-ref",
      currency_amount: "100",
      is_chargeback: "1",
    };
    expect(await ayetSend(reversal)).toMatchObject({ status: 200, text: "OK", verdict: "reversed" });
    expect(await withdrawable(m)).toBe(0);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    expect(await withdrawable(referrer)).toBe(0);
    expect(await memberDebt(t.deps.db, referrer.id)).toBe(1_000);
    expect(await accountBalance(t.deps.db, PLATFORM.promotions)).toBe(promotions + 1_000);
    expect(await ayetSend(reversal)).toMatchObject({ verdict: "reversal_duplicate" });
    expect(await memberDebt(t.deps.db, referrer.id)).toBe(1_000);
  });

  it("a reversal takes the withdrawable balance, then the deposit, then leaves debt; owing, no spending around it", async () => {
    const g = gameDeps(t.deps);
    const BRONZE = { practice: false, entryFee: 10_000 } as const;
    const m = await newMember(t);
    const convert = (rupees: number) =>
      t.request("/userAmount/userBalanceConvertPatch", {
        method: "PATCH",
        obj: { balanceToConvert: rupees, conversionType_state: "withdrawToDeposit" },
        cookie: m.cookie,
      });
    const createCampaign = () =>
      t.request("/advertiserRoute/advertiserDataPost", {
        obj: campaignDraft({ step_2_title: "While owing", step_4_subTotal: "5.000" }),
        cookie: m.cookie,
      });

    // ₹20 from a task wall; ₹15 of it moved to the deposit balance and ₹10 of that paid into a game.
    expect(await send(bitlabsUrl({ uid: m.id, tx: "bl-escape", val: "20" }))).toMatchObject({
      verdict: "credited",
    });
    expect((await convert(15)).status).toBe(200);
    const { roomId } = await join(g, m.id, BRONZE);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 5_000, deposit: 5_000 });

    // The network reverses the credit, its retries racing each other: the money moves once.
    const reversal = bitlabsUrl({ uid: m.id, tx: "bl-escape-r", val: "-20", original_tx: "bl-escape" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(reversal)));
    expect(answers.filter((a) => a.verdict === "reversed")).toHaveLength(1);
    expect(answers.filter((a) => a.verdict === "reversal_duplicate")).toHaveLength(7);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 0 });
    expect(await memberDebt(t.deps.db, m.id)).toBe(10_000);
    const lines = await t.deps.db
      .select({ account: journalLines.accountId, amount: journalLines.amount })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(eq(journalEntries.idempotencyKey, `offerwall-reversal:${wallIds.bitlabs}:bl-escape`));
    expect(new Map(lines.map((l) => [l.account, l.amount]))).toEqual(
      new Map([
        [`member:${m.id}:withdrawable`, -5_000],
        [`member:${m.id}:deposit`, -5_000],
        [`member:${m.id}:debt`, -10_000],
        [PLATFORM.offerWalls, 20_000],
      ]),
    );
    expect((await transactionsOf("bitlabs", "bl-escape")).find((r) => r.kind === "reversal")).toMatchObject({
      amount: 20_000,
      debt: 10_000,
    });

    // The game's fee comes back to the deposit balance, where it stays while the debt is owed.
    await cancel(g, roomId, m.id);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 10_000 });
    const owing = {
      success: false,
      error_code: "in_debt",
      error_msg: "You owe ₹10.000 from a reversed task-wall credit. It is repaid from your next earnings.",
      owed: "10.000",
    };
    expect(await convert(1)).toMatchObject({ status: 409, body: owing });
    await expect(join(g, m.id, BRONZE)).rejects.toMatchObject({ code: "in_debt", message: owing.error_msg });
    expect(await createCampaign()).toMatchObject({ status: 409, body: owing });
    expect(await t.deps.db.select().from(campaigns).where(eq(campaigns.advertiserId, m.id))).toEqual([]);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 0, deposit: 10_000 });

    // Later earnings repay it first; then the member may spend again.
    await giveEarning(t, m.id, 25_000);
    expect(await memberDebt(t.deps.db, m.id)).toBe(0);
    expect(await balances(t, m.id)).toEqual({ withdrawable: 15_000, deposit: 10_000 });
    expect(await convert(10)).toMatchObject({ status: 200 });
    const again = await join(g, m.id, BRONZE);
    expect(await createCampaign()).toMatchObject({ status: 200, body: { success: true } });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 5_000, deposit: 5_000 });
    await cancel(g, again.roomId, m.id);
  });

  it("refuses an address off the allow-list; accepts it once listed", async () => {
    const m = await newMember(t);
    const patch = (ipAllowList: string[]) =>
      t.request(`/adminRoute/offerWalls/${wallIds.offertoro}`, {
        method: "PATCH",
        json: { ipAllowList },
        cookie: operator.cookie,
      });
    expect((await patch(["10.1.2.3", "2001:db8::1"])).status).toBe(200);
    const url = toroUrl({ oid: "ot-ip", user_id: m.id, amount: "100" });
    expect(await send(url)).toMatchObject({ status: 403, verdict: "ip_not_allowed" });
    expect(await withdrawable(m)).toBe(0);
    expect(await logOf("ot-ip")).toEqual([]); // refused before its parameters were read
    expect((await patch(["10.1.2.3", "127.0.0.1"])).status).toBe(200);
    expect(await send(url)).toMatchObject({ status: 200, verdict: "credited" });
    expect((await patch([])).status).toBe(200);
    expect(await withdrawable(m)).toBe(100);
  });

  it("logs every request raw with its verdict: forms, JSON, refusals, unknown and switched-off walls", async () => {
    const m = await newMember(t);
    const sig = md5(`${m.id}wn-post40${SECRETS.wannads}`);
    const form = `subId=${m.id}&transId=wn-post&reward=40&signature=${sig}`;
    const posted = await send(path("wannads"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Network/1.0" },
      body: form,
    });
    expect(posted).toEqual({ status: 200, text: "1", verdict: "credited" });
    const [row] = await logOf("wn-post");
    expect(row).toMatchObject({
      wallId: wallIds.wannads,
      method: "POST",
      url: path("wannads"),
      body: form,
      ip: "127.0.0.1",
      verdict: "credited",
      userId: m.id,
      amount: 400,
      origin: "network",
    });
    expect(row!.headers).toMatchObject({
      "user-agent": "Network/1.0",
      "content-type": "application/x-www-form-urlencoded",
    });

    const json = { external_identifier: m.id, transaction_id: "ay-json", currency_amount: "2" };
    const jsonAnswer = await send(path("ayet"), {
      method: "POST",
      headers: { "content-type": "application/json", "X-Ayetstudios-Security-Hash": ayetSignature(json) },
      body: JSON.stringify(json),
    });
    expect(jsonAnswer).toEqual({ status: 200, text: "OK", verdict: "credited" });
    expect(await withdrawable(m)).toBe(400 + 200);

    const signed = (p: { subId: string; transId: string; reward: string }) => send(wannadsUrl(p));
    const invalid = async (p: { subId: string; transId: string; reward: string }, detail: RegExp) => {
      const a = await signed(p);
      expect(a).toMatchObject({ status: 400, verdict: "invalid_params" });
      expect(JSON.parse(a.text)).toMatchObject({
        success: false,
        error_code: "invalid_input",
        error_msg: expect.stringMatching(detail),
      });
    };
    await invalid({ subId: "", transId: "wn-inv1", reward: "10" }, /subId/);
    await invalid({ subId: m.id, transId: "wn-inv2", reward: "ten" }, /reward/);
    await invalid({ subId: "no-such-member", transId: "wn-inv3", reward: "10" }, /No member/);
    await invalid({ subId: m.id, transId: "wn-inv4", reward: "0.01" }, /less than/);
    const repeated = await send(
      `${wannadsUrl({ subId: m.id, transId: "wn-inv5", reward: "10" })}&reward=100000`,
    );
    expect(repeated).toMatchObject({ status: 400, verdict: "invalid_params" });
    expect(JSON.parse(repeated.text).error_msg).toMatch(/more than once/);
    expect((await logOf("wn-inv3"))[0]).toMatchObject({
      verdict: "invalid_params",
      userId: "no-such-member",
    });

    const unknown = await send("/postback/offerwall/no-such-wall?x=1");
    expect(unknown).toMatchObject({ status: 404, verdict: "unknown_wall" });
    const [unknownRow] = await t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(eq(taskWallPostbacks.wallId, "no-such-wall"));
    expect(unknownRow).toMatchObject({
      verdict: "unknown_wall",
      url: "/postback/offerwall/no-such-wall?x=1",
      method: "GET",
    });

    const toggle = (enabled: boolean) =>
      t.request(`/adminRoute/offerWalls/${wallIds.wannads}`, {
        method: "PATCH",
        json: { enabled },
        cookie: operator.cookie,
      });
    expect((await toggle(false)).status).toBe(200);
    expect(await signed({ subId: m.id, transId: "wn-off", reward: "10" })).toMatchObject({
      status: 403,
      verdict: "disabled",
    });
    expect((await toggle(true)).status).toBe(200);
    expect(await withdrawable(m)).toBe(600);

    // The central request rules still hold: a cross-site browser post and an oversized body.
    const crossSite = await send(path("wannads"), {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(crossSite.status).toBe(403);
    const huge = await send(path("wannads"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `pad=${"x".repeat(70_000)}`,
    });
    expect(huge.status).toBe(413);
  });

  it("lists the walls for members with their frame addresses, and the task-wall balance", async () => {
    const m = await newMember(t);
    expect(await send(wannadsUrl({ subId: m.id, transId: "wn-list", reward: "150" }))).toMatchObject({
      verdict: "credited",
    });
    const res = await t.request("/userIncomeRoute/user_offerWall_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    const msg = res.body.msg;
    expect(msg).toMatchObject({
      today_offerWallIncome: "1.500",
      total_offerWall: 5,
      today_completed: 1,
      available_balance: "1.500",
    });
    expect(msg.offerWallData_after_replace).toContainEqual({
      _id: wallIds.wannads,
      offerWallName: "Wannads style",
      offerWallApiLink: `https://wall.wannads.example/wall?apiKey=k&userId=${m.id}`,
    });
    expect(msg.offerWallData_after_replace).toContainEqual({
      _id: DEMO_WALL_ID,
      offerWallName: "Demo Wall",
      offerWallApiLink: `/demo-wall?user_id=${m.id}`,
    });
    expect(msg.other_data_offerWalls_instructions.length).toBeGreaterThan(0);
    const balance = await t.request("/userIncomeRoute/user_offerWall_balance_get", { cookie: m.cookie });
    expect(balance.body).toEqual({
      success: true,
      msg: {
        available_balance: "1.500",
        pending_offerWall: "0.000",
        today_offerWallIncome: "1.500",
        total_offerWall: 5,
        today_completed: 1,
      },
    });
    expect((await t.request("/userIncomeRoute/user_offerWall_get")).status).toBe(401);
  });

  it("the demo network's Complete sends a signed postback to the site and credits once", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const offers = await t.request(`/demoWall/offers?user_id=${m.id}`, { cookie: m.cookie });
    expect(offers.body.msg.wallName).toBe("Demo Wall");
    expect(offers.body.msg.offers).toContainEqual({
      id: "puzzle-game",
      title: "Install and open a puzzle game",
      description: expect.any(String),
      points: 500,
      reward: "0.500",
      completed: false,
    });
    expect((await t.request(`/demoWall/offers?user_id=${other.id}`, { cookie: m.cookie })).status).toBe(403);

    const complete = (who: TestMember, userId: string, offer = "puzzle-game") =>
      t.request("/demoWall/complete", { json: { user_id: userId, offer_id: offer }, cookie: who.cookie });
    expect((await complete(m, other.id)).body).toMatchObject({ success: false, error_code: "forbidden" });
    expect(await complete(m, m.id)).toMatchObject({
      status: 200,
      body: { success: true, msg: { message: "Offer completed: ₹0.500 is on its way.", delivered: true } },
    });
    expect(await withdrawable(m)).toBe(500);
    const [row] = await logOf(demoTransactionId(m.id, "puzzle-game"));
    expect(row).toMatchObject({ wallId: DEMO_WALL_ID, verdict: "credited", origin: "network", amount: 500 });
    expect(row!.url).toMatch(/[?&]signature=[0-9a-f]{32}$/);
    expect((await complete(m, m.id)).body).toMatchObject({ success: false, error_code: "conflict" });
    expect((await complete(m, m.id, "no-such-offer")).status).toBe(404);
    const after = await t.request(`/demoWall/offers?user_id=${m.id}`, { cookie: m.cookie });
    expect(after.body.msg.offers.find((o: { id: string }) => o.id === "puzzle-game").completed).toBe(true);
    expect(await withdrawable(m)).toBe(500);
    expect((await t.request(`/demoWall/offers?user_id=${m.id}`)).status).toBe(401);

    // Presses racing each other: the endpoint credits the offer once.
    const racing = await Promise.all(Array.from({ length: 8 }, () => complete(m, m.id, "survey")));
    for (const r of racing) expect([200, 409]).toContain(r.status);
    expect(racing.some((r) => r.status === 200)).toBe(true);
    expect(await withdrawable(m)).toBe(750);
    expect(await transactionsOf(DEMO_WALL_ID, demoTransactionId(m.id, "survey"))).toHaveLength(1);
  });

  it("the demo wall exists only on a demo install: elsewhere it is not listed, served or credited", async () => {
    const m = await newMember(t);
    const demo = (await getTaskWall(t.deps.db, DEMO_WALL_ID))!;
    const api = createApi(t.deps);
    const context = {
      apiFetch: (r: Request) => api.fetch(r),
      objSecret: t.deps.config.objSecret,
      internalToken: t.deps.internalToken,
      clientIp: "127.0.0.1",
      pageRequestId: "",
    } as unknown as AppLoadContext;
    const page = () =>
      demoWallPage({
        request: new Request(`http://localhost/demo-wall?user_id=${m.id}`, { headers: { cookie: m.cookie } }),
        context,
        params: {},
      });
    const listed = async () => {
      const res = await t.request("/userIncomeRoute/user_offerWall_get", { cookie: m.cookie });
      return {
        ids: (res.body.msg.offerWallData_after_replace as { _id: string }[]).map((w) => w._id),
        total: res.body.msg.total_offerWall as number,
      };
    };
    const complete = (offer: string) =>
      t.request("/demoWall/complete", { json: { user_id: m.id, offer_id: offer }, cookie: m.cookie });
    const unavailable = {
      success: false,
      error_code: "not_found",
      error_msg: "The demo wall is not available.",
    };

    const on = await listed();
    expect(on.ids).toContain(DEMO_WALL_ID);
    expect(await page()).toMatchObject({ wall: { wallName: "Demo Wall" } });

    const config = t.deps.config;
    const saved = { SEED_DEMO: config.SEED_DEMO, NODE_ENV: config.NODE_ENV };
    try {
      for (const off of [
        { SEED_DEMO: false, NODE_ENV: "test" },
        { SEED_DEMO: true, NODE_ENV: "production" },
      ] as const) {
        Object.assign(config, off);
        expect(await listed()).toEqual({
          ids: on.ids.filter((id) => id !== DEMO_WALL_ID),
          total: on.total - 1,
        });
        const balance = await t.request("/userIncomeRoute/user_offerWall_balance_get", { cookie: m.cookie });
        expect(balance.body.msg.total_offerWall).toBe(on.total - 1);
        expect(await t.request(`/demoWall/offers?user_id=${m.id}`, { cookie: m.cookie })).toMatchObject({
          status: 404,
          body: unavailable,
        });
        expect(await complete("video")).toMatchObject({ status: 404, body: unavailable });
        await expect(page()).rejects.toMatchObject({ status: 404 });
        // A postback signed with the demo wall's own secret moves nothing either.
        const signed = signedPostbackFor(demo, {
          userId: m.id,
          transactionId: demoTransactionId(m.id, "video"),
          points: "100",
        });
        expect(await sendPostback(served.origin, signed)).toMatchObject({ status: 403, verdict: "disabled" });
        expect(await withdrawable(m)).toBe(0);
      }
    } finally {
      Object.assign(config, saved);
    }
    expect(await complete("video")).toMatchObject({ status: 200 });
    expect(await withdrawable(m)).toBe(100);
  });

  it("md5_fields without a separator: canonical amounts only, and the wall needs an allow-list", async () => {
    const m = await newMember(t);
    // One signed postback: md5(subId + "wn-split1000" + "1" + secret)…
    const signature = md5(`${m.id}wn-split10001${SECRETS.wannads}`);
    const split = (transId: string, reward: string) =>
      send(`${path("wannads")}?${q({ subId: m.id, transId, reward })}&signature=${signature}`);
    expect(await split("wn-split1000", "1")).toMatchObject({ status: 200, verdict: "credited" });
    // …re-split into another transaction and amount with the same signed text: refused.
    for (const [transId, reward] of [
      ["wn-split100", "01"],
      ["wn-split10", "001"],
      ["wn-split1", "0001"],
    ] as const)
      expect(await split(transId, reward)).toMatchObject({ status: 400, verdict: "invalid_params" });
    expect(await withdrawable(m)).toBe(10);

    const refusal = /needs an IP allow-list/;
    const created = await t.request("/adminRoute/offerWalls", {
      json: { ...WALL_CONFIGS.wannads, ipAllowList: [] },
      cookie: operator.cookie,
    });
    expect(created).toMatchObject({ status: 400, body: { success: false, error_code: "invalid_input" } });
    expect(created.body.error_msg).toMatch(refusal);
    const cleared = await t.request(`/adminRoute/offerWalls/${wallIds.wannads}`, {
      method: "PATCH",
      json: { ipAllowList: [] },
      cookie: operator.cookie,
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error_msg).toMatch(refusal);
    // With a separator, no allow-list is needed.
    const separated = await t.request("/adminRoute/offerWalls", {
      json: {
        ...WALL_CONFIGS.wannads,
        name: "Separated",
        signatureSeparator: ":",
        ipAllowList: [],
        enabled: false,
      },
      cookie: operator.cookie,
    });
    expect(separated.status).toBe(200);
  });

  it("operators: validation, write-only secrets, audit, the log, a test postback and a replay", async () => {
    const m = await newMember(t);
    const post = (json: unknown, who = operator) =>
      t.request("/adminRoute/offerWalls", { json, cookie: who.cookie });
    const refusal = async (json: unknown, message: string | RegExp) => {
      const res = await post(json);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error_code: "invalid_input" });
      expect(res.body.error_msg).toMatch(message);
    };
    const base = WALL_CONFIGS.wannads;
    await refusal({ ...base, secret: undefined }, "secret is required.");
    await refusal({ ...base, signatureFields: [] }, /md5_fields needs signatureFields/);
    await refusal(
      { ...WALL_CONFIGS.ayet, signatureHeader: undefined },
      /hmac_sha256_sorted needs signatureHeader/,
    );
    await refusal({ ...base, ipAllowList: ["not-an-ip"] }, /IP addresses/);
    await refusal({ ...base, capPerPostback: "0" }, /capPerPostback/);
    await refusal({ ...base, frameUrlTemplate: "javascript:alert(1)//{user_id}" }, /frameUrlTemplate/);
    await refusal({ ...base, frameUrlTemplate: "https://wall.example/" }, /\{user_id\}/);
    await refusal({ ...base, milliPerPoint: 0.5 }, /milliPerPoint/);
    await refusal({ ...base, surprise: 1 }, "Unexpected field: surprise.");
    expect((await post(base, m)).status).toBe(403);
    expect(
      (
        await t.request("/adminRoute/offerWalls/no-such-wall", {
          method: "PATCH",
          json: { enabled: false },
          cookie: operator.cookie,
        })
      ).status,
    ).toBe(404);

    const list = await t.request("/adminRoute/offerWalls", { cookie: operator.cookie });
    const wall = list.body.msg.records.find((w: { _id: string }) => w._id === wallIds.wannads);
    expect(wall).toMatchObject({
      secretHint: "…et-1",
      scheme: "md5_fields",
      capPerPostback: "5.000",
      postbackPath: path("wannads"),
    });
    expect(wall.postbackUrl).toMatch(new RegExp(`/postback/offerwall/${wallIds.wannads}$`));
    expect(JSON.stringify(list.body)).not.toContain(SECRETS.wannads);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `offer_wall:${wallIds.wannads}`));
    expect(audits.map((a) => a.action)).toContain("offer_wall.create");
    expect(audits.some((a) => a.action === "offer_wall.update")).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(SECRETS.wannads);

    // A test postback, signed with the wall's scheme and sent over HTTP, and its reversal.
    const test = (json: unknown) =>
      t.request("/adminRoute/postbacks/test", { json, cookie: operator.cookie });
    for (const kind of ["wannads", "bitlabs", "ayet"] as const) {
      const res = await test({
        wallId: wallIds[kind],
        userId: m.id,
        transactionId: `tool-${kind}`,
        points: "10",
      });
      expect(res.body, JSON.stringify(res.body)).toEqual({
        success: true,
        msg: { status: 200, body: kind === "ayet" ? "OK" : "1", verdict: "credited" },
      });
      const rev = await test({
        wallId: wallIds[kind],
        userId: m.id,
        transactionId: `tool-${kind}`,
        points: "10",
        reversal: true,
      });
      expect(rev.body.msg).toMatchObject({ status: 200, verdict: "reversed" });
    }
    expect((await logOf("tool-wannads")).map((r) => [r.origin, r.verdict])).toEqual([
      ["test", "credited"],
      ["test", "reversed"],
    ]);
    expect(
      (await test({ wallId: wallIds.wannads, userId: m.id, transactionId: "x", points: "-1" })).status,
    ).toBe(400);
    expect(
      (await test({ wallId: "no-such-wall", userId: m.id, transactionId: "x", points: "1" })).status,
    ).toBe(404);

    // Replays: the logged request again, byte for byte (a duplicate now), and a forged one (refused again).
    expect(await send(wannadsUrl({ subId: m.id, transId: "wn-replay", reward: "20" }))).toMatchObject({
      verdict: "credited",
    });
    const [original] = await logOf("wn-replay");
    const replay = (id: number) =>
      t.request(`/adminRoute/postbacks/${id}/replay`, { method: "POST", cookie: operator.cookie });
    expect((await replay(original!.id)).body).toEqual({
      success: true,
      msg: { status: 200, body: "1", verdict: "duplicate" },
    });
    const [again] = (await logOf("wn-replay")).slice(1);
    expect(again).toMatchObject({
      origin: "replay",
      verdict: "duplicate",
      url: original!.url,
      ip: "127.0.0.1",
    });
    expect(again!.headers["x-internal-token"]).toBeUndefined();
    expect(await send(wannadsUrl({ subId: m.id, transId: "wn-bad", reward: "20" }, "forged"))).toMatchObject({
      verdict: "bad_signature",
    });
    const [forged] = await t.deps.db
      .select()
      .from(taskWallPostbacks)
      .where(
        and(eq(taskWallPostbacks.verdict, "bad_signature"), sql`${taskWallPostbacks.url} like ${"%wn-bad%"}`),
      );
    expect((await replay(forged!.id)).body.msg).toMatchObject({ status: 403, verdict: "bad_signature" });
    expect((await replay(999_999_999)).status).toBe(404);
    const toolAudits = await t.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'postback.%'`);
    expect(toolAudits.filter((a) => a.action === "postback.test")).toHaveLength(6);
    expect(toolAudits.filter((a) => a.action === "postback.replay")).toHaveLength(2);

    // The log: newest first, 20 a page, filtered by wall and verdict.
    const log = await t.request(`/adminRoute/postbacks?wall=${wallIds.wannads}&verdict=credited`, {
      cookie: operator.cookie,
    });
    expect(log.status).toBe(200);
    expect(log.body.msg.pagination).toMatchObject({ page: 1, pageSize: 20 });
    const records = log.body.msg.records as {
      verdict: string;
      wallId: string;
      id: number;
      wallName: string;
    }[];
    expect(records.length).toBeGreaterThan(0);
    expect(
      records.every(
        (r) => r.verdict === "credited" && r.wallId === wallIds.wannads && r.wallName === "Wannads style",
      ),
    ).toBe(true);
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort((a, b) => b - a));
    expect(
      (await t.request("/adminRoute/postbacks?verdict=nonsense", { cookie: operator.cookie })).status,
    ).toBe(400);
    expect((await t.request("/adminRoute/postbacks", { cookie: m.cookie })).status).toBe(403);
  });

  it("a refused postback keeps a bounded summary: no headers, no body, the first 300 bytes of its address", async () => {
    const query = `flood=${"a".repeat(16_000)}`;
    const headers = { "x-filler": "h".repeat(8_000), "x-more": "i".repeat(8_000) };
    const body = `pad=${"b".repeat(60_000)}`;
    for (const wall of ["flood-wall", wallIds.offertoro]) {
      const res = await t.request(`/postback/offerwall/${wall}?${query}`, {
        method: "POST",
        rawBody: body,
        headers,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const rows = await t.deps.db
      .select({ p: taskWallPostbacks, size: sql<number>`pg_column_size(${taskWallPostbacks})::int` })
      .from(taskWallPostbacks)
      .where(sql`${taskWallPostbacks.url} like '%flood=aaa%'`);
    expect(rows.map((r) => r.p.verdict).sort()).toEqual(["bad_signature", "unknown_wall"]);
    for (const { p, size } of rows) {
      expect(p.headers).toEqual({});
      expect(p.body).toBeNull();
      expect(Buffer.byteLength(p.url)).toBeLessThanOrEqual(SUMMARY_URL_BYTES);
      expect(p.url.startsWith("/postback/offerwall/")).toBe(true);
      expect(size).toBeLessThan(2_000);
    }
    // The operators' page stays small: 20 rows a page, each bounded.
    const log = await t.request("/adminRoute/postbacks?verdict=unknown_wall", { cookie: operator.cookie });
    expect(log.body.msg.records.find((r: { wallId: string }) => r.wallId === "flood-wall")).toMatchObject({
      headers: {},
      body: null,
    });
  });

  // Last: it moves the clock forward.
  it("keeps the log for the retention setting: the next postback sweeps older rows; operators set it", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const logged = (tag: string, at: number) =>
      t.deps.db.insert(taskWallPostbacks).values({
        wallId: "retention-wall",
        method: "GET",
        url: `/postback/offerwall/retention-wall?tag=${tag}`,
        headers: {},
        verdict: "unknown_wall",
        createdAt: new Date(at),
      });
    const tags = async () =>
      (
        await t.deps.db
          .select({ url: taskWallPostbacks.url })
          .from(taskWallPostbacks)
          .where(eq(taskWallPostbacks.wallId, "retention-wall"))
      )
        .map((r) => r.url.replace(/^.*tag=/, ""))
        .sort();
    const poke = () => send("/postback/offerwall/retention-wall?tag=new");
    const settings = (json: unknown, who = operator) =>
      t.request("/adminRoute/postbacks/settings", { method: "PATCH", json, cookie: who.cookie });

    await logged("d31", clock - 31 * DAY);
    await logged("d29", clock - 29 * DAY);
    await logged("d12", clock - 12 * DAY);
    await poke();
    expect(await tags()).toEqual(["d12", "d29", "new"]);
    expect(
      (await t.request("/adminRoute/postbacks", { cookie: operator.cookie })).body.msg.retentionDays,
    ).toBe(30);

    try {
      // Two days later the 29-day-old row is past 30 days.
      t.deps.clock = () => new Date(clock + 2 * DAY);
      await poke();
      expect(await tags()).toEqual(["d12", "new", "new"]);

      // Operators shorten it to 10 days: the 14-day-old row goes with the next postback.
      for (const bad of [
        { retentionDays: 0 },
        { retentionDays: 3651 },
        { retentionDays: "10" },
        { retentionDays: 1.5 },
        {},
        { retentionDays: 10, x: 1 },
      ]) {
        const res = await settings(bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body).toMatchObject({ success: false, error_code: "invalid_input" });
      }
      const member = await newMember(t);
      expect((await settings({ retentionDays: 10 }, member)).status).toBe(403);
      expect(await settings({ retentionDays: 10 })).toMatchObject({
        status: 200,
        body: { success: true, msg: { retentionDays: 10 } },
      });
      await poke();
      expect(await tags()).toEqual(["new", "new", "new"]);
      const [audit] = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "postback.retention"));
      expect(audit).toMatchObject({ before: { days: 30 }, after: { days: 10 } });
    } finally {
      t.deps.clock = () => new Date(clock);
      await settings({ retentionDays: 30 });
    }
  });
});
