import { pageTitle } from "~/utils/meta";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { formatTime } from "../../../../shared/time";
import { rupees } from "../../../../shared/money";
import { StatusBadge } from "~/components/status-badge";
import { DebtLine, PayoutLine } from "~/components/admin/payout-parts";
import { SELECTION_FORM, SelectionForm } from "~/components/admin/payout-forms";
import { RiskLine } from "~/components/admin/payout-risk";
import { SelectionOutcome } from "~/components/admin/payout-outcomes";

import { withdrawalsAction } from "./action.server";
import { FILTERS, filterOf } from "./schemas";
import { FailedRow, SettleForms, selectable } from "./settle-forms";
import { shownMemberName } from "../../../../shared/erasure";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Withdrawals · Operator Console") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = filterOf(url);
  const page = Math.min(pageParam(url), 999_999_999);
  const [d, payouts] = await Promise.all([
    operatorRead(request, context, "/adminRoute/withdrawals", { status, page: String(page) }),
    operatorRead(request, context, "/adminRoute/payouts"),
  ]);
  return { status, records: d.records, pagination: d.pagination, mode: payouts.mode };
}

export async function action(args: ActionFunctionArgs) {
  return withdrawalsAction(args);
}

export default function AdminWithdrawals() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Withdrawals</h1>
      <p className="text-sm text-slate-700" data-testid="payout-mode">
        {d.mode === "razorpayx"
          ? "Payouts go through RazorpayX: approving sends the payout, and the request stays Pending until RazorpayX reports its final status."
          : "Payouts are made by hand or by bank file: pay the member yourself, then mark the request paid with the bank's reference (UTR)."}{" "}
        <Link to="/admin/payouts" className="text-brand-700 underline">
          Payouts
        </Link>
      </p>
      <nav aria-label="Status filter" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/withdrawals?status=${f.value}`}
            aria-current={d.status === f.value ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${d.status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600">
        {d.status === "Pending" ? "Oldest first." : "Newest first."} {d.pagination.totalRecords}{" "}
        {d.pagination.totalRecords === 1 ? "request" : "requests"}, 50 a page.
      </p>
      <SelectionOutcome
        answer={
          actionData &&
          "kind" in actionData &&
          actionData.kind !== "risk_confirm" &&
          actionData.kind !== "confirm"
            ? actionData
            : null
        }
      />
      <SelectionForm status={d.status} selectable={d.records.filter(selectable).length} mode={d.mode} />
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No withdrawals here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Withdrawals">
          {d.records.map((r) => (
            <li
              key={r._id}
              className="card space-y-3"
              aria-label={`Withdrawal ${r._id.toUpperCase()}`}
              data-testid="admin-withdrawal"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 items-start gap-3">
                  {selectable(r) ? (
                    <input
                      type="checkbox"
                      name="ids"
                      value={r._id}
                      form={SELECTION_FORM}
                      className="mt-1 h-5 w-5 shrink-0"
                      aria-label={`Select ${r._id.toUpperCase()}`}
                    />
                  ) : null}
                  <div className="min-w-0">
                    <Link
                      to={`/admin/members/${encodeURIComponent(r.member_id)}`}
                      className="break-all font-semibold text-brand-700 underline"
                    >
                      {shownMemberName(r.userName)}
                    </Link>
                    <p className="break-all text-xs text-slate-600">{r.email}</p>
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={r.withdrawal_status} />
                  <span className="whitespace-nowrap text-lg font-bold tabular-nums">
                    {rupees(r.balance)}
                  </span>
                </div>
              </div>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                <div>
                  <dt className="inline text-slate-600">Method: </dt>
                  <dd className="inline font-medium">{r.withdrawal_method}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Account: </dt>
                  <dd className="inline select-all break-all font-mono">
                    {r.withdrawal_account_information}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Requested: </dt>
                  <dd className="inline">
                    <time dateTime={r.time}>{formatTime(r.time)}</time>
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Order: </dt>
                  <dd className="inline select-all font-mono">{r._id.toUpperCase()}</dd>
                </div>
                {r.settled_at ? (
                  <div>
                    <dt className="inline text-slate-600">Settled: </dt>
                    <dd className="inline">
                      <time dateTime={r.settled_at}>{formatTime(r.settled_at)}</time>
                    </dd>
                  </div>
                ) : null}
                {r.remark ? (
                  <div>
                    <dt className="inline text-slate-600">Remark: </dt>
                    <dd className="inline">{r.remark}</dd>
                  </div>
                ) : null}
              </dl>
              <DebtLine r={r} />
              <RiskLine r={r} />
              <PayoutLine r={r} mode={d.mode} />
              {r.withdrawal_status === "Pending" ? (
                <SettleForms row={r} status={d.status} mode={d.mode} />
              ) : null}
              {r.payout_stage === "failed" ? <FailedRow row={r} status={d.status} mode={d.mode} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
