import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage } from "~/components/policy-page";
import { pageTitle } from "~/utils/meta";
import { html, navBarData } from "~/utils/public-data.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "DMCA Policy") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context, "dmca");
  return { html: html(nav.dmca_data) };
}

export default function Dmca() {
  const { html } = useLoaderData<typeof loader>();
  return <PolicyPage title="DMCA Policy" html={html} />;
}
