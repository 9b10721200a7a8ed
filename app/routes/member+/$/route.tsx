import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { memberPageSection, memberPageTitle } from "~/routes/member+/$/member-pages";
import { requestT } from "~/i18n/i18n.server";
import { invariantResponse } from "~/utils/invariant";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Member") },
];

/** A member page the spec lists but this build does not have yet; unknown member paths are a 404. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const splat = params["*"] ?? "";
  invariantResponse(memberPageTitle(splat), "Not Found", 404);
  const section = memberPageSection(splat);
  const title = section ? requestT(request)(`memberMenu.${section}`) : memberPageTitle(splat);
  return { title };
}

export default function ComingSoon() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg">
      <div className="card px-6 py-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{title}</p>
        <h1 className="mt-2 text-2xl font-bold">{t("common.comingSoon.title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("common.comingSoon.text")}</p>
        <Link to="/member/dashboard" className="btn-primary mt-6">
          {t("common.comingSoon.dashboard")}
        </Link>
      </div>
    </div>
  );
}
