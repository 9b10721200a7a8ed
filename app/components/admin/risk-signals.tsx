import { Link } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { formatTime } from "../../../shared/time";
import type { RiskEvidence } from "../../../shared/risk";
import type { MemberRiskPage } from "../../../shared/contracts/risk";

/** A member's risk signals with their evidence, as the operator's member risk page lists them. */

export function MemberLink({ id, names }: { id: string; names: Record<string, string> }) {
  return (
    <Link to={`/admin/members/${encodeURIComponent(id)}`} className="break-all text-brand-700 underline">
      {names[id] ?? id}
    </Link>
  );
}

function Evidence({ e, names }: { e: RiskEvidence; names: Record<string, string> }) {
  const rows: [string, React.ReactNode][] = [];
  if (e.accounts?.length)
    rows.push([
      "Accounts",
      <span key="a" className="flex flex-wrap gap-x-2">
        {e.accounts.map((a) => (
          <MemberLink key={a} id={a} names={names} />
        ))}
      </span>,
    ]);
  if (e.device) rows.push(["Device", <span className="break-all font-mono">{e.device}</span>]);
  if (e.ip) rows.push(["Address", <span className="break-all font-mono">{e.ip}</span>]);
  if (e.payoutAccount)
    rows.push(["Payout account", <span className="break-all font-mono">{e.payoutAccount}</span>]);
  if (e.claims?.length)
    rows.push(["Claims", <span className="break-all font-mono">{e.claims.join(", ")}</span>]);
  if (e.games?.length)
    rows.push(["Games", <span className="break-all font-mono">{e.games.join(", ")}</span>]);
  if (e.figures)
    for (const [k, v] of Object.entries(e.figures))
      rows.push([k, <span className="tabular-nums">{String(v)}</span>]);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-xs">
      {rows.map(([k, v], i) => (
        <div key={`${k}-${i}`} className="flex flex-col sm:flex-row sm:gap-2">
          <dt className="font-medium text-slate-600">{k}:</dt>
          <dd className="min-w-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Signals({ d }: { d: MemberRiskPage }) {
  return (
    <section className="space-y-2" aria-labelledby="signals-heading">
      <h2 id="signals-heading" className="text-lg font-semibold">
        Signals
      </h2>
      {d.signals.length === 0 ? (
        <p className="card text-sm text-slate-600">No signal has been recorded for this member.</p>
      ) : (
        <ul className="space-y-2" aria-label="Signals">
          {d.signals.map((s) => (
            <li key={s.id} className="card space-y-1" data-testid="risk-signal">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{s.label}</span>
                <span className="text-sm tabular-nums">
                  {s.cleared ? (
                    <span className="text-slate-600">Cleared</span>
                  ) : (
                    <span className="font-semibold">+{s.points} points</span>
                  )}
                </span>
              </div>
              <p className="break-words text-sm">{s.summary}</p>
              <Evidence e={s.evidence} names={d.names} />
              <p className="text-xs text-slate-600">
                First seen <time dateTime={s.createdAt}>{formatTime(s.createdAt)}</time>
                {s.updatedAt !== s.createdAt ? (
                  <>
                    , last <time dateTime={s.updatedAt}>{formatTime(s.updatedAt)}</time>
                  </>
                ) : null}
                {s.cleared ? (
                  <>
                    . Cleared <time dateTime={s.cleared.at}>{formatTime(s.cleared.at)}</time> by{" "}
                    {d.names[s.cleared.by] ?? s.cleared.by}
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </section>
  );
}
