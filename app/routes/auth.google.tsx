import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { startGoogleSignIn } from "~/utils/google-auth.server";

/** GET /auth/google?mode=login | mode=signup&terms=on&ref={userName} (or the same as a posted form): off to the provider. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  startGoogleSignIn(request, context, new URL(request.url).searchParams);

export const action = async ({ request, context }: ActionFunctionArgs) =>
  startGoogleSignIn(request, context, await request.formData());
