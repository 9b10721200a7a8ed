import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { durationSeconds, isEnabled } from "../../../../shared/campaign";
import type { AdvertiserCreateData as CreateData } from "../../../../shared/contracts/ads";
import { subtotalOf, typeOf, type Values } from "./wizard";

/** Step 4: the whole draft and its subtotal, before Create. */
export function StepPreview({ d, values }: { d: Pick<CreateData, "PTCAds_pricing">; values: Values }) {
  const { t } = useTranslation();
  const f = useFormat();
  const type = typeOf(values);
  const subtotal = subtotalOf(d, values);
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
      aria-label={t("adv.create.preview.label")}
    >
      <dt className="text-slate-600">{t("adv.create.preview.type")}</dt>
      <dd>{type ? t(`adv.typeLabels.${type}`) : ""}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.title")}</dt>
      <dd>{values.step_2_title}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.url")}</dt>
      <dd className="break-all">{values.step_2_url}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.description")}</dt>
      <dd>{values.step_2_description}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.duration")}</dt>
      <dd>{t("adv.create.preview.seconds", { n: durationSeconds(values.step_3_duration) })}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.totalViews")}</dt>
      <dd>{values.step_3_total_views}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.interval")}</dt>
      <dd>{t("adv.create.preview.hours", { n: values.step_3_interval_in_hours })}</dd>
      <dt className="text-slate-600">{t("adv.create.preview.perDayLimit")}</dt>
      <dd>
        {isEnabled(values.step_3_enableLimit) ? values.step_3_limitViewsPerDay : t("adv.create.preview.off")}
      </dd>
      <dt className="text-slate-600">{t("adv.create.preview.subtotal")}</dt>
      <dd className="font-semibold tabular-nums" data-testid="subtotal">
        {f.money(subtotal ?? 0)}
      </dd>
    </dl>
  );
}
