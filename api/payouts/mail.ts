import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { payouts, users, withdrawals } from "../db/schema";
import type { Mailer } from "../site/mailer";
import { mailWords } from "../lib/mailWords";
import { formatRupees } from "../../shared/money";
import { log } from "../../shared/log.server";

/**
 * The member hears how their withdrawal ended (issue 42): paid — by the provider, a bank file or
 * by hand — with the bank's reference (UTR), or not paid, with the reason and the amount back in
 * their withdrawable balance. In the member's language (api/lib/mailWords.ts). Sent after the
 * commit of the status that moved the withdrawal (apply.ts), which happens once per outcome: a
 * repeated webhook, a second reconciler look or a second operator finds the status taken and
 * mails nothing. A mail that fails is logged; the outcome stands.
 */

export type PayoutMailDeps = { db: Db; mailer: Mailer; config: Pick<Config, "SITE_NAME"> };

/** What a final status did to a withdrawal, for its mail. */
export interface PayoutOutcome {
  kind: "paid" | "failed";
  payoutId: string;
  utr: string | null;
  reason: string | null;
}

export async function mailPayoutOutcome(deps: PayoutMailDeps, outcome: PayoutOutcome): Promise<void> {
  try {
    const [row] = await deps.db
      .select({
        amount: payouts.amount,
        email: users.email,
        name: users.name,
        userName: users.userName,
        language: users.language,
        methodName: withdrawals.methodName,
        accountInfo: withdrawals.accountInfo,
      })
      .from(payouts)
      .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(eq(payouts.id, outcome.payoutId));
    if (!row?.email) return;
    const words = mailWords(row.language);
    const site = deps.config.SITE_NAME;
    const amount = formatRupees(row.amount);
    const account = `${row.methodName} ${row.accountInfo}`.trim();
    const lines =
      outcome.kind === "paid"
        ? [
            words.hello(row.name?.trim() || row.userName),
            words.payoutPaid.paid(amount, account),
            ...(outcome.utr ? [words.payoutPaid.utr(outcome.utr)] : []),
            words.payoutPaid.seeOnPage,
          ]
        : [
            words.hello(row.name?.trim() || row.userName),
            words.payoutFailed.failed(amount, account),
            words.payoutFailed.reason(outcome.reason ?? ""),
            words.payoutFailed.returned(amount),
            words.payoutFailed.checkDetails,
          ];
    await deps.mailer.send({
      to: row.email,
      subject: outcome.kind === "paid" ? words.payoutPaid.subject(site) : words.payoutFailed.subject(site),
      text: lines.join("\n\n"),
    });
  } catch (e) {
    log.error({ err: e }, `payouts: the outcome mail of ${outcome.payoutId} failed`);
  }
}
