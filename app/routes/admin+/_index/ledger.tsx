import { Link } from "@remix-run/react";
import { parseRupees } from "../../../../shared/money";
import { formatTime } from "../../../../shared/time";
import { type OverviewData } from "../../../../shared/contracts/overview";
import { money } from "./format";

/** What the site owes members against what it holds, now. */
export function Liabilities({ l }: { l: OverviewData["liabilities"] }) {
  return (
    <section aria-labelledby="liabilities" className="card p-4">
      <h2 id="liabilities" className="text-lg font-bold">
        Liabilities
      </h2>
      <p className="text-sm text-slate-600">What the site owes members against what it holds, now.</p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="liabilities">
          <caption className="sr-only">Liabilities</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-2">
                Owed to members
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <LiabilityRow label="Withdrawable balances" value={l.owed.withdrawable} />
            <LiabilityRow label="Deposit balances" value={l.owed.deposit} />
            <LiabilityRow label="Withdrawals waiting to be paid" value={l.owed.pending_payouts} />
            <LiabilityRow label="Total owed" value={l.owed.total} strong />
          </tbody>
          <thead>
            <tr>
              <th scope="col" className="pt-3 pr-2">
                Held by the site
              </th>
              <th scope="col" className="pt-3 pr-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <LiabilityRow label="Campaign escrows" value={l.held.campaign_escrows} />
            <LiabilityRow label="Game escrow" value={l.held.game_escrow} />
            <LiabilityRow label="Withdrawals waiting to be paid" value={l.held.pending_payouts} />
            <LiabilityRow label="Total held" value={l.held.total} strong />
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Members owe back {money(parseRupees(l.member_debt))} after reversed task-wall credits.
      </p>
    </section>
  );
}

/** The last ledger check's verdict. */
export function LedgerVerdict({ ledger }: { ledger: OverviewData["ledger"] }) {
  return (
    <section aria-labelledby="ledger-verdict" className="card p-4" data-testid="ledger-verdict">
      <h2 id="ledger-verdict" className="text-lg font-bold">
        Ledger check
      </h2>
      <p className={`mt-1 font-semibold ${ledger.ok ? "text-emerald-700" : "text-red-700"}`}>
        {ledger.ok
          ? "The ledger balances: every entry sums to zero and no balance is below zero."
          : `The ledger does not balance: total ${money(parseRupees(ledger.total))}, ${ledger.negative_accounts} accounts below zero, ${ledger.unbalanced} unbalanced entries or accounts.`}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Checked at {formatTime(ledger.checked_at)}. The check reads the whole journal, so its verdict is kept
        for {Math.round(ledger.kept_seconds / 60)} minutes before it runs again.{" "}
        <Link to="/admin/ledger" className="text-brand-700 underline">
          Check again now
        </Link>
      </p>
    </section>
  );
}

function LiabilityRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={`border-t border-slate-100 ${strong ? "font-bold" : ""}`}>
      <th scope="row" className="py-1 pr-2 font-normal">
        {strong ? <strong>{label}</strong> : label}
      </th>
      <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{money(parseRupees(value))}</td>
    </tr>
  );
}
