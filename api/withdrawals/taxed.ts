import type { Db } from "../db/client";
import { withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import type { TaxSettings } from "../../shared/tax";
import { PLATFORM, debtAccount, lockAccounts, memberAccount, postChecked } from "../ledger/ledger";
import { TAX_MESSAGES, assertPanWhereRequired, quoteTax, recordWithholding } from "../tax/withholding";
import { panOf } from "../tax/pan";
import { reviewColumns } from "./review";
import { answerFailedRequest, type Twin } from "./refusals";

/** A withdrawal request that passed its checks, to be made with the tax rules on. */
export interface TaxedRequest {
  id: string;
  userId: string;
  /** What the member asked for (milli-rupees): the gross, taken from the withdrawable balance. */
  amount: number;
  methodName: string;
  accountInfo: string;
  requestKey: string | null;
  deviceId: string | null;
  ip: string | null;
  now: Date;
  settings: TaxSettings;
  /** The tax the member was shown on the confirm step, when the page sent it. */
  shownTax?: number;
}

/**
 * A withdrawal with the payer's tax (issue 44 §6, docs/decisions/0034): one transaction that
 * first locks the member's debt and withdrawable accounts — so two requests of one member, and
 * any credit to them, take turns: the second reads the first's withholding and never taxes the
 * same income twice — then, under the lock, answers a double submit as the first, checks the PAN
 * rule again, computes the tax due, and writes the withdrawal (its amount the net, what pending
 * payouts hold and the payout sends), the one entry (withdrawable −gross, pending payouts +net,
 * tds_payable +tax) and the withholding rows. Any refusal rolls all of it back.
 */
export async function requestTaxedWithdrawal(
  db: Db,
  r: TaxedRequest,
  madeAlready: Twin,
): Promise<{ id: string; duplicate: boolean }> {
  const withdrawable = memberAccount(r.userId, "withdrawable");
  const debt = debtAccount(r.userId);
  try {
    const made = await db.transaction(async (tx) => {
      await lockAccounts(tx, [debt, withdrawable]);
      if (r.requestKey) {
        const twin = await madeAlready(tx);
        if (twin) return twin;
      }
      const pan = await panOf(tx, r.userId);
      await assertPanWhereRequired(tx, {
        userId: r.userId,
        gross: r.amount,
        pan,
        now: r.now,
        settings: r.settings,
      });
      const quote = await quoteTax(tx, r.userId, r.now, r.settings);
      if (r.shownTax !== undefined && r.shownTax !== quote.tax)
        throw new DomainError("conflict", TAX_MESSAGES.taxChanged(quote.tax));
      if (quote.tax >= r.amount)
        throw new DomainError("tax_exceeds_amount", TAX_MESSAGES.taxExceedsAmount(quote.tax));
      const net = r.amount - quote.tax;
      const inserted = await tx
        .insert(withdrawals)
        .values({
          id: r.id,
          userId: r.userId,
          amount: net,
          methodName: r.methodName,
          accountInfo: r.accountInfo,
          requestKey: r.requestKey,
          ...reviewColumns(r.userId),
          deviceId: r.deviceId,
          ip: r.ip,
          createdAt: r.now,
        })
        .onConflictDoNothing()
        .returning({ id: withdrawals.id });
      if (inserted.length === 0) return null;
      await postChecked(
        tx,
        {
          idempotencyKey: `withdrawal:${r.id}`,
          kind: "withdrawal",
          userId: r.userId,
          lines: [
            { account: withdrawable, amount: -r.amount },
            { account: PLATFORM.pendingPayouts, amount: net },
            { account: PLATFORM.tdsPayable, amount: quote.tax },
          ],
        },
        debt,
      );
      await recordWithholding(tx, { userId: r.userId, withdrawalId: r.id, quote, now: r.now });
      return { id: r.id, duplicate: false };
    });
    if (made) return made;
    const twin = await madeAlready();
    if (twin) return twin;
    throw new Error("a withdrawal was not created and no twin holds its request id");
  } catch (e) {
    return answerFailedRequest(db, r.userId, e, madeAlready);
  }
}
