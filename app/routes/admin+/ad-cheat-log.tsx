import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { formatTime } from "../../../shared/time";
import type { CheatChannel as Channel, CheatLogRow as CheatRow } from "../../../shared/contracts/ads";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Cheat Log · Operator Console") },
];

const CHANNELS: ReadonlyArray<{ value: Channel | null; label: string }> = [
  { value: null, label: "All" },
  { value: "ptc_ads", label: "Ads" },
  { value: "click_short_link", label: "Short links" },
];

const isChannel = (v: string | null): v is Channel => v === "ptc_ads" || v === "click_short_link";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const param = url.searchParams.get("channel");
  const channel = isChannel(param) ? param : null;
  const log = await operatorRead(request, context, "/adminRoute/adCheatLog", {
    page: String(pageParam(url)),
    channel: channel ?? undefined,
  });
  return { ...log, channel };
}

/** What a refused earning was about: the ad campaign, or the short link. */
function Subject({ r }: { r: CheatRow }) {
  if (r.campaignId)
    return (
      <Link className="text-brand-600 underline" to={`/admin/campaigns/${r.campaignId}`}>
        {r.campaignTitle ?? r.campaignId}
      </Link>
    );
  if (r.shortLinkId)
    return (
      <Link className="text-brand-600 underline" to="/admin/short-links">
        {r.shortLinkName ?? r.shortLinkId}
      </Link>
    );
  return <>—</>;
}

/** Every refused ad view and short-link claim, newest first: who, what, why, from where. */
export default function CheatLog() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cheat Log</h1>
      <p className="text-sm text-slate-600">
        Refused earnings: too early or too fast, expired, a reused token, inside the interval, over a limit, a
        proxy…
      </p>
      <nav aria-label="Channel" className="flex gap-1 rounded-xl bg-slate-100 p-1 sm:max-w-md">
        {CHANNELS.map((c) => (
          <Link
            key={c.label}
            to={c.value ? `/admin/ad-cheat-log?channel=${c.value}` : "/admin/ad-cheat-log"}
            aria-current={c.value === d.channel ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${c.value === d.channel ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
          >
            {c.label}
          </Link>
        ))}
      </nav>
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
                <span className="sr-only">{r.channel === "click_short_link" ? "Short link: " : "Ad: "}</span>
                <Subject r={r} />
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
