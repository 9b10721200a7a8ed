import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  RISK_SIGNAL_KINDS,
  RISK_SIGNAL_LABELS,
  SAME_DEVICE_POLICIES,
  type RiskPolicy,
  type SameDevicePolicy,
} from "../../../shared/risk";
import type { OperatorMe } from "../../../shared/contracts/operators";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Risk settings · Operator Console") },
];

/**
 * The risk settings (issue 21 §2; owner only): a weight per signal kind, the thresholds of each
 * step, automatic suspension and ban, the one-account policy, the first withdrawal's waiting
 * period and the claims-per-hour limit — each with its default beside it. The API validates the
 * whole policy (thresholds in order) and audits the change.
 */

const THRESHOLDS = ["flag", "hold", "suspend", "ban"] as const;
const THRESHOLD_LABELS: Record<(typeof THRESHOLDS)[number], string> = {
  flag: "Flag (shown to operators)",
  hold: "Hold withdrawals for review",
  suspend: "Suspend earning",
  ban: "Ban",
};
const POLICY_LABELS: Record<SameDevicePolicy, string> = {
  off: "Off",
  flag: "Flag the accounts",
  refuse: "Refuse the sign-up",
};

type Answer = { error: string; values: Record<string, string> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/risk/settings");
}

/** A whole number typed in the form, or NaN (the API refuses it with the field's message). */
const whole = (v: FormDataEntryValue | null) => {
  const s = String(v ?? "").trim();
  return /^-?\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const policyRaw = String(form.get("sameDevicePolicy") ?? "");
  const policy: RiskPolicy = {
    weights: Object.fromEntries(
      RISK_SIGNAL_KINDS.map((k) => [k, whole(form.get(`weight_${k}`))]),
    ) as RiskPolicy["weights"],
    thresholds: {
      flag: whole(form.get("flag")),
      hold: whole(form.get("hold")),
      suspend: whole(form.get("suspend")),
      ban: whole(form.get("ban")),
    },
    autoSuspend: form.get("autoSuspend") === "on",
    autoBan: form.get("autoBan") === "on",
    sameDevicePolicy: policyRaw as SameDevicePolicy,
    firstWithdrawalWaitDays: whole(form.get("firstWithdrawalWaitDays")),
    claimsPerHourLimit: whole(form.get("claimsPerHourLimit")),
  };
  const bad = [
    ...RISK_SIGNAL_KINDS.map((k) => [`The weight of ${RISK_SIGNAL_LABELS[k]}`, policy.weights[k]] as const),
    ...THRESHOLDS.map((k) => [`The ${k} threshold`, policy.thresholds[k]] as const),
    ["The waiting period", policy.firstWithdrawalWaitDays] as const,
    ["The claims-per-hour limit", policy.claimsPerHourLimit] as const,
  ].find(([, n]) => Number.isNaN(n));
  if (bad) return data<Answer>({ error: `${bad[0]} must be a whole number.`, values }, { status: 400 });
  if (!(SAME_DEVICE_POLICIES as readonly string[]).includes(policyRaw))
    return data<Answer>({ error: "Choose the one-account policy.", values }, { status: 400 });
  const res = await operatorApi(request, context, "/adminRoute/risk/settings", {
    method: "PATCH",
    json: policy,
  });
  if (res.ok)
    return redirectWithToast(context, "/admin/risk/settings", {
      type: "success",
      title: res.body.msg ?? "Saved.",
    });
  return data<Answer>({ error: errorText(res.body), values }, { status: res.status });
}

