import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { callApi, errorText, memberApi } from "~/utils/api.server";
import { contactAction } from "~/utils/contact.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isMobileNumber } from "../../../../shared/fields";
import { requestT } from "~/i18n/i18n.server";
import { MISSING_CREDIT_DAYS, OFFER_NAME_MAX, SUPPORT_TEXT_MAX } from "../../../../shared/contracts/support";
import { GENERIC_FAILURE } from "../../../../shared/messages";

/** The member types the completion time in Indian time (datetime-local has no zone of its own). */
const IST_OFFSET_MS = 330 * 60 * 1000;
const istLocal = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const fromIstLocal = (local: string) => `${local.length === 16 ? `${local}:00` : local}+05:30`;

/** The form starts filled with what the account already knows; the member can change any of it. */
export async function supportLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [profile, account, mine, walls] = await Promise.all([
    memberApi(request, context, "/userRoute/userProfileData_get"),
    memberApi(request, context, "/userRoute/userpassword_and_email_get"),
    memberApi(request, context, "/userMessageRoute/my-messages", {
      query: { page: url.searchParams.get("page") ?? undefined },
    }),
    memberApi(request, context, "/userMessageRoute/task-walls-opened"),
  ]);
  const p = profile.ok ? profile.body.msg : undefined;
  const a = account.ok ? account.body.msg : undefined;
  const mobile = p?.mobile_number === null || p?.mobile_number === undefined ? "" : String(p.mobile_number);
  const filed = Number(url.searchParams.get("filed"));
  const messages = mine.ok ? (mine.body.msg ?? null) : null;
  const now = Date.now();
  return {
    defaultValue: {
      name: p?.name ?? "",
      email_address: a?.email_address ?? "",
      mobile_number: isMobileNumber(mobile) ? mobile : "",
    },
    messages,
    walls: walls.ok ? (walls.body.msg?.records ?? null) : null,
    filed:
      Number.isSafeInteger(filed) && filed > 0
        ? (messages?.records.find((m) => m.id === filed) ?? null)
        : null,
    completedMin: istLocal(now - MISSING_CREDIT_DAYS * 24 * 60 * 60 * 1000),
    completedMax: istLocal(now),
  };
}

export interface SupportActionData {
  form: "follow-up" | "missing-credit";
  /** The follow-up's message id. */
  id?: number;
  error: string;
  values: Record<string, string>;
}

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.trim() : "");

/**
 * Three forms post here: the spec's contact form (no intent: the shared contact action), a
 * follow-up in one of the member's threads, and a missing-credit report.
 */
export async function supportAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const t = requestT(request);
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "follow-up") {
    const rawId = text(form.get("id"));
    const body = text(form.get("body"));
    const id = /^[1-9]\d{0,14}$/.test(rawId) ? Number(rawId) : null;
    const refuse = (error: string, status = 400) =>
      data<SupportActionData>(
        { form: "follow-up", id: id ?? undefined, error, values: { body: body.slice(0, SUPPORT_TEXT_MAX) } },
        { status },
      );
    if (id === null) return refuse(t("account.support.messageNotFound"), 404);
    if (!body || body.length > SUPPORT_TEXT_MAX)
      return refuse(t("account.support.writeReply", { max: SUPPORT_TEXT_MAX }));
    const res = await callApi(request, context, `/userMessageRoute/my-messages/${id}/reply`, {
      json: { body },
    });
    if (res.ok)
      return redirectWithToast(context, `/member/support#message-${id}`, {
        type: "success",
        title: res.body.msg ?? t("account.support.replySent"),
      });
    return refuse(
      errorText(res.body, GENERIC_FAILURE),
      res.status >= 400 && res.status < 500 ? res.status : 502,
    );
  }
  if (intent === "missing-credit") {
    const values = {
      wallId: text(form.get("wallId")),
      offerName: text(form.get("offerName")).slice(0, OFFER_NAME_MAX + 1),
      completedAt: text(form.get("completedAt")).slice(0, 19),
      details: text(form.get("details")).slice(0, SUPPORT_TEXT_MAX + 1),
    };
    const refuse = (error: string, status = 400) =>
      data<SupportActionData>({ form: "missing-credit", error, values }, { status });
    if (!values.wallId) return refuse(t("account.support.chooseWall"));
    if (!values.offerName || values.offerName.length > OFFER_NAME_MAX)
      return refuse(t("account.support.nameOffer", { max: OFFER_NAME_MAX }));
    if (!LOCAL_TIME.test(values.completedAt) || Number.isNaN(Date.parse(fromIstLocal(values.completedAt))))
      return refuse(t("account.support.chooseTime"));
    if (values.details.length > SUPPORT_TEXT_MAX)
      return refuse(t("account.support.detailsTooLong", { max: SUPPORT_TEXT_MAX }));
    const res = await callApi(request, context, "/userMessageRoute/missing-credit", {
      json: {
        wallId: values.wallId,
        offerName: values.offerName,
        completedAt: new Date(fromIstLocal(values.completedAt)).toISOString(),
        ...(values.details ? { details: values.details } : {}),
      },
    });
    const filed = res.ok ? res.body.msg : undefined;
    if (filed)
      return redirectWithToast(context, `/member/support?filed=${filed.id}#missing-credit`, {
        type: "success",
        title: filed.message,
      });
    return refuse(
      errorText(res.body, GENERIC_FAILURE),
      res.status >= 400 && res.status < 500 ? res.status : 502,
    );
  }
  return contactAction(args, "/member/support");
}
