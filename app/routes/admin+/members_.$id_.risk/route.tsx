import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { MemberStateBadges } from "~/components/admin/member-state";
import { RiskLevelBadge } from "~/components/admin/risk-level";
import { formatTime } from "../../../../shared/time";
import { mayUse } from "../../../../shared/operatorRoles";
import { Signals } from "~/components/admin/risk-signals";
import type { OperatorMe } from "../../../../shared/contracts/operators";
import { ROUTE_IDS } from "~/utils/route-ids";
import type { Answer } from "./answer";
import { BulkConfirm, Linked } from "./linked";
import { memberRiskAction, memberRiskLoader } from "./risk.server";
import { shownMemberName } from "../../../../shared/erasure";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `Risk: ${d?.member.userName ?? "Member"} · Operator Console` },
];

/**
 * A member's risk (issue 21 §4): the score and its reasons, every signal with its evidence, the
 * accounts linked to the member with bulk hold / ban of the ring (a server-rendered confirm step
 * lists who will be affected), and Clear with a note. Plain forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  return memberRiskLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return memberRiskAction(args);
}

export default function MemberRisk() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const roles = me?.roles ?? [];
  const mayHold = mayUse(roles, ["payouts", "moderation"]);
  const mayBan = mayUse(roles, ["moderation"]);
  const mayClear = mayUse(roles, ["moderation"]);
  const clearInvalid = answer?.kind === "invalid" && answer.form === "clear" ? answer : null;
  const t = d.thresholds;
  return (
    <div className="space-y-4">
      <p>
        <Link
          to={`/admin/members/${encodeURIComponent(d.member.id)}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          ← Back to the member
        </Link>
      </p>
      <h1 className="break-all text-2xl font-bold">Risk: {shownMemberName(d.member.userName)}</h1>
      <p className="break-all text-sm text-slate-600">{d.member.email}</p>

      {answer?.kind === "done" ? (
        <div
          role={answer.ok ? "status" : "alert"}
          className={`rounded-lg border p-3 text-sm ${answer.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p>{answer.message}</p>
          {answer.results?.length ? (
            <ul className="mt-1 list-disc pl-5">
              {answer.results.map((r) => (
                <li key={r.id} className="break-words">
                  {shownMemberName(r.userName)}: {r.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <section className="card space-y-2" aria-labelledby="score-heading">
        <h2 id="score-heading" className="sr-only">
          Score
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-3xl font-bold tabular-nums" data-testid="risk-score">
            {d.score}
          </span>
          <RiskLevelBadge level={d.level} />
          <MemberStateBadges
            role={d.member.isOperator ? "operator" : "member"}
            held={d.member.held}
            suspended={d.member.suspended}
            banned={d.member.banned}
          />
        </div>
        <p className="text-xs text-slate-600">
          Steps: flag at {t.flag}, hold withdrawals at {t.hold}, suspend at {t.suspend}, ban at {t.ban}.
        </p>
        {d.reasons.length > 0 ? (
          <ul className="list-disc pl-5 text-sm">
            {d.reasons.map((r) => (
              <li key={r} className="break-words">
                {r}
              </li>
            ))}
          </ul>
        ) : null}
        {d.cleared ? (
          <p className="text-sm text-slate-700">
            Last cleared <time dateTime={d.cleared.at}>{formatTime(d.cleared.at)}</time> by{" "}
            {d.names[d.cleared.by] ?? d.cleared.by}: <span className="break-words">{d.cleared.note}</span>
          </p>
        ) : null}
      </section>

      {answer?.kind === "confirm" ? <BulkConfirm review={answer.review} /> : null}

      <Linked d={d} answer={answer} mayHold={mayHold} mayBan={mayBan} />

      <Signals d={d} />

      {mayClear ? (
        <section className="card space-y-2" aria-labelledby="clear-heading">
          <h2 id="clear-heading" className="text-lg font-semibold">
            Clear
          </h2>
          <p className="text-sm text-slate-600">
            Marks every open signal cleared, so the same evidence does not count again (stronger evidence
            does), and releases a hold the risk score put on. A hold or ban an operator set stays.
          </p>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="form" value="clear" />
            <label htmlFor="clear-note" className="block text-sm font-medium text-slate-700">
              Note
            </label>
            <textarea
              id="clear-note"
              name="note"
              required
              maxLength={1000}
              rows={2}
              className="input w-full"
              defaultValue={clearInvalid?.note ?? ""}
              aria-invalid={clearInvalid ? true : undefined}
              aria-describedby={clearInvalid ? "clear-error" : undefined}
            />
            {clearInvalid ? (
              <p id="clear-error" className="text-sm text-red-700">
                {clearInvalid.error}
              </p>
            ) : null}
            <button type="submit" className="btn-primary">
              Clear
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
