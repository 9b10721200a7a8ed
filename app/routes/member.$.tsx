import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { memberPageTitle } from "~/utils/member-pages";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Member"} | Rupee Rewards` },
];

/** A member page the spec lists but this build does not have yet; unknown member paths are a 404. */
export function loader({ params }: LoaderFunctionArgs) {
  const title = memberPageTitle(params["*"] ?? "");
  invariantResponse(title, "Not Found", 404);
  return { title };
}

export default function ComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg">
      <div className="card px-6 py-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{title}</p>
        <h1 className="mt-2 text-2xl font-bold">Coming soon</h1>
        <p className="mt-2 text-sm text-slate-600">
          This section is on its way. Meanwhile, keep earning from your dashboard.
        </p>
        <Link to="/member/dashboard" className="btn-primary mt-6">
          Go to Dashboard
        </Link>
      </div>
    </div>
  );
}
