// Not nested in _public.signup.tsx (the trailing underscore): /signup/ref/{id} is its own page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SignUpCard } from "~/components/signup-form";
import { signUpAction, signUpLoader } from "~/utils/signup.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.signUp") }];

/** The referrer id comes from the route (the referrer's userName); the API checks it exists. */
function referrerOf(params: { id?: string }): string | null {
  const id = params.id?.trim();
  return id ? id.slice(0, 64) : null;
}

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  signUpLoader(request, context, referrerOf(params));
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  signUpAction(request, context, referrerOf(params));

export default function ReferralSignUpPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return <SignUpCard {...data} failure={failure} />;
}
