import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { preparedPerDatabase, type Db, type Tx } from "../db/client";
import { pageRows } from "../db/paging";
import { ledgerAccounts, payoutMethods, settings, taxWithholdings, users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { PAGE_SIZE, pageOf } from "../../shared/pagination";
import { newId } from "../lib/ids";
import { milliToRupeeString, parseWholeRupees, rupeesToMilli } from "../../shared/money";
import { hasDueCredits, releaseDueCredits } from "../ledger/holds";
import { REVIEW_MESSAGES, assertWaitingPeriodOver, reviewColumns } from "./review";
import { WITHDRAW_MESSAGES } from "./messages";
import { riskPolicyOf } from "../risk/policy";
import { taxSettings } from "../tax/settings";
import { panOf } from "../tax/pan";
import { assertPanWhereRequired } from "../tax/withholding";
import { requestTaxedWithdrawal, type TaxedRequest } from "./taxed";
import { answerFailedRequest, inDebt } from "./refusals";
import {
  PLATFORM,
  debtAccount,
  insertAndPost,
  insertAndPostStatement,
  memberAccount,
  memberBalances,
} from "../ledger/ledger";

/**
 * A member-typed amount of more than ₹0 (shared/money parseWholeRupees, the pages' own check):
 * anything else (missing, zero, a fraction, a sign, too much) gets `message`.
 */
export const wholeRupees = (message: string) =>
  z.unknown().transform((v, ctx) => {
    const n = parseWholeRupees(v);
    if (n === null || n === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, params: { error_code: "invalid_amount" } });
      return z.NEVER;
    }
    return n;
  });

/** Whole rupees or 0 (an operator's limit where 0 means "none"). */
export const wholeRupeesOrZero = (message: string) =>
  z.unknown().transform((v, ctx) => {
    if (v === 0 || v === "0") return 0;
    const n = parseWholeRupees(v);
    if (n === null || n === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, params: { error_code: "invalid_input" } });
      return z.NEVER;
    }
    return n;
  });

/** Optional client request id: a double-submitted form carries the same one and has one effect. */
export function requestKeyOf(requestId: string | undefined): string | null {
  return requestId && requestId.length > 0 ? requestId : null;
}

/** The member's bound payout method and account (a left join: the method may be gone). */
const BOUND_PAYOUT = {
  methodId: users.payoutMethodId,
  accountInfo: users.payoutAccountInfo,
  methodName: payoutMethods.name,
  methodNameHi: payoutMethods.nameHi,
  minimum: payoutMethods.minimumAmount,
  active: payoutMethods.active,
};

async function boundPayout(db: Db, userId: string) {
  const [row] = await db
    .select(BOUND_PAYOUT)
    .from(users)
    .leftJoin(payoutMethods, eq(payoutMethods.id, users.payoutMethodId))
    .where(eq(users.id, userId));
  return row;
}

/**
 * A withdrawal's row, and its entry when it was inserted (insertAndPost). Its review marks and
 * score are read as the row is written: they include the signals recorded just before.
 */
const insertWithdrawal = insertAndPostStatement<{
  id: string;
  userId: string;
  amount: number;
  methodName: string;
  accountInfo: string;
  requestKey: string | null;
  deviceId: string | null;
  ip: string | null;
  createdAt: Date;
}>((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(withdrawals)
    .values({
      id: p("id"),
      userId: p("userId"),
      amount: p("amount"),
      methodName: p("methodName"),
      accountInfo: p("accountInfo"),
      requestKey: p("requestKey"),
      ...reviewColumns(p("userId")),
      deviceId: p("deviceId"),
      ip: p("ip"),
      createdAt: p("createdAt"),
    })
    .onConflictDoNothing()
    .returning({ id: withdrawals.id });
});

/**
 * A member asks to be paid: checks in the spec's order (bound, method, minimum, balance), then
 * one transaction moves the amount from the withdrawable balance to pending payouts and records
 * the Pending withdrawal. The ledger's conditional update is the real balance check, so parallel
 * requests can never take more than the balance.
 */
