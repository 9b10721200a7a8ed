import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { formatTime } from "~/components/balance-card";
import type { Pagination as Page } from "../../shared/pagination";

export const meta: MetaFunction = () => [{ title: "Ad Cheat Log · Operator Console" }];

interface CheatRow {
  id: string | number;
  userName: string | null;
  campaignId: string | null;
  campaignTitle: string | null;
  reason: string;
  ip: string | null;
  time: string;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead<{ records: CheatRow[]; pagination: Page }>(request, context, "/adminRoute/adCheatLog", {
    page: String(pageParam(new URL(request.url))),
  });
}

/** Every refused ad start or claim, newest first: who, which campaign, why, from where. */
export default function AdCheatLog() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Ad Cheat Log</h1>
      <p className="text-sm text-slate-600">
        Refused ad views: too early, expired, a reused token, inside the interval, over a limit, a proxy…
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Cheat log">
          {d.records.map((r) => (
            <li
              key={r.id}
              className="card grid grid-cols-1 gap-1 text-sm sm:grid-cols-4"
              data-testid="cheat-entry"
            >
              <span className="font-semibold">{r.userName ?? "—"}</span>
              <span>
                {r.campaignId ? (
                  <Link className="text-brand-600 underline" to={`/admin/campaigns/${r.campaignId}`}>
                    {r.campaignTitle ?? r.campaignId}
                  </Link>
                ) : (
                  "—"
                )}
              </span>
              <span className="font-mono">{r.reason}</span>
              <span className="text-slate-500">
                <time dateTime={r.time}>{formatTime(r.time)}</time> {r.ip ? `· ${r.ip}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
