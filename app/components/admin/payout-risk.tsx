/** A request's risk in the withdrawal queue: the line beside it and the confirm step an approval may need. */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OperatorWithdrawal } from "../../../shared/contracts/withdrawals";
import { RiskLevelBadge } from "~/components/admin/risk-level";

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
