import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SignUpCard } from "~/components/signup-form";
import { signUpAction, signUpLoader } from "~/utils/signup.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.signUp") }];

export const loader = ({ request, context }: LoaderFunctionArgs) => signUpLoader(request, context, null);
export const action = ({ request, context }: ActionFunctionArgs) => signUpAction(request, context, null);

export default function SignUpPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return <SignUpCard {...data} failure={failure} />;
}
