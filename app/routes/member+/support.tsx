import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, errorText, memberApi } from "~/utils/api.server";
import { contactAction } from "~/utils/contact.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ContactForm, type ContactActionData } from "~/components/contact-form";
import { SubmitButton, useIsPending } from "~/components/forms";
import { MessageStatusBadge } from "~/components/message-status";
import { Pagination } from "~/components/pagination";
import { isMobileNumber } from "../../../shared/fields";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageName } from "~/utils/meta";
import {
  MISSING_CREDIT_ANSWER_HOURS,
  MISSING_CREDIT_DAYS,
  OFFER_NAME_MAX,
  SUPPORT_TEXT_MAX,
} from "../../../shared/contracts/support";
import { GENERIC_FAILURE } from "../../../shared/messages";

export const meta: MetaFunction = ({ matches }) => [{ title: pageName(matches, "account.support") }];

/** The member types the completion time in Indian time (datetime-local has no zone of its own). */
const IST_OFFSET_MS = 330 * 60 * 1000;
const istLocal = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const fromIstLocal = (local: string) => `${local.length === 16 ? `${local}:00` : local}+05:30`;

/** The form starts filled with what the account already knows; the member can change any of it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
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

interface SupportActionData {
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
export async function action(args: ActionFunctionArgs) {
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

function FollowUpForm({ id, error, draft }: { id: number; error?: string; draft?: string }) {
  const pending = useIsPending({ formMethod: "POST", fields: { intent: "follow-up", id: String(id) } });
  const { t } = useTranslation();
  return (
    <Form method="post" className="space-y-2" aria-label={t("account.support.replyForm")}>
      <input type="hidden" name="id" value={id} />
      <div>
        <label className="label" htmlFor={`follow-up-${id}`}>
          {t("account.support.yourReply")}
        </label>
        <textarea
          id={`follow-up-${id}`}
          name="body"
          className="input min-h-20"
          required
          maxLength={SUPPORT_TEXT_MAX}
          defaultValue={draft ?? ""}
          aria-describedby={error ? `follow-up-${id}-error` : undefined}
        />
        {error ? (
          <p id={`follow-up-${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={pending} className="btn-secondary" name="intent" value="follow-up">
        {t("account.support.sendReply")}
      </SubmitButton>
    </Form>
  );
}

function MissingCreditForm({
  walls,
  min,
  max,
  actionData,
}: {
  walls: { wallId: string; name: string; lastOpenedAt: string }[];
  min: string;
  max: string;
  actionData?: SupportActionData;
}) {
  const pending = useIsPending({ formMethod: "POST", fields: { intent: "missing-credit" } });
  const v = actionData?.form === "missing-credit" ? actionData.values : undefined;
  const error = actionData?.form === "missing-credit" ? actionData.error : undefined;
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Form method="post" className="space-y-3" aria-label={t("account.support.reportForm")}>
      <div>
        <label className="label" htmlFor="mc-wall">
          {t("account.support.taskWall")}
        </label>
        <select
          id="mc-wall"
          name="wallId"
          className="input"
          required
          defaultValue={v?.wallId ?? walls[0]?.wallId}
        >
          {walls.map((w) => (
            <option key={w.wallId} value={w.wallId}>
              {t("account.support.wallOption", { name: w.name, time: f.time(w.lastOpenedAt) })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="label" htmlFor="mc-offer">
          {t("account.support.offerName")}
        </label>
        <input
          id="mc-offer"
          name="offerName"
          className="input"
          required
          maxLength={OFFER_NAME_MAX}
          autoComplete="off"
          defaultValue={v?.offerName ?? ""}
        />
      </div>
      <div>
        <label className="label" htmlFor="mc-completed">
          {t("account.support.completedAt")}
        </label>
        <input
          id="mc-completed"
          name="completedAt"
          type="datetime-local"
          className="input"
          required
          min={min}
          max={max}
          defaultValue={v?.completedAt ?? ""}
        />
      </div>
      <div>
        <label className="label" htmlFor="mc-details">
          {t("account.support.details")}
        </label>
        <textarea
          id="mc-details"
          name="details"
          className="input min-h-20"
          maxLength={SUPPORT_TEXT_MAX}
          defaultValue={v?.details ?? ""}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <SubmitButton pending={pending} className="btn-primary" name="intent" value="missing-credit">
        {t("account.support.sendReport")}
      </SubmitButton>
    </Form>
  );
}

export default function SupportPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SupportActionData | ContactActionData | undefined;
  const contactData = actionData && "result" in actionData ? actionData : undefined;
  const supportData = actionData && "form" in actionData ? actionData : undefined;
  const { t } = useTranslation();
  const f = useFormat();
  const promise = t("account.support.promise", { hours: MISSING_CREDIT_ANSWER_HOURS });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">{t("account.support.title")}</h1>
      <p className="text-sm text-slate-600">{t("account.support.intro")}</p>
      <div className="card">
        <ContactForm actionData={contactData} defaultValue={d.defaultValue} heading={null} />
      </div>

      <section className="space-y-3" aria-labelledby="my-messages-heading" id="my-messages">
        <h2 id="my-messages-heading" className="text-xl font-bold">
          {t("account.support.yourMessages")}
        </h2>
        {d.messages === null ? (
          <p className="card text-sm text-slate-600">{t("account.support.messagesFailed")}</p>
        ) : d.messages.records.length === 0 ? (
          <p className="card text-sm text-slate-600">{t("account.support.noMessages")}</p>
        ) : (
          <ul className="space-y-3">
            {d.messages.records.map((m) => (
              <li
                key={m.id}
                id={`message-${m.id}`}
                className="card space-y-2 text-sm"
                data-testid="my-message"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="min-w-0 break-words text-base font-semibold">{m.subject}</h3>
                  <time className="text-xs text-slate-600" dateTime={m.time}>
                    {f.time(m.time)}
                  </time>
                </div>
                <p className="flex flex-wrap items-center gap-2">
                  {t("account.support.status")}
                  <MessageStatusBadge status={m.status} />
                </p>
                {m.missingCredit ? (
                  <p className="break-words text-slate-700">
                    {t("account.support.missingCreditLine", {
                      wall: m.missingCredit.wallName,
                      offer: m.missingCredit.offerName,
                    })}{" "}
                    <time dateTime={m.missingCredit.completedAt}>{f.time(m.missingCredit.completedAt)}</time>
                    {m.status === "open" ? <> · {promise}</> : null}
                  </p>
                ) : null}
                <p className="whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
                {m.replies.length > 0 ? (
                  <ol className="space-y-2" aria-label={t("account.support.replies")}>
                    {m.replies.map((r) => (
                      <li
                        key={r.id}
                        data-testid="my-reply"
                        className={`rounded-md border p-2 ${r.fromOperator ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-slate-50"}`}
                      >
                        <p className="text-xs text-slate-600">
                          {r.fromOperator ? t("account.support.fromSupport") : t("account.support.fromYou")} ·{" "}
                          <time dateTime={r.time}>{f.time(r.time)}</time>
                        </p>
                        <p className="whitespace-pre-wrap break-words">{r.body}</p>
                      </li>
                    ))}
                  </ol>
                ) : null}
                <FollowUpForm
                  id={m.id}
                  error={
                    supportData?.form === "follow-up" && supportData.id === m.id
                      ? supportData.error
                      : undefined
                  }
                  draft={
                    supportData?.form === "follow-up" && supportData.id === m.id
                      ? supportData.values.body
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {d.messages ? (
          <Pagination page={d.messages.pagination.page} totalPages={d.messages.pagination.totalPages} />
        ) : null}
      </section>

      <section className="card space-y-3" aria-labelledby="missing-credit-heading" id="missing-credit">
        <h2 id="missing-credit-heading" className="text-xl font-bold">
          {t("account.support.missingCredit")}
        </h2>
        <p className="text-sm text-slate-600">
          {t("account.support.missingCreditIntro")} {promise}
        </p>
        {d.filed ? (
          <div
            className="rounded-md border border-green-300 bg-green-50 p-3 text-sm"
            role="status"
            data-testid="filed-report"
          >
            <p className="font-semibold">{t("account.support.reportReceived")}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              {t("account.support.status")}
              <MessageStatusBadge status={d.filed.status} />
            </p>
            <p className="mt-1">{promise}</p>
          </div>
        ) : null}
        {d.walls === null ? (
          <p className="text-sm text-slate-600">{t("account.support.wallsFailed")}</p>
        ) : d.walls.length === 0 ? (
          <p className="text-sm" data-testid="no-walls-opened">
            <Trans
              i18nKey="account.support.noWalls"
              values={{ days: MISSING_CREDIT_DAYS }}
              components={{ walls: <Link className="text-brand-700 underline" to="/member/task-wall" /> }}
            />
          </p>
        ) : (
          <MissingCreditForm
            walls={d.walls}
            min={d.completedMin}
            max={d.completedMax}
            actionData={supportData}
          />
        )}
      </section>
    </div>
  );
}
