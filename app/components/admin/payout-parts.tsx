import { Form, Link } from "@remix-run/react";
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
import { SubmitButton, useIsPending } from "~/components/forms";
import { RiskLevelBadge } from "~/components/admin/risk-level";

/**
 * The parts of the operator's withdrawal queue (admin.withdrawals.tsx): each request's risk, debt
 * and payout lines (issues 22, 42), the payout figures, and the server-rendered confirm steps
 * (risk, "send again", "mark paid by hand" with the bank's reference); what the actions answered
 * is in payout-outcomes.tsx. Everything is a plain form, so it works before (and without) scripts.
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

function Detail({ label, children }: { label: string; children: ReactNode }) {
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
 * The confirm steps this queue renders on the server: send a failed payout again, mark one paid by
 * hand (with the bank's reference typed so far, and why it was refused, when it was).
 */
export type QueueConfirm = { kind: "resend" | "mark_paid"; id: string; utr?: string; error?: string };

/** The bank's reference of a payment: 6 to 30 letters and digits (the API's rule, api/payouts/attempts.ts). */
export const UTR_RULE = "^[A-Za-z0-9]{6,30}$";

/**
 * "Send again?" or "Mark paid by hand?": the second press carries `confirmed`. Marking paid names
 * the member, the amount and the payout account, and asks for the bank's reference (UTR).
 */
