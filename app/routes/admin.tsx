import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { operatorRead } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: "Operator Console" }];

/** Only operators get past this: the API answers 403 for anyone else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorRead(request, context, "/adminRoute/settings");
  return null;
}

const SECTIONS = [
  { to: "/admin/withdrawals", label: "Withdrawals" },
  { to: "/admin/gift-codes", label: "Gift Codes" },
  { to: "/admin/payout-methods", label: "Payout Methods" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/ads", label: "Ad Pricing" },
  { to: "/admin/campaigns", label: "Campaigns" },
  { to: "/admin/short-links", label: "Short Links" },
  { to: "/admin/ad-cheat-log", label: "Cheat Log" },
  { to: "/admin/task-walls", label: "Task Walls" },
  { to: "/admin/postbacks", label: "Postbacks" },
  { to: "/admin/games", label: "Games" },
  { to: "/admin/audit", label: "Audit Log" },
  { to: "/admin/ledger", label: "Ledger Check" },
];

function Shell({ children, nav = true }: { children: React.ReactNode; nav?: boolean }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/admin" className="text-lg font-bold text-brand-900">
            Operator Console
          </Link>
          <Link to="/member/dashboard" className="text-sm font-semibold text-brand-600 underline">
            Member area
          </Link>
        </div>
        {nav ? (
          <nav aria-label="Operator menu" className="mx-auto max-w-6xl overflow-x-auto px-2">
            <ul className="flex gap-1 whitespace-nowrap pb-2 text-sm">
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-1.5 font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main className="page-enter mx-auto max-w-6xl px-4 py-6">{children}</main>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A member who is not an operator: the API's 403 for this area (other 403s are refused requests). */
const OPERATORS_ONLY = "Operators only";

export function ErrorBoundary() {
  const error = useRouteError();
  const notOperator = isRouteErrorResponse(error) && error.status === 403 && error.data === OPERATORS_ONLY;
  return (
    <Shell nav={!notOperator}>
      <GeneralErrorBoundary
        statusHandlers={{
          403: (e) =>
            e.data === OPERATORS_ONLY ? (
              <div className="mx-auto max-w-md text-center">
                <h1 className="text-2xl font-bold">Operators only</h1>
                <p className="mt-2 text-slate-600">This area is for the site's operators.</p>
                <Link to="/member/dashboard" className="btn-primary mt-6">
                  Back to your dashboard
                </Link>
              </div>
            ) : undefined,
        }}
      />
    </Shell>
  );
}
