import { data, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { ContactSchema, type ContactActionData } from "~/components/contact-form";
import { localeOf, requestT } from "../i18n/i18n.server";
import { localizeMessage } from "../../shared/i18n/apiMessages";
import { callApi, errorText, type ApiResult } from "./api.server";
import { redirectWithToast } from "./toast.server";
import { GENERIC_FAILURE } from "../../shared/messages";

/** The page the form was posted from, without Remix's `?index` marker. */
function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The contact form's action, shared by the home page, /contact-us and the member support page.
 * A sent message goes back to the page with the spec's success toast; a refusal (the rate limit,
 * a field the API rejects) is shown above the button.
 */
export async function contactAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  redirectTo?: string,
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply(), errorMsg: null }, { status: 400 });
  }
  let result: ApiResult | null;
  try {
    result = await callApi(request, context, "/userMessageRoute/userMessageSave_post", {
      obj: { ...submission.value, consent: true },
    });
  } catch {
    result = null;
  }
  if (result?.ok) {
    const msg =
      typeof result.body.msg === "string" && result.body.msg
        ? result.body.msg
        : requestT(request)("pub.contact.success");
    return redirectWithToast(context, redirectTo ?? samePage(request), { type: "success", title: msg });
  }
  const status = result && result.status >= 400 ? result.status : 502;
  return data<ContactActionData>(
    {
      result: submission.reply(),
      errorMsg: result ? errorText(result.body) : localizeMessage(localeOf(request), GENERIC_FAILURE),
    },
    { status },
  );
}
