import { pageTitle } from "~/utils/meta";
import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ContentSummary } from "../../../shared/contracts/siteWords";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Content · Operator Console") }];

const KINDS = [
  {
    to: "/admin/content/announcements",
    title: "Announcements",
    text: "The news on every member's dashboard: time, message, order.",
    count: (s: ContentSummary) => s.announcements,
  },
  {
    to: "/admin/content/faq",
    title: "FAQ",
    text: "Questions and answers on the home page.",
    count: (s: ContentSummary) => s.faq,
  },
  {
    to: "/admin/content/home",
    title: "Home page sections",
    text: "The boxes under the home page's statistics.",
    count: (s: ContentSummary) => s.homeSections,
  },
  { to: "/admin/content/policies", title: "Policy pages", text: "Privacy Policy, Terms of Use and DMCA." },
  {
    to: "/admin/content/instructions",
    title: "Instructions",
    text: "The instructions on the Withdraw, Balance Converter, PTC Ads, Click Short Links and Task Walls pages.",
  },
  {
    to: "/admin/content/texts",
    title: "Texts and statistics",
    text: "The gift code page message, the referral page text and the home page's statistics base.",
  },
] as const;

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
          </li>
        ))}
      </ul>
    </div>
  );
}
