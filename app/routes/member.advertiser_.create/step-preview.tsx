import { formatRupees } from "../../../shared/money";
import { CAMPAIGN_TYPE_LABELS, durationSeconds, isEnabled } from "../../../shared/campaign";
import type { AdvertiserCreateData as CreateData } from "../../../shared/contracts/ads";
import { subtotalOf, typeOf, type Values } from "./wizard";

/** Step 4: the whole draft and its subtotal, before Create. */
export function StepPreview({ d, values }: { d: Pick<CreateData, "PTCAds_pricing">; values: Values }) {
  const type = typeOf(values);
  const subtotal = subtotalOf(d, values);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Preview">
      <dt className="text-slate-600">Type</dt>
      <dd>{type ? CAMPAIGN_TYPE_LABELS[type] : ""}</dd>
      <dt className="text-slate-600">Title</dt>
      <dd>{values.step_2_title}</dd>
      <dt className="text-slate-600">URL</dt>
      <dd className="break-all">{values.step_2_url}</dd>
      <dt className="text-slate-600">Description</dt>
      <dd>{values.step_2_description}</dd>
      <dt className="text-slate-600">Duration</dt>
      <dd>{durationSeconds(values.step_3_duration)} seconds</dd>
      <dt className="text-slate-600">Total Views</dt>
      <dd>{values.step_3_total_views}</dd>
      <dt className="text-slate-600">Interval</dt>
      <dd>{values.step_3_interval_in_hours} hours</dd>
      <dt className="text-slate-600">Per Day Limit</dt>
      <dd>{isEnabled(values.step_3_enableLimit) ? values.step_3_limitViewsPerDay : "Off"}</dd>
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="font-semibold tabular-nums" data-testid="subtotal">
        {formatRupees(subtotal ?? 0)}
      </dd>
    </dl>
  );
}
