import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage } from "~/components/policy-page";
import { pageTitle } from "~/utils/meta";
import { html, navBarData } from "~/utils/public-data.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Privacy Policy") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context, "privacy_policy");
  return { html: html(nav.privacy_policy_data) };
}

export default function PrivacyPolicy() {
  const { html } = useLoaderData<typeof loader>();
  return <PolicyPage title="Privacy Policy" html={html} />;
}
