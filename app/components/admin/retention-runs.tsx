import { RETENTION_LABELS, type RetentionRun } from "../../../shared/retention";

/** Each kind's last retention run: when, how many rows went, in how many statements, and the cutoff. */
export function RetentionRuns({ runs }: { runs: RetentionRun[] }) {
  if (!runs.length) return <p className="text-sm text-slate-500">The job has not run yet.</p>;
  return (
    <div
      className="overflow-x-auto"
      role="region"
      aria-label="Last runs by kind (scrolls sideways)"
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-100 text-xs uppercase text-slate-600">
          <tr>
            <th className="px-2 py-2">Kind</th>
            <th className="px-2 py-2">Ran</th>
            <th className="px-2 py-2">Deleted</th>
            <th className="px-2 py-2">Statements</th>
            <th className="px-2 py-2">Older than</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.kind} className="border-t border-slate-100" data-testid={`run-${r.kind}`}>
              <td className="px-2 py-2">{RETENTION_LABELS[r.kind].label}</td>
              <td className="whitespace-nowrap px-2 py-2">{r.ran_at.slice(0, 16).replace("T", " ")} UTC</td>
              <td className="px-2 py-2">{r.deleted}</td>
              <td className="px-2 py-2">{r.statements}</td>
              <td className="whitespace-nowrap px-2 py-2">{r.cutoff.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
