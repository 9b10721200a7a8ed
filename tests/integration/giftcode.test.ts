import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  balances,
  createGiftCode,
  expectLedgerConsistent,
  inAnHour,
  newMember,
  newOperator,
  snapshot,
  type TestMember,
} from "../support/money";
import { auditLog, giftCodes, journalEntries } from "../../api/db/schema";
import { PLATFORM, accountBalance } from "../../api/ledger/ledger";

describe.each(drivers("both"))("gift codes (%s)", (driver) => {
  let t: TestApi;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    operator = await newOperator(t);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const claim = (m: TestMember, json: unknown) =>
    t.request("/userIncomeRoute/user_giftCode_verify_and_patch", { method: "PATCH", json, cookie: m.cookie });
  const promotions = () => accountBalance(t.deps.db, PLATFORM.promotions);

  it("shows the page message, an empty history and the balance", async () => {
    const m = await newMember(t);
    const res = await t.request("/userIncomeRoute/user_giftCode_get", { cookie: m.cookie });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({ userGiftCode_claim_history: [], userAvailableBalance: "0.000" });
    expect(res.body.msg.giftCode_page_Message).toContain("gift code");
  });

  it("credits the bonus from promotions, once per member, case-insensitively", async () => {
    const code = await createGiftCode(t, operator, {
      code: "  Diwali2026 ",
      amount: "25.125",
      claim_limit: 10,
    });
    expect(code).toBe("DIWALI2026");
    const m = await newMember(t);
    const promo = await promotions();
    const res = await claim(m, { giftCode_state: " diwali2026 " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      msg: "Gift code claimed! ₹25.125 has been added to your balance.",
    });
    expect(await balances(t, m.id)).toEqual({ withdrawable: 25_125, deposit: 0 });
    expect(await promotions()).toBe(promo - 25_125);
    const [gift] = await t.deps.db.select().from(giftCodes).where(eq(giftCodes.code, "DIWALI2026"));
    expect(gift!.claimedCount).toBe(1);
    const entries = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `giftcode:${gift!.id}:${m.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.kind).toBe("gift_code");

    const before = await snapshot(t);
    const again = await claim(m, { giftCode_state: "DIWALI2026" });
    expect(again.status).toBe(409);
    expect(again.body.error_msg).toBe("You have already claimed this gift code.");
    expect(again.body.error_code).toBe("already_claimed");
    expect(await snapshot(t)).toEqual(before);

    const page = (await t.request("/userIncomeRoute/user_giftCode_get", { cookie: m.cookie })).body.msg;
    expect(page.userAvailableBalance).toBe("25.125");
    expect(page.userGiftCode_claim_history).toHaveLength(1);
    expect(page.userGiftCode_claim_history[0]).toMatchObject({
      giftCode: "DIWALI2026",
      bonusAmount: "25.125",
    });
    expect(new Date(page.userGiftCode_claim_history[0].time).toISOString()).toBe(
      page.userGiftCode_claim_history[0].time,
    );
  });

  it("earns the referrer nothing", async () => {
    const referrer = await newMember(t);
    const referee = await newMember(t, { referredBy: referrer.id });
    const code = await createGiftCode(t, operator, { amount: "100", claim_limit: 5 });
    expect((await claim(referee, { giftCode_state: code })).status).toBe(200);
    expect(await balances(t, referee.id)).toEqual({ withdrawable: 100_000, deposit: 0 });
    expect(await balances(t, referrer.id)).toEqual({ withdrawable: 0, deposit: 0 });
  });

  it("tells unknown, expired and exhausted codes apart", async () => {
    const m = await newMember(t);
    const before = await snapshot(t);
    const unknown = await claim(m, { giftCode_state: "NO-SUCH-CODE" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_msg).toBe("Invalid gift code.");
    const blank = await claim(m, { giftCode_state: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error_msg).toBe("Please enter a gift code.");
    expect(await snapshot(t)).toEqual(before);

    const expiring = await createGiftCode(t, operator, { amount: "5", claim_limit: 5 });
    await t.deps.db
      .update(giftCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(giftCodes.code, expiring));
    const s1 = await snapshot(t);
    const expired = await claim(m, { giftCode_state: expiring });
    expect(expired.status).toBe(410);
    expect(expired.body.error_msg).toBe("This gift code has expired.");
    expect(expired.body.error_code).toBe("gift_code_expired");
    expect(await snapshot(t)).toEqual(s1);

    const single = await createGiftCode(t, operator, { amount: "5", claim_limit: 1 });
    expect((await claim(await newMember(t), { giftCode_state: single })).status).toBe(200);
    const s2 = await snapshot(t);
    const exhausted = await claim(m, { giftCode_state: single });
    expect(exhausted.status).toBe(409);
    expect(exhausted.body.error_msg).toBe("This gift code has reached its claim limit.");
    expect(exhausted.body.error_code).toBe("gift_code_exhausted");
    expect(await snapshot(t)).toEqual(s2);
  });

  it("lets operators create and list codes, audited, refusing duplicates and bad input", async () => {
    const expires = inAnHour();
    const code = await createGiftCode(t, operator, {
      code: "list-me",
      amount: "0.5",
      claim_limit: 3,
      expires_at: expires,
    });
    const list = await t.request("/adminRoute/giftCodes", { cookie: operator.cookie });
    const rec = list.body.msg.records.find((r: { code: string }) => r.code === code);
    expect(rec).toMatchObject({
      code: "LIST-ME",
      amount: "0.500",
      claim_limit: 3,
      claimed_count: 0,
      expires_at: new Date(expires).toISOString(),
    });
    expect(typeof rec.id).toBe("number");
    expect(list.body.msg.records[0].code).toBe("LIST-ME");
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `gift_code:${rec.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: operator.id, action: "gift_code.create", before: null });
    expect(audit[0]!.after).toMatchObject({ code: "LIST-ME", amount: "0.500", claim_limit: 3 });

    const before = await snapshot(t);
    const dup = await t.request("/adminRoute/giftCodes", {
      json: { code: " List-Me", amount: "1", claim_limit: 1, expires_at: inAnHour() },
      cookie: operator.cookie,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error_msg).toBe("A gift code with this name already exists.");

    const bad: [unknown, string][] = [
      [
        { code: "X1", amount: "1", claim_limit: 1, expires_at: new Date(Date.now() - 1000).toISOString() },
        "The expiry must be in the future.",
      ],
      [
        { code: "X1", amount: "1.2345", claim_limit: 1, expires_at: inAnHour() },
        "amount must be a positive number of rupees with up to 3 decimals.",
      ],
      [
        { code: "X1", amount: "0", claim_limit: 1, expires_at: inAnHour() },
        "amount must be a positive number of rupees with up to 3 decimals.",
      ],
      [
        { code: "X1", amount: "-1", claim_limit: 1, expires_at: inAnHour() },
        "amount must be a positive number of rupees with up to 3 decimals.",
      ],
      [
        { code: "X1", amount: "1", claim_limit: 0, expires_at: inAnHour() },
        "claim_limit must be a whole number of at least 1.",
      ],
      [
        { code: "X1", amount: "1", claim_limit: 1.5, expires_at: inAnHour() },
        "claim_limit must be a whole number of at least 1.",
      ],
      [
        { code: "X1", amount: "1", claim_limit: 1, expires_at: "tomorrow" },
        "expires_at must be an ISO date and time.",
      ],
      [{ code: "", amount: "1", claim_limit: 1, expires_at: inAnHour() }, "Please enter a gift code."],
      [
        { code: "has space", amount: "1", claim_limit: 1, expires_at: inAnHour() },
        "The code may contain only letters, digits, - and _.",
      ],
      [
        { code: "X1", amount: "1", claim_limit: 1, expires_at: inAnHour(), extra: 1 },
        "Unexpected field: extra.",
      ],
      [{ amount: "1", claim_limit: 1, expires_at: inAnHour() }, "code is required."],
    ];
    for (const [json, message] of bad) {
      const res = await t.request("/adminRoute/giftCodes", { json, cookie: operator.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error_msg).toBe(message);
    }
    const member = await newMember(t);
    const s2 = await snapshot(t);
    const notOp = await t.request("/adminRoute/giftCodes", {
      json: { code: "MINE", amount: "1000", claim_limit: 1, expires_at: inAnHour() },
      cookie: member.cookie,
    });
    expect(notOp.status).toBe(403);
    expect(await snapshot(t)).toEqual(s2);
    // None of the refused requests wrote a code or an audit record.
    expect(s2.counts!.gift_codes).toBe(before.counts!.gift_codes);
    expect(s2.counts!.audit).toBe(before.counts!.audit);
  });
});
