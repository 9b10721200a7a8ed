import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PolicyPage } from "~/components/policy-page";
import { pageTitle } from "~/utils/meta";
import { html, navBarData } from "~/utils/public-data.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.dmca") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context, "dmca");
  return { html: html(nav.dmca_data) };
}

export default function Dmca() {
  const { html } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <PolicyPage title={t("pub.titles.dmca")} html={html} />;
}
