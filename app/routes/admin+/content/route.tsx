import { pageTitle } from "~/utils/meta";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Content · Operator Console") },
];

/** The kinds of the site's words, each a page of its own. */
export const CONTENT_PAGES = [
  { to: "/admin/content", label: "All content", end: true },
  { to: "/admin/content/announcements", label: "Announcements" },
  { to: "/admin/content/faq", label: "FAQ" },
  { to: "/admin/content/home", label: "Home page" },
  { to: "/admin/content/policies", label: "Policy pages" },
  { to: "/admin/content/instructions", label: "Instructions" },
  { to: "/admin/content/texts", label: "Texts and statistics" },
] as const;

/** Only the owner and the content role get past this: the API refuses the others (403). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/content");
}

export default function AdminContentLayout() {
  return (
    <div className="space-y-6">
      <nav aria-label="Content sections" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 whitespace-nowrap px-1 pb-1 text-sm">
          {CONTENT_PAGES.map((p) => (
            <li key={p.to}>
              <NavLink
                to={p.to}
                end={"end" in p}
                className={({ isActive }) =>
                  `block rounded-full border px-3 py-1 ${isActive ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"}`
                }
              >
                {p.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
