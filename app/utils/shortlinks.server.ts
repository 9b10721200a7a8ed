import type { AppLoadContext } from "@remix-run/node";
import { redirectWithToast } from "./toast.server";
import { END_PAGE_MESSAGES, SHORT_LINKS_PATH } from "./shortlinks";

/** The end page without a token: the spec's 'Invalid Request' toast, on the short link list. */
export function missingTokenAnswer(context: AppLoadContext): Promise<Response> {
  return redirectWithToast(context, SHORT_LINKS_PATH, {
    type: "error",
    title: END_PAGE_MESSAGES.invalidRequest,
    description: END_PAGE_MESSAGES.tokenMissing,
  });
}
