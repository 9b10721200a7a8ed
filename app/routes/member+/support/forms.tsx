import { Form } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/forms";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { OFFER_NAME_MAX, SUPPORT_TEXT_MAX } from "../../../../shared/contracts/support";
import type { SupportActionData } from "./support.server";

/** The member's own forms on the support page: a follow-up in a thread, a missing-credit report. */
export function FollowUpForm({
  id,
  subject,
  time,
  error,
  draft,
}: {
  id: number;
  /** The thread's subject and time: each thread's form has its own name. */
  subject: string;
  time: string;
  error?: string;
  draft?: string;
}) {
  const pending = useIsPending({ formMethod: "POST", fields: { intent: "follow-up", id: String(id) } });
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Form
      method="post"
      className="space-y-2"
      aria-label={t("account.support.replyForm", { subject, time: f.time(time) })}
    >
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

export function MissingCreditForm({
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
