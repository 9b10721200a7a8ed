import { pageTitle } from "~/utils/meta";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { cancelRaiseAction, overviewLoader } from "./overview.server";
import { Overview } from "./overview";
import { Sections } from "./sections";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Overview · Operator Console") },
];

export async function loader(args: LoaderFunctionArgs) {
  return overviewLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return cancelRaiseAction(args);
}

export default function AdminIndex() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "overview" ? (
    <Overview o={data.overview} payouts={data.payouts} raises={data.raises} />
  ) : (
    <Sections sections={data.sections} />
  );
}