export async function requestWithdrawal(
  db: Db,
  input: {
    userId: string;
    rupees: number;
    type: string | undefined;
    requestId?: string;
    /** The tax the member was shown (milli-rupees): a different tax due now refuses the request. */
    shownTax?: number;
    /** Where the request came from, kept with it. */
    origin?: { deviceId: string | null; ip: string | null };
    /**
     * Runs once the request passed its checks, before it is created: the caller records the
     * request's risk signals there (withdrawals/signals.ts), so a score they push past the hold
     * threshold holds this request too and marks it for review.
     */
    beforeCreate?: (bound: { methodName: string; accountInfo: string }) => Promise<void>;
    now?: Date;
  },
): Promise<{ id: string; duplicate: boolean }> {
  const now = input.now ?? new Date();
  const requestKey = requestKeyOf(input.requestId);
  /**
   * The withdrawal this request id made already (a double submit), if any: the same request
   * (amount and method) is answered as the first was; the id reused with another amount or
   * method is refused (409 conflict), never taken for the first request's success.
   */
  const madeAlready = async (reader: Db | Tx = db) => {
    if (!requestKey) return null;
    const [existing] = await reader
      .select({
        id: withdrawals.id,
        amount: withdrawals.amount,
        methodName: withdrawals.methodName,
        // The tax withheld from it (issue 44 §6): the member asked for the net plus the tax.
        tax: sql<string>`(select coalesce(sum(t.tax), 0) from ${taxWithholdings} t where t.withdrawal_id = ${withdrawals}.id)`,
      })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, input.userId), eq(withdrawals.requestKey, requestKey)));
    if (!existing) return null;
    const gross = existing.amount + Number(existing.tax);
    if (gross !== rupeesToMilli(input.rupees) || existing.methodName !== input.type)
      throw new DomainError("conflict", WITHDRAW_MESSAGES.keyReused);
    return { id: existing.id, duplicate: true as const };
  };
  const look = await withdrawalLook(db, input.userId, requestKey, now);
  if (look?.existingId) {
    const twin = await madeAlready();
    if (twin) return twin;
  }

  // A member who owes (a reversed task-wall credit) withdraws nothing until earnings repay it.
  if (look && look.owed > 0) throw inDebt(look.owed);

  const info = look?.accountInfo?.trim() ?? "";
  if (!look?.methodId && !info)
    throw new DomainError("bind_payment", WITHDRAW_MESSAGES.notBound, { bind_payment: true });
  if (!look?.methodName || !look.active || !info || !input.type || input.type !== look.methodName) {
    throw new DomainError("payment_method", WITHDRAW_MESSAGES.bindAgain);
  }
  const amount = rupeesToMilli(input.rupees);
  const minimum = look.minimum ?? 0;
  if (amount < minimum)
    throw new DomainError("invalid_amount", WITHDRAW_MESSAGES.minimum(look.methodName, minimum));
  assertWaitingPeriodOver(riskPolicyOf(look.riskPolicy), look.createdAt, now);
  // Held task-wall credits whose hold has passed count before the balance is read.
  const withdrawable = look.due
    ? (await releaseDueCredits(db, { userId: input.userId, now }),
      (await memberBalances(db, input.userId)).withdrawable)
    : look.withdrawable;
  if (amount > withdrawable) {
    // A double submit that went through since the first look took the balance: the same answer.
    const twin = await madeAlready();
    if (twin) return twin;
    throw new DomainError("insufficient_balance", WITHDRAW_MESSAGES.insufficient(withdrawable));
  }

  // The payer's tax (issue 44 §6, api/tax): with the owner's rules on, a request that needs a PAN
  // first is refused before its signals are recorded, and the request is made in a transaction of
  // its own that withholds the tax due (./taxed.ts).
  const tax = await taxSettings(db);
  if (tax.enabled) {
    await assertPanWhereRequired(db, {
      userId: input.userId,
      gross: amount,
      pan: await panOf(db, input.userId),
      now,
      settings: tax,
    });
  }

  await input.beforeCreate?.({ methodName: look.methodName, accountInfo: info });

  const id = newId();
  const methodName = look.methodName;
  if (tax.enabled) {
    const request: TaxedRequest = {
      id,
      userId: input.userId,
      amount,
      methodName,
      accountInfo: info,
      requestKey,
      deviceId: input.origin?.deviceId ?? null,
      ip: input.origin?.ip ?? null,
      now,
      settings: tax,
      shownTax: input.shownTax,
    };
    return requestTaxedWithdrawal(db, request, madeAlready);
  }
  try {
    // One statement: the row, then the entry, which reads the debt again under its lock: a
    // reversal that committed since the look above counts, and undoes this request.
    const inserted = await insertAndPost(
      db,
      insertWithdrawal,
      {
        id,
        userId: input.userId,
        amount,
        methodName,
        accountInfo: info,
        requestKey,
        deviceId: input.origin?.deviceId ?? null,
        ip: input.origin?.ip ?? null,
        createdAt: now,
      },
      {
        keyPrefix: "withdrawal:",
        kind: "withdrawal",
        userId: input.userId,
        lines: [
          { account: memberAccount(input.userId, "withdrawable"), amount: -amount },
          { account: PLATFORM.pendingPayouts, amount },
        ],
      },
      [memberAccount(input.userId, "withdrawable")],
      debtAccount(input.userId),
    );
    if (inserted) return { id, duplicate: false };
    // Another request with this id was created meanwhile (its key is unique per member).
    const twin = await madeAlready();
    if (twin) return twin;
    throw new Error("a withdrawal was not created and no twin holds its request id");
  } catch (e) {
    return answerFailedRequest(db, input.userId, e, madeAlready);
  }
}

