import { Form, Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { PrivacyState } from "../../shared/contracts/privacy";

/** Where the form posts (app/routes/member+/settings_.privacy.tsx). */
export const PRIVACY_SETTINGS_ACTION = "/member/settings/privacy";
/** The member's data page (download, correct, close the account: issue 44 §2). */
export const YOUR_DATA_ANCHOR = "/member/my-data";

/**
 * Settings' Privacy section (issue 44 §1): each purpose of the notice, whether it is given and
 * since when, what withdrawing stops, and a button that withdraws (or gives) an optional one —
 * a plain form, so it works without JavaScript. Required purposes are withdrawn only by closing
 * the account, in "Your data".
 */
export function PrivacySettings({ state }: { state: PrivacyState }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section id="privacy" className="card space-y-3" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading" className="text-lg font-semibold">
        {t("privacy.settings.heading")}
      </h2>
      <p className="text-sm text-slate-600">
        {t("privacy.settings.intro", { version: state.notice_version })}
      </p>
      <ul className="divide-y divide-slate-200">
        {state.purposes.map((p) => (
          <li key={p.purpose} className="space-y-1 py-3" data-purpose={p.purpose}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium">{t(`privacy.notice.purposes.${p.purpose}.title`)}</h3>
              <span
                className={
                  p.granted ? "text-sm font-medium text-emerald-700" : "text-sm font-medium text-slate-600"
                }
              >
                {p.granted ? t("privacy.settings.given") : t("privacy.settings.withdrawn")}
                {p.since ? ` · ${t("privacy.settings.since", { date: f.time(p.since) })}` : null}
              </span>
            </div>
            <p className="text-sm text-slate-600">
              {t("privacy.settings.stops", { what: t(`privacy.notice.purposes.${p.purpose}.withdrawing`) })}
            </p>
            {p.required ? (
              <p className="text-sm text-slate-600">
                <Trans
                  i18nKey="privacy.settings.requiredNote"
                  components={{
                    data: <Link to={YOUR_DATA_ANCHOR} className="font-medium text-brand-600 underline" />,
                  }}
                />
              </p>
            ) : (
              <Form method="post" action={PRIVACY_SETTINGS_ACTION}>
                <input type="hidden" name="purpose" value={p.purpose} />
                <input type="hidden" name="granted" value={p.granted ? "false" : "true"} />
                <button type="submit" className={p.granted ? "btn-secondary" : "btn-primary"}>
                  {p.granted ? t("privacy.settings.withdraw") : t("privacy.settings.give")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Link to="/privacy-notice" className="font-medium text-brand-600 underline">
          {t("privacy.settings.readNotice")}
        </Link>
      </p>
    </section>
  );
}
