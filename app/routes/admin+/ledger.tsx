import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { formatTime } from "../../../shared/time";
import { Amount } from "~/components/admin/amount";
import { LedgerAccount } from "~/components/admin/ledger-account";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Ledger Check · Operator Console") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/ledger");
}

/** The ledger's own check, run on every visit: what an operator looks at before paying out. */
export default function AdminLedger() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Ledger Check</h1>
      <p
        role="status"
        className={`card text-sm font-semibold ${d.balanced ? "text-emerald-700" : "text-red-700"}`}
        data-testid="ledger-status"
      >
        {d.balanced ? "The ledger balances." : "The ledger does not balance: stop payouts and investigate."}
      </p>
      <dl className="card grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <dt className="text-slate-600">Sum of all balances (must be ₹0.000)</dt>
        <dd>
          <Amount milli={d.total} className="font-mono" />
        </dd>
        <dt className="text-slate-600">
          Entries whose lines do not sum to zero, or balances that differ from their lines
        </dt>
        <dd className="font-mono">{d.unbalancedEntries}</dd>
        <dt className="text-slate-600">Accounts below zero that must not be</dt>
        <dd>
          {d.negative.length === 0 ? (
            "none"
          ) : (
            <ul className="space-y-1" aria-label="Accounts below zero">
              {d.negative.map((id) => (
                <li key={id}>
                  <LedgerAccount id={id} />
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="text-slate-600">Checked</dt>
        <dd>{formatTime(d.checkedAt)}</dd>
      </dl>
    </div>
  );
}
