import type { AppLoadContext } from "@remix-run/node";
import { redirectWithToast } from "./toast.server";
import { SHORT_LINKS_PATH } from "./shortlinks";
import { requestT } from "../i18n/i18n.server";

/** The end page without a token: the spec's 'Invalid Request' toast, on the short link list. */
export function missingTokenAnswer(request: Request, context: AppLoadContext): Promise<Response> {
  const t = requestT(request);
  return redirectWithToast(context, SHORT_LINKS_PATH, {
    type: "error",
    title: t("earn.shortLinks.invalidRequest"),
    description: t("earn.shortLinks.tokenMissing"),
  });
}
