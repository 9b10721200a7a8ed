import type { ReactNode } from "react";
import { Figure } from "./figure";
import type {
  PayoutChannel,
  PayoutMode,
  PayoutStatus,
  PayoutTotals,
} from "../../../shared/contracts/payouts";
import type { OperatorWithdrawal } from "../../../shared/contracts/withdrawals";
import { formatRupees, parseRupees, rupees } from "../../../shared/money";

/**
 * The lines of a request in the operator's withdrawal queue (admin+/withdrawals): its payout and
 * debt lines (issues 22, 42) and the payout figures. The confirm steps and the selection form are
 * in payout-forms.tsx, the risk line and its confirm step in payout-risk.tsx, what the actions
 * answered in payout-outcomes.tsx. Everything is a plain form, so it works before (and without) scripts.
 */

/** The attempt's status in words (the provider's, or the bank file's). */
export const PAYOUT_STATUS_WORDS: Record<PayoutStatus, string> = {
  created: "Created, waiting for RazorpayX's answer",
  sent: "In a bank file, waiting for the bank's result",
  queued: "Queued at RazorpayX",
  pending: "Pending at RazorpayX",
  processing: "Processing",
  processed: "Processed",
  reversed: "Reversed by the bank",
  failed: "Failed",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** How an attempt went out, in words. */
const CHANNEL_WORDS: Record<PayoutChannel, string> = {
  razorpayx: "RazorpayX",
  bank_file: "bank file",
  manual: "paid by hand",
};

/** Where the request stands on its way out, in one line. */
export function stageWords(r: OperatorWithdrawal, mode: PayoutMode): string {
  switch (r.payout_stage) {
    case "waiting":
      return mode === "razorpayx"
        ? "Not sent yet: approving sends it through RazorpayX"
        : "Not paid yet: mark it paid once you paid it, or put it in a bank file";
    case "second_approval":
      return `Approved by ${r.approved_by ?? "an operator"} — waiting for a second operator`;
    case "in_flight":
      return r.payout?.channel === "bank_file"
        ? "In flight: in a bank file, waiting for the bank's result"
        : "In flight: sent to RazorpayX, waiting for its final status";
    case "failed":
      return "Payout failed: the amount went back to the member";
    case "paid":
      return r.payout?.channel === "manual" ? "Paid by hand" : "Paid";
    case "manual":
      return r.withdrawal_status === "Reject" ? "Rejected by an operator" : "Settled by hand";
  }
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline text-slate-600">{label}: </dt>
      <dd className="inline break-all">{children}</dd>
    </div>
  );
}

/** The request's payout: stage, the latest attempt's status, UTR, reason, number and channel. */
export function PayoutLine({ r, mode }: { r: OperatorWithdrawal; mode: PayoutMode }) {
  const p = r.payout;
  const tone =
    r.payout_stage === "failed"
      ? "bg-red-50 ring-red-200"
      : r.payout_stage === "paid"
        ? "bg-green-50 ring-green-200"
        : r.payout_stage === "in_flight" || r.payout_stage === "second_approval"
          ? "bg-sky-50 ring-sky-200"
          : "bg-slate-50 ring-slate-200";
  return (
    <div
      className={`space-y-1 rounded-md p-2 text-sm ring-1 ring-inset ${tone}`}
      data-testid="withdrawal-payout"
    >
      <p>
        <span className="text-slate-600">Payout: </span>
        <span className="font-semibold" data-testid="payout-stage">
          {stageWords(r, mode)}
        </span>
      </p>
      {p ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2">
          <Detail label="Status">{PAYOUT_STATUS_WORDS[p.status]}</Detail>
          <Detail label="Attempt">
            {p.attempt} · {CHANNEL_WORDS[p.channel]}
            {p.channel === "manual" ? null : ` · ${p.mode}`}
          </Detail>
          {p.utr ? (
            <Detail label="UTR">
              <span className="select-all font-mono">{p.utr}</span>
            </Detail>
          ) : null}
          {p.failure_reason ? <Detail label="Reason">{p.failure_reason}</Detail> : null}
          {p.batch_id ? (
            <Detail label="Bank file">
              <a
                href={`/admin/payouts/bank-files/${encodeURIComponent(p.batch_id)}/csv`}
                className="font-mono text-brand-700 underline"
                download
              >
                {p.batch_id.toUpperCase()}
              </a>
            </Detail>
          ) : null}
        </dl>
      ) : null}
      {r.approved_by && r.payout_stage !== "second_approval" ? (
        <p className="text-slate-600">Approved by {r.approved_by}</p>
      ) : null}
    </div>
  );
}

/**
 * What the member owes from a reversed task-wall credit: nothing of theirs is paid until later
 * earnings have repaid it (the API refuses with `in_debt`); rejecting stays possible.
 */
export function DebtLine({ r }: { r: OperatorWithdrawal }) {
  if (!r.owed) return null;
  return (
    <p
      className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-800 ring-1 ring-inset ring-red-200"
      data-testid="withdrawal-debt"
    >
      Owes {rupees(r.owed)} from a reversed task-wall credit.
      {r.withdrawal_status === "Pending"
        ? " Nothing is paid to this member until later earnings have repaid it: reject the request or leave it Pending."
        : null}
    </p>
  );
}

const money = (rupeeText: string) => formatRupees(parseRupees(rupeeText), 2);

/** Money sent, in flight and failed, and today's outgoing against the limit. */
export function PayoutFigures({ t }: { t: PayoutTotals }) {
  const limited = parseRupees(t.daily_limit) > 0;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="payout-figures">
      <Figure label="Sent" value={money(t.sent)} detail={`${money(t.sent_today)} today`} />
      <Figure
        label="In flight"
        value={money(t.in_flight)}
        detail={`${t.in_flight_count} ${t.in_flight_count === 1 ? "payout" : "payouts"}`}
      />
      <Figure
        label="Failed in 30 days"
        value={money(t.failed_30_days)}
        detail={`${t.failed_30_days_count} ${t.failed_30_days_count === 1 ? "payout" : "payouts"}`}
      />
      <Figure
        label="Outgoing today"
        value={money(t.outgoing_today)}
        detail={limited ? `of ${money(t.daily_limit)} allowed` : "No daily limit"}
      />
    </dl>
  );
}
