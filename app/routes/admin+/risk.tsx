import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { MemberStateBadges } from "~/components/admin/member-state";
import { RiskLevelBadge } from "~/components/admin/risk-level";
import { RISK_SIGNAL_KINDS, RISK_SIGNAL_LABELS } from "../../../shared/risk";
import type { OperatorMe } from "../../../shared/contracts/operators";
import { ROUTE_IDS } from "~/utils/route-ids";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Risk · Operator Console") }];

const isKind = (v: string | null): v is (typeof RISK_SIGNAL_KINDS)[number] =>
  (RISK_SIGNAL_KINDS as readonly (string | null)[]).includes(v);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const page = Math.min(pageParam(url), 999_999_999);
  return operatorRead(request, context, "/adminRoute/risk", {
    kind: isKind(kind) ? kind : undefined,
    new: url.searchParams.get("new") === "today" ? "today" : undefined,
    held: url.searchParams.get("held") === "1" ? "1" : undefined,
    page: String(page),
  });
}

/** Members by risk score, highest first, with filters (signal kind, new today, held); each opens the member's risk. */
export default function AdminRisk() {
  const d = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const isOwner = me?.roles.includes("owner") ?? false;
  const f = d.filters;
  const filtered = f.kind !== null || f.newToday || f.held;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Risk</h1>
        {isOwner ? (
          <Link to="/admin/risk/settings" className="btn-secondary">
            Risk settings
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        Members by risk score, highest first. The score adds up the member&apos;s signals that are not
        cleared; open a member to see each signal&apos;s evidence and the accounts linked to them.
      </p>
      <Form
        method="get"
        className="card grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <div>
          <label className="label" htmlFor="risk-kind">
            Signal
          </label>
          <select id="risk-kind" name="kind" className="input" defaultValue={f.kind ?? ""}>
            <option value="">Any signal</option>
            {RISK_SIGNAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {RISK_SIGNAL_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="new" value="today" defaultChecked={f.newToday} />
          New today
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="held" value="1" defaultChecked={f.held} />
          Withdrawals held
        </label>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">
        {d.pagination.totalRecords} {d.pagination.totalRecords === 1 ? "member" : "members"}
        {filtered ? " match the filters." : " with a risk score or held withdrawals."}
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600" data-testid="risk-empty">
          {filtered
            ? "No member matches these filters."
            : "No member has a risk score or held withdrawals. Signals appear here as members sign up, earn and withdraw."}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Members by risk">
          {d.records.map((m) => (
            <li key={m.id} className="card space-y-2" data-testid="risk-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`/admin/members/${m.id}/risk`}
                  className="break-all font-semibold text-brand-700 underline"
                >
                  {shownMemberName(m.userName)}
                </Link>
                <span className="flex items-center gap-2">
                  <span className="text-lg font-bold tabular-nums" aria-label={`Score ${m.score}`}>
                    {m.score}
                  </span>
                  <RiskLevelBadge level={m.level} />
                </span>
              </div>
              <p className="break-all text-xs text-slate-600">
                {m.email} ·{" "}
                <Link to={`/admin/members/${m.id}`} className="underline">
                  member page
                </Link>
              </p>
              {m.reasons.length > 0 ? (
                <ul className="list-disc space-y-0.5 pl-5 text-sm">
                  {m.reasons.map((r) => (
                    <li key={r} className="break-words">
                      {r}
                    </li>
                  ))}
                </ul>
              ) : null}
              <MemberStateBadges role={m.role} held={m.held} suspended={m.suspended} banned={m.banned} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
