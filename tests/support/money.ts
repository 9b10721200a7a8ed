import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { createMember, hashPassword } from "../../api/accounts/accounts";
import { createSession } from "../../api/sessions/sessions";
import { creditEarning, type EarningSource } from "../../api/ledger/earnings";
import { checkLedgerInvariant, memberBalances } from "../../api/ledger/ledger";
import { withdrawals } from "../../api/db/schema";
import { convertBalance } from "../../api/withdrawals/conversions";
import type { TestApi } from "./api";
import type { OperatorRole } from "../../shared/operatorRoles";

/** Fixtures for the money tests: members with sessions, earnings, payout methods, and ledger checks. */
export interface TestMember {
  id: string;
  userName: string;
  email: string;
  /** The member's password (changing payout details asks for it). */
  password: string;
  cookie: string;
}

/** The password of test members that are not given one; hashed once, as argon2 is slow on purpose. */
export const TEST_MEMBER_PASSWORD = "test-member-password-1";
let testMemberHash: Promise<string> | undefined;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

export async function newMember(
  t: TestApi,
  /** `password: null` makes a member without a password, as a Google sign-up is. */
  opts: {
    password?: string | null;
    referredBy?: string;
    role?: "member" | "operator";
    /** An operator's roles (an operator without them is an owner). */
    operatorRoles?: OperatorRole[];
    email?: string;
  } = {},
): Promise<TestMember> {
  const email = opts.email ?? `m${unique()}@example.com`;
  const password = opts.password ?? TEST_MEMBER_PASSWORD;
  const m = await createMember(t.deps.db, {
    name: "Test Member",
    email,
    passwordHash:
      opts.password === null
        ? null
        : opts.password
          ? await hashPassword(opts.password)
          : await (testMemberHash ??= hashPassword(password)),
    referredBy: opts.referredBy,
    role: opts.role,
    operatorRoles: opts.operatorRoles,
  });
  // An operator's session is one that passed the second factor, as the real sign-in makes it.
  const { token } = await createSession(t.deps.db, m.id, false, new Date(), {
    secondFactor: opts.role === "operator",
  });
  return { id: m.id, userName: m.userName, email: m.email, password, cookie: `sid=${token}` };
}

export const newOperator = (t: TestApi, operatorRoles?: OperatorRole[]) =>
  newMember(t, { role: "operator", operatorRoles });

/** Another session for the same member (to see which sessions survive a password change). */
export async function anotherSession(t: TestApi, userId: string): Promise<string> {
  const { token } = await createSession(t.deps.db, userId, false);
  return `sid=${token}`;
}

/** Gives a member withdrawable money the way the product does: an earning through creditEarning. */
export async function giveEarning(
  t: TestApi,
  userId: string,
  milli: number,
  source: EarningSource = "ptc_ads",
) {
  return t.deps.db.transaction((tx) =>
    creditEarning(tx, { userId, source, amount: milli, idempotencyKey: `test-earning:${unique()}` }),
  );
}

/** `rupees` of deposit balance: task-wall earnings converted (withdrawable to deposit is free). */
export async function giveDeposit(t: TestApi, userId: string, rupees: number) {
  await giveEarning(t, userId, rupees * 1000, "offerWall");
  await convertBalance(t.deps.db, { userId, rupees, direction: "withdrawToDeposit" });
}

export async function balances(t: TestApi, userId: string) {
  return memberBalances(t.deps.db, userId);
}

export async function addPayoutMethod(t: TestApi, operator: TestMember, name: string, minimumRupees: number) {
  const res = await t.request("/adminRoute/payoutMethods", {
    json: { name, details: `${name} details`, minimum_amount: minimumRupees },
    cookie: operator.cookie,
  });
  expect(res.body).toEqual({ success: true, msg: "Payout method saved." });
}

/**
 * Binds a payout account through the profile. Each member's own by default: one account bound by
 * several members is a risk signal (issue 21) that would hold their withdrawals.
 */