export function QueueConfirmStep({
  c,
  row,
  status,
  mode,
}: {
  c: QueueConfirm;
  row: OperatorWithdrawal;
  status: string;
  mode: PayoutMode;
}) {
  const amount = rupees(row.balance);
  const account = row.withdrawal_account_information;
  const order = c.id.toUpperCase();
  const resend = c.kind === "resend";
  const utrId = `utr-${c.id}`;
  return (
    <section
      className="space-y-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3"
      aria-labelledby={`confirm-${c.kind}-${c.id}`}
      data-testid="queue-confirm"
    >
      <h2 id={`confirm-${c.kind}-${c.id}`} className="font-semibold">
        {resend ? `Send ${order} again?` : `Mark ${order} paid by hand?`}
      </h2>
      {resend ? (
        <p className="text-sm">
          {mode === "razorpayx"
            ? `${amount} is taken from the member's withdrawable balance again and sent through RazorpayX as a new attempt to ${account}.`
            : `${amount} is taken from the member's withdrawable balance again and the request is Pending again: mark it paid or put it in a bank file.`}
        </p>
      ) : (
        <>
          <dl
            className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-2"
            data-testid="mark-paid-summary"
          >
            <Detail label="Member">
              {row.userName} ({row.email})
            </Detail>
            <Detail label="Amount">
              <span className="font-semibold tabular-nums">{amount}</span>
            </Detail>
            <Detail label="Payout account">
              {row.withdrawal_method} · <span className="select-all font-mono">{account}</span>
            </Detail>
          </dl>
          <p className="text-sm">
            {`Only when you paid ${amount} to this account yourself: the request becomes Success with the bank's reference, the member is mailed, and it counts towards today's outgoing limit.`}
            {mode === "razorpayx" ? " Nothing is sent through RazorpayX." : null}
          </p>
        </>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={c.kind} />
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="confirmed" value="true" />
        {resend ? null : (
          <div className="w-full sm:w-auto">
            <label htmlFor={utrId} className="block text-sm font-medium">
              Bank reference (UTR)
            </label>
            <input
              id={utrId}
              name="utr"
              className="input font-mono"
              defaultValue={c.utr ?? ""}
              required
              minLength={6}
              maxLength={30}
              pattern={UTR_RULE}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={c.error ? true : undefined}
              aria-describedby={c.error ? `${utrId}-error` : `${utrId}-help`}
            />
            {c.error ? (
              <p id={`${utrId}-error`} className="text-sm text-red-700" role="alert">
                {c.error}
              </p>
            ) : (
              <p id={`${utrId}-help`} className="text-xs text-slate-600">
                6 to 30 letters and digits, as your bank shows it.
              </p>
            )}
          </div>
        )}
        <button
          type="submit"
          className="btn-danger"
          aria-label={resend ? `Send ${order} again now` : `Mark ${order} paid now`}
        >
          {resend ? "Send again now" : "Mark paid now"}
        </button>
        <Link to={`/admin/withdrawals?status=${status}`} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** "Send again" on a request whose last payout failed (the member was refunded): a confirm step first. */
export function ResendForm({
  row,
  status,
  mode,
  confirm,
}: {
  row: OperatorWithdrawal;
  status: string;
  mode: PayoutMode;
  confirm: QueueConfirm | null;
}) {
  const sending = useIsPending({ fields: { id: row._id, intent: "resend" } });
  const order = row._id.toUpperCase();
  return (
    <div className="space-y-3">
      {confirm ? <QueueConfirmStep c={confirm} row={row} status={status} mode={mode} /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="id" value={row._id} />
        <input type="hidden" name="status" value={status} />
        <SubmitButton pending={sending} className="btn-secondary" aria-label={`Send ${order} again`}>
          Send again
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The form the rows' checkboxes belong to (by their `form` attribute): batch approval or a bank file. */
export const SELECTION_FORM = "selected-withdrawals";

export function SelectionForm({
  status,
  selectable,
  mode,
}: {
  status: string;
  selectable: number;
  mode: PayoutMode;
}) {
  const approving = useIsPending({ fields: { intent: "batch_approve" } });
  const filing = useIsPending({ fields: { intent: "bank_file" } });
  if (selectable === 0) return null;
  return (
    <Form
      method="post"
      id={SELECTION_FORM}
      className="card flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
      aria-label="Selected withdrawals"
    >
      <input type="hidden" name="status" value={status} />
      <p className="text-sm text-slate-600 sm:mr-auto">
        {mode === "razorpayx"
          ? "Tick requests below (at most 50), then send them together."
          : "Tick requests below (at most 50) to put them in a bank file; a payment by hand is marked paid on its own, with its UTR."}{" "}
        Held, flagged and marked requests, and members who owe, are left out with their reason.
      </p>
      {mode === "razorpayx" ? (
        <SubmitButton pending={approving} name="intent" value="batch_approve" className="btn-primary">
          Approve selected
        </SubmitButton>
      ) : null}
      <SubmitButton pending={filing} name="intent" value="bank_file" className="btn-secondary">
        Add selected to a bank file
      </SubmitButton>
    </Form>
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

/** The review marks a request carries, in words. */
const REVIEW_LABELS: Record<string, string> = { first_payout: "First payout", risk: "Risk" };

/** The confirm step's contents: what the API said when approving needed a second look. */
export interface RiskConfirm {
  kind: "risk_confirm";
  /** Which press asked: approving, or marking it paid by hand. */
  action: "approve" | "mark_paid";
  id: string;
  /** The bank's reference the mark-paid press carried: sent again with the confirmation. */
  utr?: string;
  message: string;
  score: number;
  level: string;
  reasons: string[];
  review_reasons: string[];
}

export function RiskConfirmStep({ c, status }: { c: RiskConfirm; status: string }) {
  const order = c.id.toUpperCase();
  const paid = c.action === "mark_paid";
  return (
    <section
      className="space-y-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3"
      aria-labelledby={`confirm-${c.id}`}
      data-testid="risk-confirm"
    >
      <h2 id={`confirm-${c.id}`} className="font-semibold">
        {paid ? `Mark ${order} paid anyway?` : `Approve ${order} anyway?`}
      </h2>
      <p className="text-sm">{c.message}</p>
      <RiskMarks
        className="text-sm"
        score={c.score}
        level={c.level}
        reviewReasons={c.review_reasons}
        markClass="rounded-full bg-white px-2 py-0.5 text-xs font-semibold ring-1 ring-amber-400"
      />
      {c.reasons.length > 0 ? (
        <ul className="list-disc pl-5 text-sm" aria-label="Reasons">
          {c.reasons.map((r) => (
            <li key={r} className="break-words">
              {r}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={c.action} />
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="confirmRisk" value="true" />
        {paid ? <input type="hidden" name="confirmed" value="true" /> : null}
        {paid && c.utr ? <input type="hidden" name="utr" value={c.utr} /> : null}
        <button
          type="submit"
          className="btn-danger"
          aria-label={paid ? `Mark ${order} paid anyway` : `Approve ${order} anyway`}
        >
          {paid ? "Mark paid anyway" : "Approve anyway"}
        </button>
        <Link to={`/admin/withdrawals?status=${status}`} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** A risk score, its step and the request's review marks, on one line (the queue and the confirm step). */
function RiskMarks(props: {
  score: number;
  level: string;
  reviewReasons: readonly string[];
  markClass: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-2 ${props.className ?? ""}`}>
      <span>
        Risk score <span className="font-semibold tabular-nums">{props.score}</span>
      </span>
      <RiskLevelBadge level={props.level} />
      {props.reviewReasons.map((m) => (
        <span key={m} className={props.markClass}>
          {REVIEW_LABELS[m] ?? m}
        </span>
      ))}
      {props.children}
    </p>
  );
}

/** The member's risk beside the request: score, step, top reasons, linked accounts, review marks. */
export function RiskLine({ r }: { r: OperatorWithdrawal }) {
  const risky = r.risk_score > 0 || r.review_reasons.length > 0 || r.linked_accounts > 0;
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-2 text-sm" data-testid="withdrawal-risk">
      <RiskMarks
        score={r.risk_score}
        level={r.risk_level}
        reviewReasons={r.review_reasons}
        markClass="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300"
      >
        {r.withdrawals_held ? (
          <span className="whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-300">
            Withdrawals held
          </span>
        ) : null}
      </RiskMarks>
      {r.risk_reasons.length > 0 ? (
        <ul className="list-disc pl-5" aria-label="Top reasons">
          {r.risk_reasons.map((x) => (
            <li key={x} className="break-words">
              {x}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link
          to={`/admin/members/${encodeURIComponent(r.member_id)}/risk`}
          className="text-brand-700 underline"
        >
          {r.linked_accounts === 0
            ? "No linked accounts"
            : `${r.linked_accounts} linked ${r.linked_accounts === 1 ? "account" : "accounts"}`}
          {risky ? " · see the risk" : " · risk page"}
        </Link>
      </p>
    </div>
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
