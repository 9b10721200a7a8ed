import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  type TestMember,
} from "../support/money";
import {
  auditLog,
  journalEntries,
  journalLines,
  taxWithholdings,
  users,
  withdrawals,
} from "../../api/db/schema";
import { PLATFORM, memberAccount, postEntry } from "../../api/ledger/ledger";
import { yearlyIncome } from "../../api/tax/totals";
import { erasePan } from "../../api/tax/pan";
import { taxDataOf } from "../../api/tax/statements";
import {
  DEFAULT_TAX_SETTINGS,
  INCOME_ENTRY_KINDS,
  INCOME_KINDS,
  checkPan,
  financialYearOf,
  quarterOf,
  type TaxSettings,
} from "../../shared/tax";

/** A seeded generator (mulberry32): the same credits on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let keys = 0;

describe.each(drivers("both"))("the payer's tax (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    await addPayoutMethod(t, owner, "UPI", 100);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(t));

  const setTax = (settings: TaxSettings, who: TestMember = owner) =>
    t.request("/adminRoute/tax/settings", { method: "PATCH", json: settings, cookie: who.cookie });
  const enable = async (over: Partial<TaxSettings> = {}) => {
    const res = await setTax({ ...DEFAULT_TAX_SETTINGS, enabled: true, pan_required_above: 0, ...over });
    expect(res.body).toEqual({ success: true, msg: "Tax settings saved." });
  };
  const disable = () => setTax(DEFAULT_TAX_SETTINGS);
  const withdraw = (m: TestMember, rupees: number, requestId?: string) =>
    t.request("/userAmount/userWithdrawal_record_post", {
      obj: { balance: rupees, type: "UPI", ...(requestId ? { request_id: requestId } : {}) },
      cookie: m.cookie,
    });
  const givePan = (m: TestMember, pan: string) =>
    t.request("/userAmount/tax_pan", { obj: { pan }, cookie: m.cookie });
  /** Income of a kind the way the ledger books it (an earning entry, rolled up by ledger_post). */
  const income = async (userId: string, kind: string, milli: number) => {
    await postEntry(t.deps.db, {
      idempotencyKey: `tax-test:${keys++}`,
      kind,
      userId,
      lines: [
        {
          account: kind === "referral_income" ? PLATFORM.promotions : PLATFORM.earningsFunding,
          amount: -milli,
        },
        { account: memberAccount(userId, "withdrawable"), amount: milli },
      ],
    });
  };
  const member = async () => {
    const m = await newMember(t);
    await bindPayout(t, m, "UPI");
    return m;
  };
  const tdsPayable = async () => {
    const [row] = await t.deps.db
      .select({ sum: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
      .from(journalLines)
      .where(eq(journalLines.accountId, PLATFORM.tdsPayable));
    return Number(row!.sum);
  };
  const rowsOf = (userId: string) =>
    t.deps.db
      .select()
      .from(taxWithholdings)
      .where(eq(taxWithholdings.userId, userId))
      .orderBy(taxWithholdings.id);
  const withdrawalsOf = (userId: string) =>
    t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(withdrawals.createdAt);

  it("checks a PAN: five letters, four digits, a letter, the fourth letter P; stored upper case, shown and logged masked", async () => {
    expect(checkPan(" abcpe1234f ")).toEqual({ pan: "ABCPE1234F" });
    expect(checkPan("ABCPE1234")).toHaveProperty("error");
    expect(checkPan("ABCP1E234F")).toHaveProperty("error");
    expect(checkPan("ABCDE1234F")).toEqual({
      error: "Please enter your own PAN: the fourth letter of a person's PAN is P.",
    });
    const m = await newMember(t);
    for (const bad of ["ABCPE1234", "1BCPE1234F", "ABCPE12345", "", "ABCPE-1234F"]) {
      const res = await givePan(m, bad);
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe(
        "Please enter a valid PAN: five letters, four digits, one letter (like ABCPE1234F).",
      );
    }
    const company = await givePan(m, "AAACB1234C");
    expect(company.status).toBe(400);
    expect(company.body.error_msg).toBe(
      "Please enter your own PAN: the fourth letter of a person's PAN is P.",
    );

    expect((await givePan(m, "abcpe1234f")).body).toEqual({ success: true, msg: "ABCPE****F" });
    expect((await givePan(m, "ZZZPZ9999Z")).body).toEqual({ success: true, msg: "ZZZPZ****Z" });
    const page = (await t.request("/userAmount/tax", { cookie: m.cookie })).body.msg;
    expect(page.pan).toBe("ZZZPZ****Z");
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.pan"), eq(auditLog.target, `member:${m.id}`)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ pan: null }, { pan: "ABCPE****F" }],
      [{ pan: "ABCPE****F" }, { pan: "ZZZPZ****Z" }],
    ]);
    expect(JSON.stringify(audits)).not.toContain("1234");
  });

  it("keeps the settings to the owner, audited, and refuses bad ones", async () => {
    const support = await newOperator(t, ["support"]);
    const refused = await setTax({ ...DEFAULT_TAX_SETTINGS, enabled: true }, support);
    expect(refused.status).toBe(403);
    const member = await newMember(t);
    expect((await t.request("/adminRoute/tax/settings", { cookie: member.cookie })).status).toBe(403);
    for (const bad of [
      { ...DEFAULT_TAX_SETTINGS, enabled: "yes" },
      { ...DEFAULT_TAX_SETTINGS, pan_required_above: -1 },
      { ...DEFAULT_TAX_SETTINGS, rules: { ...DEFAULT_TAX_SETTINGS.rules, prize: { basis: "once" } } },
      {
        ...DEFAULT_TAX_SETTINGS,
        rules: {
          ...DEFAULT_TAX_SETTINGS.rules,
          referral: { ...DEFAULT_TAX_SETTINGS.rules.referral, rate_pan_bp: 1.5 },
        },
      },
      { ...DEFAULT_TAX_SETTINGS, extra: 1 },
    ]) {
      const res = await setTax(bad as unknown as TaxSettings);
      expect(res.status).toBe(400);
      expect(typeof res.body.error_msg).toBe("string");
    }
    const read = await t.request("/adminRoute/tax/settings", { cookie: owner.cookie });
    expect(read.body.msg).toEqual(DEFAULT_TAX_SETTINGS);
    await enable();
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.tax"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: owner.id,
      target: "settings:tax",
      before: { tax: DEFAULT_TAX_SETTINGS },
      after: { tax: { ...DEFAULT_TAX_SETTINGS, enabled: true, pan_required_above: 0 } },
    });
    await disable();
  });

  it("keeps each member's yearly totals by kind equal to the journal (seeded random credits)", async () => {
    const m = await newMember(t);
    const random = seeded(44);
    const kinds = ["ptc_ads", "click_short_link", "offerWall", "referral_income", "bettingGames"] as const;
    for (let i = 0; i < 60; i++) {
      const kind = kinds[Math.floor(random() * kinds.length)]!;
      const milli = 1 + Math.floor(random() * 5_000_000);
      await income(m.id, kind, milli);
    }
    // Operators' credits count as adjustments; their debits do not.
    for (const [direction, amount] of [
      ["credit", "12.345"],
      ["debit", "1.000"],
      ["credit", "7.001"],
    ] as const) {
      const res = await t.request(`/adminRoute/members/${m.id}/adjustments`, {
        json: {
          direction,
          balance: "withdrawable",
          amount,
          reason: "Contest",
          requestKey: `tax-adj-${keys++}`,
        },
        cookie: owner.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const fy = financialYearOf(new Date());
    const totals = await yearlyIncome(t.deps.db, m.id, fy);
    for (const k of INCOME_KINDS) {
      const [row] = await t.deps.db
        .select({ sum: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
        .from(journalEntries)
        .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
        .where(
          and(
            eq(journalEntries.userId, m.id),
            sql`${journalEntries.kind} in (${sql.join(
              INCOME_ENTRY_KINDS[k].map((x) => sql`${x}`),
              sql`, `,
            )})`,
            like(journalLines.accountId, `member:${m.id}:%`),
          ),
        );
      expect(totals[k], k).toBe(Number(row!.sum));
    }
    expect(totals.adjustment).toBe(19_346);
    expect(totals.task + totals.referral + totals.prize + totals.adjustment - 1_000).toBe(
      (await balances(t, m.id)).withdrawable,
    );
    const page = (await t.request("/userAmount/tax", { cookie: m.cookie })).body.msg;
    expect(page.totals.map((x: { kind: string }) => x.kind)).toEqual([...INCOME_KINDS]);
    expect(page.enabled).toBe(false);
    expect(page.tax_due).toBe("0.000");
  });

  it("withholds nothing while the rules are off", async () => {
    const m = await member();
    await income(m.id, "referral_income", 30_000_000);
    expect((await withdraw(m, 25_000)).body).toEqual({ success: true, msg: "Withdrawal Successful" });
    expect(await rowsOf(m.id)).toEqual([]);
    expect((await withdrawalsOf(m.id))[0]!.amount).toBe(25_000_000);
  });

  it("withholds referral commission at 2 % (20 % without a PAN) once the year's total passes ₹20,000, exactly", async () => {
    await enable();
    try {
      const atThreshold = await member();
      await income(atThreshold.id, "referral_income", 20_000_000);
      expect((await t.request("/userAmount/tax", { cookie: atThreshold.cookie })).body.msg.tax_due).toBe(
        "0.000",
      );
      expect((await withdraw(atThreshold, 1_000)).status).toBe(200);
      expect(await rowsOf(atThreshold.id)).toEqual([]);

      const withPan = await member();
      await givePan(withPan, "ABCPE1234F");
      await income(withPan.id, "referral_income", 20_000_001);
      const page = (await t.request("/userAmount/tax", { cookie: withPan.cookie })).body.msg;
      expect(page).toMatchObject({
        enabled: true,
        tax_due: "400.001",
        due: [{ kind: "referral", gross: "20000.001", rate_percent: "2.00", tax: "400.001" }],
      });
      const tdsBefore = await tdsPayable();
      expect((await withdraw(withPan, 10_000)).status).toBe(200);
      expect(await tdsPayable()).toBe(tdsBefore + 400_001);
      const [w] = await withdrawalsOf(withPan.id);
      expect(w!.amount).toBe(10_000_000 - 400_001);
      expect(await balances(t, withPan.id)).toEqual({ withdrawable: 10_000_001, deposit: 0 });
      const history = (await t.request("/userAmount/userBalanceData_get", { cookie: withPan.cookie })).body
        .msg;
      expect(history.withdrawal_Records[0]).toMatchObject({
        balance: "9599.999",
        gross: "10000.000",
        tax_withheld: "400.001",
      });
      const now = new Date();
      expect(await rowsOf(withPan.id)).toMatchObject([
        {
          withdrawalId: w!.id,
          kind: "referral",
          gross: 20_000_001,
          tax: 400_001,
          rateBp: 200,
          pan: "ABCPE1234F",
          fy: financialYearOf(now),
          quarter: quarterOf(now),
          refundedAt: null,
        },
      ]);
      // Taxed income is not taxed again; new income above the threshold is.
      expect((await withdraw(withPan, 1_000)).status).toBe(200);
      expect(await rowsOf(withPan.id)).toHaveLength(1);
      await income(withPan.id, "referral_income", 1_000_000);
      expect((await withdraw(withPan, 1_000)).status).toBe(200);
      expect((await rowsOf(withPan.id)).map((r) => [r.gross, r.tax])).toEqual([
        [20_000_001, 400_001],
        [1_000_000, 20_000],
      ]);

      const noPan = await member();
      await income(noPan.id, "referral_income", 25_000_000);
      // The page sends the tax it showed: a different tax due now is refused, nothing written.
      const stale = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 10_000, type: "UPI", tax: "0.000" },
        cookie: noPan.cookie,
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        error_code: "conflict",
        error_msg:
          "The tax on this withdrawal has changed to ₹5,000.000 since it was shown: check the amounts and confirm again.",
      });
      expect(await withdrawalsOf(noPan.id)).toEqual([]);
      const shown = await t.request("/userAmount/userWithdrawal_record_post", {
        obj: { balance: 10_000, type: "UPI", tax: "5000.000" },
        cookie: noPan.cookie,
      });
      expect(shown.status).toBe(200);
      expect((await rowsOf(noPan.id)).map((r) => [r.gross, r.tax, r.rateBp, r.pan])).toEqual([
        [25_000_000, 5_000_000, 2000, null],
      ]);
      expect((await withdrawalsOf(noPan.id))[0]!.amount).toBe(5_000_000);
    } finally {
      await disable();
    }
  });

  it("withholds 30 % on each single prize over ₹10,000, not on smaller ones", async () => {
    await enable();
    try {
      const m = await member();
      await income(m.id, "bettingGames", 10_000_000);
      await income(m.id, "bettingGames", 5_000);
      await income(m.id, "bettingGames", 10_000_001);
      await income(m.id, "ptc_ads", 3_000_000);
      expect((await withdraw(m, 20_000)).status).toBe(200);
      expect((await rowsOf(m.id)).map((r) => [r.kind, r.gross, r.tax, r.rateBp])).toEqual([
        ["prize", 10_000_001, 3_000_001, 3000],
      ]);
      expect((await withdrawalsOf(m.id))[0]!.amount).toBe(20_000_000 - 3_000_001);
    } finally {
      await disable();
    }
  });

  it("returns the tax of a rejected withdrawal once, and taxes the income again at the next", async () => {
    await enable();
    try {
      const m = await member();
      await givePan(m, "ABCPE1234F");
      await income(m.id, "referral_income", 30_000_000);
      expect((await withdraw(m, 10_000)).status).toBe(200);
      const [w] = await withdrawalsOf(m.id);
      const tds = await tdsPayable();
      const reject = () =>
        t.request(`/adminRoute/withdrawals/${w!.id}/settle`, {
          json: { action: "reject", remark: "UPI id not found" },
          cookie: owner.cookie,
        });
      expect((await reject()).status).toBe(200);
      expect((await reject()).status).toBe(409);
      expect(await balances(t, m.id)).toEqual({ withdrawable: 30_000_000, deposit: 0 });
      expect(await tdsPayable()).toBe(tds - 600_000);
      const [row] = await rowsOf(m.id);
      expect(row!.refundedAt).not.toBeNull();
      const refunds = await t.deps.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, `tax-refund:${w!.id}`));
      expect(refunds).toHaveLength(1);
      // The refunded income counts as untaxed again.
      expect((await withdraw(m, 10_000)).status).toBe(200);
      expect((await rowsOf(m.id)).filter((r) => r.refundedAt === null).map((r) => r.tax)).toEqual([600_000]);
    } finally {
      await disable();
    }
  });

  it("asks for a PAN once the year's withdrawals pass the owner's threshold, and refuses a tax above the amount", async () => {
    await enable({ pan_required_above: 1_000_000 });
    try {
      const m = await member();
      await giveEarning(t, m.id, 5_000_000);
      expect((await withdraw(m, 600)).status).toBe(200);
      const refused = await withdraw(m, 500);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error_code: "pan_required",
        error_msg:
          "Please add your PAN on the Tax page before withdrawing: it is needed once your withdrawals this financial year pass ₹1,000.000.",
      });
      expect(await withdrawalsOf(m.id)).toHaveLength(1);
      await givePan(m, "ABCPE1234F");
      expect((await withdraw(m, 500)).status).toBe(200);

      const big = await member();
      await givePan(big, "ABCPE1234F");
      await income(big.id, "bettingGames", 50_000_000);
      const before = await balances(t, big.id);
      const tooSmall = await withdraw(big, 15_000);
      expect(tooSmall.status).toBe(400);
      expect(tooSmall.body.error_code).toBe("tax_exceeds_amount");
      expect(await balances(t, big.id)).toEqual(before);
      expect(await rowsOf(big.id)).toEqual([]);
    } finally {
      await disable();
    }
  });

  it("gives the owner a quarter's CSV (PAN whole, formulas defused) and each member their certificate", async () => {
    await enable();
    try {
      const m = await member();
      await t.deps.db.update(users).set({ name: "=HYPERLINK(1)" }).where(eq(users.id, m.id));
      await givePan(m, "ABCPE1234F");
      await income(m.id, "referral_income", 21_000_000);
      expect((await withdraw(m, 1_000)).status).toBe(200);
      const other = await member();
      await income(other.id, "referral_income", 21_000_000);
      expect((await withdraw(other, 5_000)).status).toBe(200);

      const now = new Date();
      const fy = financialYearOf(now);
      const quarter = quarterOf(now);
      const support = await newOperator(t, ["support"]);
      const path = `/adminRoute/tax/statement?fy=${fy}&quarter=${quarter}`;
      expect((await t.request(path, { cookie: support.cookie })).status).toBe(403);
      expect(
        (await t.request(`/adminRoute/tax/statement?fy=2026-28&quarter=1`, { cookie: owner.cookie })).status,
      ).toBe(400);
      expect(
        (await t.request(`/adminRoute/tax/statement?fy=${fy}&quarter=5`, { cookie: owner.cookie })).status,
      ).toBe(400);
      const payouts = await newOperator(t, ["payouts"]);
      const res = await t.request(path, { cookie: payouts.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      const csv = String(res.body);
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe(
        "member_id,member_name,pan,income_kind,gross_rupees,rate_percent,tax_rupees,withdrawal_id,withheld_on",
      );
      const [w] = await withdrawalsOf(m.id);
      expect(lines).toContain(
        `${m.id},'=HYPERLINK(1),ABCPE1234F,referral,21000.000,2.00,420.000,${w!.id},${new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10)}`,
      );
      const [ow] = await withdrawalsOf(other.id);
      expect(lines.find((l) => l.includes(ow!.id))).toContain(",,referral,21000.000,20.00,4200.000,");

      const cert = await t.request(`/userAmount/tax_certificate?fy=${fy}&quarter=${quarter}`, {
        cookie: m.cookie,
      });
      expect(cert.body.msg).toMatchObject({
        fy,
        quarter,
        member_id: m.id,
        pan: ["ABCPE****F"],
        rows: [
          {
            kind: "referral",
            gross: "21000.000",
            rate_percent: "2.00",
            tax: "420.000",
            withdrawal_id: w!.id,
          },
        ],
        total_gross: "21000.000",
        total_tax: "420.000",
      });
      expect(JSON.stringify(cert.body)).not.toContain(ow!.id);
      const page = (await t.request("/userAmount/tax", { cookie: m.cookie })).body.msg;
      expect(page.certificates).toEqual([{ fy, quarter, tax: "420.000" }]);
      expect(
        (await t.request(`/userAmount/tax_certificate?fy=x&quarter=1`, { cookie: m.cookie })).status,
      ).toBe(400);

      // The export holds the member's own tax data, masked; erasure takes the PAN from the profile
      // and keeps the withholdings (tax records).
      const exported = await taxDataOf(t.deps.db, m.id);
      expect(exported.pan).toBe("ABCPE****F");
      expect(exported.withholdings).toMatchObject([
        { withdrawal_id: w!.id, tax: "420.000", pan: "ABCPE****F" },
      ]);
      expect(JSON.stringify(exported)).not.toContain("ABCPE1234F");
      expect(JSON.stringify(exported)).not.toContain(ow!.id);
      await t.deps.db.transaction((tx) => erasePan(tx, m.id));
      expect((await taxDataOf(t.deps.db, m.id)).pan).toBeNull();
      expect(await rowsOf(m.id)).toHaveLength(1);
    } finally {
      await disable();
    }
  });
});
