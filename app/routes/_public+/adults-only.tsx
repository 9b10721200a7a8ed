import { pageTitle } from "~/utils/meta";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";

/**
 * Where a member who answered under 18 at the consent step lands (issue 44 §3), signed out: the
 * account earns and withdraws nothing, and the grievance officer is how to report a mistake.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Adults only") },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  return { title: `${requestT(request)("privacy.step.underAgeHeading")} | ${context.publicEnv.SITE_NAME}` };
}

export default function AdultsOnly() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="card space-y-3 p-6">
        <h1 className="text-2xl font-bold">{t("privacy.step.underAgeHeading")}</h1>
        <p className="text-slate-700">
          <Trans
            i18nKey="privacy.step.underAge"
            components={{
              grievance: <Link to="/grievance" className="font-medium text-brand-600 underline" />,
            }}
          />
        </p>
      </div>
    </main>
  );
}
