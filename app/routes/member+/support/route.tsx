import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm, type ContactActionData } from "~/components/contact-form";
import { MessageStatusBadge } from "~/components/message-status";
import { Pagination } from "~/components/pagination";
import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { MISSING_CREDIT_ANSWER_HOURS, MISSING_CREDIT_DAYS } from "../../../../shared/contracts/support";
import { FollowUpForm, MissingCreditForm } from "./forms";
import { supportAction, supportLoader, type SupportActionData } from "./support.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.support") }];

export async function loader(args: LoaderFunctionArgs) {
  return supportLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return supportAction(args);
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
                  subject={m.subject}
                  time={m.time}
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