/**
 * What a withdrawal request checks, in one read: the request id's withdrawal (a double submit),
 * the debt, the bound payout method, the member's creation time, whether held credits are due,
 * and the withdrawable balance.
 */
async function withdrawalLook(db: Db, userId: string, requestKey: string | null, now: Date) {
  const [row] = await lookQuery(db).execute({
    userId,
    requestKey,
    debtAccount: debtAccount(userId),
    withdrawableAccount: memberAccount(userId, "withdrawable"),
    now: now.toISOString(),
  });
  if (!row) return undefined;
  return Object.assign({}, row, {
    owed: Math.max(0, -Number(row.debt ?? 0)),
    withdrawable: Number(row.withdrawable ?? 0),
  });
}

/** withdrawalLook's query, built once per database (it runs on every withdrawal request). */
const lookQuery = preparedPerDatabase((db) => {
  const balanceOf = (account: string) =>
    sql<
      string | null
    >`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${sql.placeholder(account)})`;
  return db
    .select({
      // No request id: a null placeholder, which matches no row.
      existingId: sql<
        string | null
      >`(select ${withdrawals.id} from ${withdrawals} where ${withdrawals.userId} = ${users.id} and ${withdrawals.requestKey} = ${sql.placeholder("requestKey")})`,
      debt: balanceOf("debtAccount"),
      withdrawable: balanceOf("withdrawableAccount"),
      due: hasDueCredits(sql.placeholder("now"), users.id),
      createdAt: users.createdAt,
      // The operators' risk policy (its waiting period for new accounts), when ever saved.
      riskPolicy: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = 'risk_policy')`,
      ...BOUND_PAYOUT,
    })
    .from(users)
    .leftJoin(payoutMethods, eq(payoutMethods.id, users.payoutMethodId))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("withdrawal_look");
});

const recordOf = (w: typeof withdrawals.$inferSelect & { tax: string }) => ({
  _id: w.id,
  balance: milliToRupeeString(w.amount),
  // The payer's tax (issue 44 §6): what was asked for, and the tax deducted from it (`balance` is the net).
  gross: milliToRupeeString(w.amount + Number(w.tax)),
  tax_withheld: milliToRupeeString(Number(w.tax)),
  type: w.methodName,
  time: w.createdAt.toISOString(),
  withdrawal_status: w.status,
  remark: w.remark ?? "",
});

/** The withdrawal page's data: balances, the bound method and one page of the member's history, newest first. */
export async function withdrawalSummary(db: Db, userId: string, requestedPage = 1, now = new Date()) {
  // Held task-wall credits whose hold has passed are withdrawable now: release them first.
  await releaseDueCredits(db, { userId, now });
  const balances = await memberBalances(db, userId);
  const bound = await boundPayout(db, userId);
  const [totals] = await db
    .select({
      pending: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'Pending'), 0)`,
      paid: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'Success'), 0)`,
      count: sql<number>`count(*)::int`,
      inReview: sql<number>`count(*) filter (where ${withdrawals.status} = 'Pending' and ${withdrawals.reviewReasons} <> '[]'::jsonb)::int`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  const pagination = pageOf(requestedPage, PAGE_SIZE.withdrawals, Number(totals?.count ?? 0));
  const records = await pageRows(
    db
      .select({
        ...getTableColumns(withdrawals),
        tax: sql<string>`(select coalesce(sum(t.tax), 0) from ${taxWithholdings} t where t.withdrawal_id = ${withdrawals}.id)`,
      })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
    pagination,
  );
  return {
    withdrawable: balances.withdrawable,
    deposit: balances.deposit,
    pending: Number(totals?.pending ?? 0),
    paid: Number(totals?.paid ?? 0),
    methodName: bound?.methodName ?? null,
    methodNameHi: bound?.methodNameHi ?? null,
    accountInfo: bound?.accountInfo ?? null,
    minimum: bound?.minimum ?? null,
    records: records.map(recordOf),
    pagination,
    reviewMessage: Number(totals?.inReview ?? 0) > 0 ? REVIEW_MESSAGES.underReview : null,
  };
}

export type WithdrawalStatusFilter = "Pending" | "Success" | "Reject" | "all";
