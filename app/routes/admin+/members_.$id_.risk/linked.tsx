import { Form, Link } from "@remix-run/react";
import { MemberStateBadges } from "~/components/admin/member-state";
import { RiskLevelBadge } from "~/components/admin/risk-level";
import { PendingChoice, ReasonSummary } from "~/components/admin/restriction-parts";
import type { MemberRiskPage } from "../../../../shared/contracts/risk";
import { BULK_WORDS, type Answer, type Review } from "./answer";
import { shownMemberName } from "../../../../shared/erasure";

/** A member id in the evidence as a link to their page (their username when known). */
export function BulkConfirm({ review }: { review: Review }) {
  return (
    <section
      className="card space-y-3 border-2 border-amber-400"
      aria-labelledby="bulk-confirm-heading"
      data-testid="confirm-step"
    >
      <h2 id="bulk-confirm-heading" className="text-lg font-semibold">
        Confirm: {BULK_WORDS[review.action]} for {review.members.length}{" "}
        {review.members.length === 1 ? "member" : "members"}
      </h2>
      <ul className="list-disc pl-5 text-sm" aria-label="Members affected">
        {review.members.map((m) => (
          <li key={m.id} className="break-all">
            {shownMemberName(m.userName)}
          </li>
        ))}
      </ul>
      <ReasonSummary reason={review.reason} pending={review.pending} />
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="form" value="bulk" />
        <input type="hidden" name="bulk" value={review.action} />
        <input type="hidden" name="reason" value={review.reason} />
        {review.pending ? <input type="hidden" name="pending" value={review.pending} /> : null}
        {review.members.map((m) => (
          <input key={m.id} type="hidden" name="member" value={m.id} />
        ))}
        <button type="submit" name="intent" value="confirm" className="btn-danger">
          Confirm
        </button>
        <Link to="." className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

export function Linked({
  d,
  answer,
  mayHold,
  mayBan,
}: {
  d: MemberRiskPage;
  answer?: Answer;
  mayHold: boolean;
  mayBan: boolean;
}) {
  const invalid = answer?.kind === "invalid" && answer.form === "bulk" ? answer : null;
  const mayAct = (mayHold || mayBan) && !d.member.isOperator;
  const rows = (
    <ul className="space-y-2" aria-label="Linked accounts">
      {mayAct ? (
        <li className="card flex items-start gap-3">
          <input
            type="checkbox"
            name="member"
            value={d.member.id}
            defaultChecked
            id={`pick-${d.member.id}`}
            className="mt-1"
          />
          <label htmlFor={`pick-${d.member.id}`} className="break-all text-sm">
            <span className="font-semibold">{shownMemberName(d.member.userName)}</span> (this member)
          </label>
        </li>
      ) : null}
      {d.linked.map((l) => (
        <li key={l.id} className="card flex items-start gap-3" data-testid="linked-account">
          {mayAct ? (
            <input type="checkbox" name="member" value={l.id} id={`pick-${l.id}`} className="mt-1" />
          ) : null}
          <div className="min-w-0 flex-1 space-y-1 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={mayAct ? `pick-${l.id}` : undefined} className="sr-only">
                Select {shownMemberName(l.userName)}
              </label>
              <Link
                to={`/admin/members/${encodeURIComponent(l.id)}/risk`}
                className="break-all font-semibold text-brand-700 underline"
              >
                {shownMemberName(l.userName)}
              </Link>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">Score {l.score}</span>
                <RiskLevelBadge level={l.level} />
              </span>
            </div>
            <p className="break-all text-xs text-slate-600">{l.email}</p>
            <ul className="text-xs">
              {l.links.map((k, i) => (
                <li key={`${k.via}-${i}`} className="break-all">
                  <span className="font-medium">
                    {
                      {
                        device: "Same device",
                        payout: "Same payout account",
                        address: "Same address",
                        referral: "Referral chain",
                      }[k.via]
                    }
                    :
                  </span>{" "}
                  <span className="font-mono">{k.value}</span>
                </li>
              ))}
            </ul>
            <MemberStateBadges role="member" held={l.withdrawalsHeld} suspended={false} banned={l.banned} />
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="space-y-2" aria-labelledby="linked-heading">
      <h2 id="linked-heading" className="text-lg font-semibold">
        Linked accounts
      </h2>
      {d.linked.length === 0 ? (
        <p className="text-sm text-slate-600">
          No account shares a device, payout account or address with this member, or is in their referral
          chain.
        </p>
      ) : null}
      {mayAct ? (
        <Form method="post" className="space-y-3" aria-label="Act on the ring">
          <input type="hidden" name="form" value="bulk" />
          {rows}
          <div className="card space-y-3">
            <div>
              <label htmlFor="bulk-reason" className="block text-sm font-medium text-slate-700">
                Reason (for every member selected)
              </label>
              <textarea
                id="bulk-reason"
                name="reason"
                required
                maxLength={500}
                rows={2}
                className="input w-full"
                defaultValue={invalid?.reason ?? ""}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? "bulk-error" : undefined}
              />
              {invalid ? (
                <p id="bulk-error" className="mt-1 text-sm text-red-700">
                  {invalid.error}
                </p>
              ) : null}
            </div>
            {mayBan ? <PendingChoice legend="If banning: pending withdrawals" /> : null}
            <div className="flex flex-wrap gap-2">
              {mayHold ? (
                <button type="submit" name="bulk" value="hold" className="btn-danger">
                  Hold withdrawals
                </button>
              ) : null}
              {mayBan ? (
                <button type="submit" name="bulk" value="ban" className="btn-danger">
                  Ban
                </button>
              ) : null}
            </div>
          </div>
        </Form>
      ) : d.linked.length > 0 ? (
        rows
      ) : null}
    </section>
  );
}
