import { data, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { ContactSchema, type ContactActionData } from "~/components/contact-form";
import { localeOf, requestT } from "../i18n/i18n.server";
import { localizeMessage } from "../../shared/i18n/apiMessages";
import { callApi, errorText, type ApiResult } from "./api.server";
import { redirectWithToast } from "./toast.server";
import { GENERIC_FAILURE } from "../../shared/messages";
import type { GrievanceClocks } from "../../shared/contracts/support";

/** The page the form was posted from, without Remix's `?index` marker. */
function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

type ContactRoute = "/userMessageRoute/userMessageSave_post" | "/userMessageRoute/grievance_post";

/**
 * Reads the contact form and sends it to `route`: answers the API's result, or the 4xx data to
 * show when the form or the API refused it (the rate limit, a field the API rejects).
 */
async function sendContactForm(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  route: ContactRoute,
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return {
      refused: data<ContactActionData>({ result: submission.reply(), errorMsg: null }, { status: 400 }),
    };
  }
  let result: ApiResult | null;
  try {
    result = await callApi(request, context, route, { obj: { ...submission.value, consent: true } });
  } catch {
    result = null;
  }
  if (result?.ok) return { sent: result };
  const status = result && result.status >= 400 ? result.status : 502;
  return {
    refused: data<ContactActionData>(
      {
        result: submission.reply(),
        errorMsg: result ? errorText(result.body) : localizeMessage(localeOf(request), GENERIC_FAILURE),
      },
      { status },
    ),
  };
}

/**
 * The contact form's action, shared by the home page, /contact-us and the member support page.
 * A sent message goes back to the page with the spec's success toast; a refusal (the rate limit,
 * a field the API rejects) is shown above the button.
 */
export async function contactAction(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  redirectTo?: string,
) {
  const answer = await sendContactForm(args, "/userMessageRoute/userMessageSave_post");
  if (answer.refused) return answer.refused;
  const msg =
    typeof answer.sent.body.msg === "string" && answer.sent.body.msg
      ? answer.sent.body.msg
      : requestT(args.request)("pub.contact.success");
  return redirectWithToast(args.context, redirectTo ?? samePage(args.request), {
    type: "success",
    title: msg,
  });
}

/**
 * The grievance form's action (/grievance, issue 44): the contact form's fields, filed as a
 * grievance; the page then shows its reference and resolution date in place of the form.
 */
export async function grievanceAction(args: Pick<ActionFunctionArgs, "request" | "context">) {
  const answer = await sendContactForm(args, "/userMessageRoute/grievance_post");
  if (answer.refused) return answer.refused;
  const filed = answer.sent.body.msg as GrievanceClocks;
  return data({ filed: { reference: filed.reference, resolve_by: filed.resolve_by } });
}
