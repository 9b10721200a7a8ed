import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Link,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { operatorRead } from "~/utils/admin.server";
import { ConsoleMenu } from "~/components/admin/console-menu";
import { ROLE_REFUSED, type OperatorRole } from "../../../shared/operatorRoles";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Operator Console") }];

/** Only operators get past this: the API answers 403 for anyone else. The roles pick the sections. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/me");
}

function Shell({
  children,
  roles,
  nav = true,
}: {
  children: React.ReactNode;
  roles: readonly OperatorRole[];
  nav?: boolean;
}) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/admin" className="text-lg font-bold text-brand-900">
            Operator Console
          </Link>
          <Link to="/member/dashboard" className="text-sm font-semibold text-brand-600 underline">
            Member area
          </Link>
        </div>
      </header>
      {nav ? (
        <div className="mx-auto max-w-7xl px-4 md:grid md:grid-cols-[11rem_minmax(0,1fr)] md:gap-6">
          <aside className="pt-3 md:pt-5">
            <ConsoleMenu roles={roles} />
          </aside>
          <main className="page-enter min-w-0 py-6">{children}</main>
        </div>
      ) : (
        <main className="page-enter mx-auto max-w-6xl px-4 py-6">{children}</main>
      )}
    </div>
  );
}

export default function AdminLayout() {
  const me = useLoaderData<typeof loader>();
  return (
    <Shell roles={me.roles}>
      <Outlet />
    </Shell>
  );
}

/** A member who is not an operator: the API's 403 for this area (other 403s are refused requests). */
const OPERATORS_ONLY = "Operators only";

export function ErrorBoundary() {
  const error = useRouteError();
  const notOperator = isRouteErrorResponse(error) && error.status === 403 && error.data === OPERATORS_ONLY;
  const me = useRouteLoaderData<typeof loader>(ROUTE_IDS.admin);
  return (
    <Shell nav={!notOperator} roles={me?.roles ?? []}>
      <GeneralErrorBoundary
        statusHandlers={{
          403: (e) =>
            e.data === ROLE_REFUSED ? (
              <div className="mx-auto max-w-md text-center" data-testid="role-refused">
                <h1 className="text-2xl font-bold">Not for your role</h1>
                <p className="mt-2 text-slate-600">{ROLE_REFUSED}</p>
              </div>
            ) : e.data === OPERATORS_ONLY ? (
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
