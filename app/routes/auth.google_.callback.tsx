import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishGoogleSignIn } from "~/utils/google-auth.server";

// The file name's `_` keeps this route out of /auth/google's (which would otherwise run first and restart the flow).

/** GET /auth/google/callback — where the provider sends the member back. */
export const loader = ({ request, context }: LoaderFunctionArgs) => finishGoogleSignIn(request, context);
