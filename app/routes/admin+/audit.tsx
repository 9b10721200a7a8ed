import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { formatTime } from "../../../shared/time";
import { AuditSentence } from "~/components/admin/audit-sentence";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Audit Log · Operator Console") },
];

function show(v: unknown): string {
  if (v === null || v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v, null, 2);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/audit");
}

export default function AdminAudit() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Audit Log</h1>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Audit log">
          {d.records.map((a) => (
            <li key={a.id} className="card text-sm" data-testid="audit-entry">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <AuditSentence r={a} />
                <time className="text-xs text-slate-500" dateTime={a.time}>
                  {formatTime(a.time)}
                </time>
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs text-brand-600">Before and after</summary>
                <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                  <pre className="min-w-0 overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                    {show(a.before)}
                  </pre>
                  <pre className="min-w-0 overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                    {show(a.after)}
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