function NumberField({
  name,
  label,
  value,
  fallback,
  min,
  max,
  disabled,
}: {
  name: string;
  label: string;
  value: string;
  fallback: number;
  min: number;
  max: number;
  disabled: boolean;
}) {
  return (
    <div className="grid grid-cols-[1fr_6rem] items-center gap-2">
      <label htmlFor={`risk-${name}`} className="text-sm">
        {label}
        <span className="block text-xs text-slate-600">Default {fallback}</span>
      </label>
      <input
        id={`risk-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        className="input tabular-nums"
        defaultValue={value}
        disabled={disabled}
      />
    </div>
  );
}

export default function RiskSettingsPage() {
  const { policy, defaults } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const isOwner = me?.roles.includes("owner") ?? false;
  const v = (name: string, stored: number | string) => answer?.values[name] ?? String(stored);
  const checked = (name: string, stored: boolean) => (answer ? answer.values[name] === "on" : stored);
  const device = (answer?.values.sameDevicePolicy as SameDevicePolicy | undefined) ?? policy.sameDevicePolicy;
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/risk" className="text-sm font-semibold text-brand-700 underline">
          ← Risk
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Risk settings</h1>
      <p className="text-sm text-slate-600">
        A signal adds its weight (times its strength) to the member&apos;s score. A changed weight or
        threshold applies to each member when their next signal arrives; the member pages show points under
        these settings.
      </p>
      {!isOwner ? (
        <p className="card text-sm text-slate-700">Only the owner can change these settings.</p>
      ) : null}
      {answer ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {answer.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        <fieldset className="card space-y-2" disabled={!isOwner}>
          <legend className="text-lg font-semibold">Weights (points, 0–1000)</legend>
          {RISK_SIGNAL_KINDS.map((k) => (
            <NumberField
              key={k}
              name={`weight_${k}`}
              label={RISK_SIGNAL_LABELS[k]}
              value={v(`weight_${k}`, policy.weights[k])}
              fallback={defaults.weights[k]}
              min={0}
              max={1000}
              disabled={!isOwner}
            />
          ))}
        </fieldset>
        <fieldset className="card space-y-2" disabled={!isOwner}>
          <legend className="text-lg font-semibold">Thresholds (flag ≤ hold ≤ suspend ≤ ban)</legend>
          {THRESHOLDS.map((k) => (
            <NumberField
              key={k}
              name={k}
              label={THRESHOLD_LABELS[k]}
              value={v(k, policy.thresholds[k])}
              fallback={defaults.thresholds[k]}
              min={1}
              max={100000}
              disabled={!isOwner}
            />
          ))}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="autoSuspend"
              defaultChecked={checked("autoSuspend", policy.autoSuspend)}
            />
            <span>
              Suspend earning automatically at the suspend threshold
              <span className="block text-xs text-slate-600">
                Default {defaults.autoSuspend ? "on" : "off"}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="autoBan" defaultChecked={checked("autoBan", policy.autoBan)} />
            <span>
              Ban automatically at the ban threshold
              <span className="block text-xs text-slate-600">Default {defaults.autoBan ? "on" : "off"}</span>
            </span>
          </label>
        </fieldset>
        <fieldset className="card space-y-2" disabled={!isOwner}>
          <legend className="text-lg font-semibold">One account per person</legend>
          <p className="text-xs text-slate-600">
            &ldquo;The same&rdquo; means the same device or payout account, not merely the same carrier
            address. Default: {POLICY_LABELS[defaults.sameDevicePolicy]}.
          </p>
          {SAME_DEVICE_POLICIES.map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input type="radio" name="sameDevicePolicy" value={p} defaultChecked={device === p} required />
              {POLICY_LABELS[p]}
            </label>
          ))}
        </fieldset>
        <fieldset className="card space-y-2" disabled={!isOwner}>
          <legend className="text-lg font-semibold">Withdrawals and claims</legend>
          <NumberField
            name="firstWithdrawalWaitDays"
            label="Days after sign-up before the first withdrawal (0–90)"
            value={v("firstWithdrawalWaitDays", policy.firstWithdrawalWaitDays)}
            fallback={defaults.firstWithdrawalWaitDays}
            min={0}
            max={90}
            disabled={!isOwner}
          />
          <NumberField
            name="claimsPerHourLimit"
            label="Claims per hour beyond human pace"
            value={v("claimsPerHourLimit", policy.claimsPerHourLimit)}
            fallback={defaults.claimsPerHourLimit}
            min={1}
            max={100000}
            disabled={!isOwner}
          />
        </fieldset>
        {isOwner ? (
          <button type="submit" className="btn-primary">
            Save risk settings
          </button>
        ) : null}
      </Form>
    </div>
  );
}
