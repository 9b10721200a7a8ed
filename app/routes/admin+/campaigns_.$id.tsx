import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { formatTime } from "../../../shared/time";
import { rupees } from "../../../shared/money";
import type { CampaignViewRow as ViewRow } from "../../../shared/contracts/ads";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Campaign View Log · Operator Console") },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  invariantResponse(/^[0-9a-f]{24}$/.test(id), "Campaign not found.", 404);
  const d = await operatorRead(request, context, `/adminRoute/campaigns/${id}/views`, {
    page: String(pageParam(new URL(request.url))),
  });
  return { ...d, id };
}

function outcome(v: ViewRow): string {
  if (v.amount !== null) return `Credited ${rupees(v.amount)}`;
  if (v.consumedAt) return "Claimed, not credited";
  return "Not claimed";
}

/** Every view started on one campaign: who, when, from where, and whether it was credited. */
export default function CampaignViewLog() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <Link to="/admin/campaigns" className="text-sm text-brand-600 underline">
        Back to campaigns
      </Link>
      <h1 className="text-2xl font-bold">View Log</h1>
      <p className="font-mono text-xs text-slate-500">{d.id}</p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No views yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Views">
          {d.records.map((v) => (
            <li
              key={v.id}
              className="card grid grid-cols-1 gap-1 text-sm sm:grid-cols-4"
              data-testid="ad-view"
            >
              <span className="font-semibold">{v.userName ?? "—"}</span>
              <span>Started {formatTime(v.startedAt)}</span>
              <span>{outcome(v)}</span>
              <span className="font-mono text-xs text-slate-500">{v.ip ?? ""}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
