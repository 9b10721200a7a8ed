import { pageTitle } from "~/utils/meta";
import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ContentSummary, MissingHindi } from "../../../shared/contracts/siteWords";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Content · Operator Console") },
];

const KINDS = [
  {
    to: "/admin/content/announcements",
    title: "Announcements",
    text: "The news on every member's dashboard: time, message, order.",
    count: (s: ContentSummary) => s.announcements,
    missing: "announcements",
  },
  {
    to: "/admin/content/faq",
    title: "FAQ",
    text: "Questions and answers on the home page.",
    count: (s: ContentSummary) => s.faq,
    missing: "faq",
  },
  {
    to: "/admin/content/home",
    title: "Home page sections",
    text: "The boxes under the home page's statistics.",
    count: (s: ContentSummary) => s.homeSections,
    missing: "homeSections",
  },
  {
    to: "/admin/content/policies",
    title: "Policy pages",
    text: "Privacy Policy, Terms of Use and DMCA.",
    missing: "policies",
  },
  {
    to: "/admin/content/instructions",
    title: "Instructions",
    text: "The instructions on the Withdraw, Balance Converter, PTC Ads, Click Short Links and Task Walls pages.",
    missing: "instructions",
  },
  {
    to: "/admin/content/texts",
    title: "Texts and statistics",
    text: "The gift code page message, the referral page text and the home page's statistics base.",
    missing: "texts",
  },
] as const;

/** The names members read that are edited elsewhere in the console, with their Hindi. */
const ELSEWHERE: { to: string; title: string; missing: keyof MissingHindi }[] = [
  { to: "/admin/short-links", title: "Short-link names", missing: "shortLinks" },
  { to: "/admin/games", title: "Game room names", missing: "roomTypes" },
  { to: "/admin/payout-methods", title: "Payout methods", missing: "payoutMethods" },
  { to: "/admin/task-walls", title: "Task-wall names", missing: "taskWalls" },
];

/** "All in Hindi", or how many items Hindi readers still see in English. */
function HindiCount({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return n === 0 ? (
    <p className="mt-1 text-sm text-slate-600" data-testid="hindi-count">
      All in Hindi
    </p>
  ) : (
    <p className="mt-1 text-sm font-semibold text-amber-900" data-testid="hindi-count">
      {n === 1 ? "1 item without Hindi" : `${n} items without Hindi`}
    </p>
  );
}

/** The content editor's front page: every kind of the site's words, with links. */
export default function AdminContentIndex() {
  const summary = useRouteLoaderData<ContentSummary>(ROUTE_IDS.adminContent);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Content</h1>
        <p className="mt-1 text-sm text-slate-600">
          The site&apos;s words. Changes show on the public site at once, HTML is cleaned of scripts as it is
          saved, and every change is in the audit log with the text before and after.
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {KINDS.map((k) => (
          <li key={k.to} className="card">
            <h2 className="text-lg font-semibold">
              <Link to={k.to} className="text-brand-600 underline">
                {k.title}
              </Link>
              {"count" in k && summary ? (
                <span className="ml-2 text-sm font-normal text-slate-500">({k.count(summary)})</span>
              ) : null}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{k.text}</p>
            <HindiCount n={summary?.missingHindi?.[k.missing]} />
          </li>
        ))}
      </ul>
      {summary?.missingHindi ? (
        <section className="card" aria-labelledby="hindi-elsewhere">
          <h2 id="hindi-elsewhere" className="text-lg font-semibold">
            Hindi elsewhere in the console
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Names members read that are edited with their own settings. Without Hindi, Hindi readers see the
            English.
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {ELSEWHERE.map((e) => (
              <li key={e.to} className="flex flex-wrap justify-between gap-2">
                <Link to={e.to} className="text-brand-600 underline">
                  {e.title}
                </Link>
                <span data-testid={`hindi-missing-${e.missing}`}>
                  {summary.missingHindi![e.missing] === 0
                    ? "All in Hindi"
                    : `${summary.missingHindi![e.missing]} without Hindi`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