export async function bindPayout(
  t: TestApi,
  member: TestMember,
  method: string,
  info = `${member.userName}@upi`,
) {
  const res = await t.request("/userRoute/userProfileData_patch", {
    method: "PATCH",
    obj: {
      name: "Test Member",
      address: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      zip_code: "411001",
      mobile_number: 9876543210,
      withdrawal_method: method,
      withdrawal_account_information: info,
      current_password: member.password,
    },
    cookie: member.cookie,
  });
  expect(res.body).toEqual({ success: true, msg: "Profile Updated Successfully!" });
}

/** The member, with no withdrawal yet, asks to withdraw `rupees` by `method`; answers its id (Pending). */
export async function pendingWithdrawal(
  t: TestApi,
  member: TestMember,
  method: string,
  rupees: number,
): Promise<string> {
  const res = await t.request("/userAmount/userWithdrawal_record_post", {
    obj: { balance: rupees, type: method },
    cookie: member.cookie,
  });
  expect(res.status).toBe(200);
  return (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id)))[0]!.id;
}

export function inAnHour(): string {
  return new Date(Date.now() + 60 * 60 * 1000).toISOString();
}

export async function createGiftCode(
  t: TestApi,
  operator: TestMember,
  input: { code?: string; amount: string; claim_limit: number; expires_at?: string },
): Promise<string> {
  const code = input.code ?? `GIFT${unique().toUpperCase()}`;
  const res = await t.request("/adminRoute/giftCodes", {
    json: {
      code,
      amount: input.amount,
      claim_limit: input.claim_limit,
      expires_at: input.expires_at ?? inAnHour(),
    },
    cookie: operator.cookie,
  });
  expect(res.body).toEqual({ success: true, msg: "Gift code created." });
  return code.trim().toUpperCase();
}

/** The ledger invariant every money test ends with: sums to zero, nothing illegally negative, every entry balanced. */
export async function expectLedgerConsistent(t: TestApi) {
  expect(await checkLedgerInvariant(t.deps.db)).toEqual({ total: 0, negative: [], unbalancedEntries: 0 });
}

const rowsOf = (r: unknown) =>
  ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/**
 * Everything a money request could write, as one comparable value: row counts of the money and
 * account tables, every ledger balance, and the members' editable fields.
 */
export async function snapshot(t: TestApi) {
  const db = t.deps.db;
  const counts = rowsOf(
    await db.execute(sql`select
      (select count(*)::int from withdrawals) as withdrawals,
      (select count(*)::int from conversions) as conversions,
      (select count(*)::int from gift_codes) as gift_codes,
      (select count(*)::int from gift_code_claims) as gift_code_claims,
      (select coalesce(sum(claimed_count), 0)::int from gift_codes) as claimed,
      (select count(*)::int from journal_entries) as entries,
      (select count(*)::int from journal_lines) as lines,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from account_tokens) as tokens,
      (select count(*)::int from sessions) as sessions,
      (select count(*)::int from payout_methods) as methods,
      (select count(*)::int from settings) as settings`),
  )[0];
  const accounts = rowsOf(
    await db.execute(sql`select id, balance::text as balance from ledger_accounts order by id`),
  );
  const members = rowsOf(
    await db.execute(
      sql`select id, name, email, password_hash, mobile_number::text as mobile, address, city, state, zip_code, payout_method_id, payout_account_info, role from users order by id`,
    ),
  );
  const statuses = rowsOf(await db.execute(sql`select id, status, remark from withdrawals order by id`));
  const methods = rowsOf(await db.execute(sql`select * from payout_methods order by id`));
  return { counts, accounts, members, statuses, methods, mails: t.mails.length };
}

let campaigns = 0;
/** A valid campaign for `POST /advertiserRoute/advertiserDataPost`: a window ad, 100 views, 10 s each. */
export const campaignDraft = (over: Record<string, unknown> = {}) => ({
  selectedOption_state: "window",
  step_2_title: `Ad ${++campaigns}`,
  step_2_url: "https://example.com/landing",
  step_2_description: "A landing page",
  step_3_duration: "10-0.050",
  step_3_total_views: 100,
  step_3_interval_in_hours: 24,
  step_3_enableLimit: false,
  step_3_limitViewsPerDay: "",
  step_4_subTotal: "999.000",
  ...over,
});
