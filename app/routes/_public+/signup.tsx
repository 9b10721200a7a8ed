import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SignUpCard } from "~/components/signup-form";
import { signUpAction, signUpLoader } from "~/utils/signup.server";
import { pageName } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${pageName(matches, "pub.signUp")} | Rupee Rewards` },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => signUpLoader(request, context, null);
export const action = ({ request, context }: ActionFunctionArgs) => signUpAction(request, context, null);

export default function SignUpPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return <SignUpCard {...data} failure={failure} />;
}
