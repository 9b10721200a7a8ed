import { useEffect, useState } from "react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  AlertBox,
  DIALOG_ACTIONS,
  DIALOG_CANCEL,
  DialogShell,
  newRequestId,
} from "~/components/confirm-dialog";
import { ErrorList, Field, SubmitButton, useIsPending } from "~/components/forms";
import { ActionToast, showToast, useHydrated } from "~/utils/client-toast";
import type { ToastView } from "~/components/toaster";
import { formatRupees, parseRupees, rupees } from "../../shared/money";
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPES,
  CAMPAIGN_TYPE_LABELS,
  DESCRIPTION_MAX,
  INTERVAL_MAX_HOURS,
  INTERVAL_MIN_HOURS,
  INTERVAL_SHOWN_WHEN_UNSET,
  TITLE_MAX,
  URL_MAX,
  campaignInfoSchema,
  campaignRewardSchema,
  campaignSubtotal,
  campaignTypeSchema,
  durationSeconds,
  isCampaignType,
  isEnabled,
  priceFor,
  type CampaignType,
} from "../../shared/campaign";
import type { AdvertiserCreateData as CreateData } from "../../shared/contracts/ads";

export const meta: MetaFunction = () => [{ title: "Create Campaign | Advertiser" }];

/** The draft's fields, carried from step to step in hidden inputs (the spec's names). */
const FIELDS = [
  "selectedOption_state",
  "step_2_title",
  "step_2_url",
  "step_2_description",
  "step_3_duration",
  "step_3_total_views",
  "step_3_interval_in_hours",
  "step_3_enableLimit",
  "step_3_limitViewsPerDay",
  /** The iframe link the member saw load in the preview. */
  "iframe_ok_url",
  "request_id",
] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Partial<Record<FieldName, string>>;

const STEPS = ["Type", "Info", "Reward", "Preview"] as const;
type Step = 1 | 2 | 3 | 4;

interface WizardState {
  step: Step;
  values: Values;
  errors: Partial<Record<FieldName | "form", string>>;
  /** The iframe preview dialog is open (step 2 of an iframe campaign). */
  preview?: boolean;
  /** The 'Insufficient Balance' dialog is open. */
  insufficient?: boolean;
  toast?: ToastView | null;
}

const STEP_FIELDS: Record<Step, FieldName[]> = {
  1: ["selectedOption_state"],
  2: ["step_2_title", "step_2_url", "step_2_description"],
  3: [
    "step_3_duration",
    "step_3_total_views",
    "step_3_interval_in_hours",
    "step_3_enableLimit",
    "step_3_limitViewsPerDay",
  ],
  4: [],
};

function readValues(form: FormData): Values {
  const v: Values = {};
  for (const name of FIELDS) {
    const x = form.get(name);
    if (typeof x === "string") v[name] = x.slice(0, URL_MAX);
  }
  return v;
}

function typeOf(v: Values): CampaignType | null {
  return isCampaignType(v.selectedOption_state) ? v.selectedOption_state : null;
}

function rulesOf(d: CreateData, type: CampaignType) {
  return { durations: d.PTCAds_pricing[type].map((o) => o.time), minimumViews: d.PTCAds_total_minimum_Views };
}

/** The subtotal in milli-rupees, or null while the duration or the views are not chosen. */
function subtotalOf(d: Pick<CreateData, "PTCAds_pricing">, v: Values): number | null {
  const type = typeOf(v);
  const seconds = durationSeconds(v.step_3_duration);
  const views = Number(v.step_3_total_views);
  if (!type || seconds === null || !Number.isSafeInteger(views) || views <= 0) return null;
  const price = priceFor(d.PTCAds_pricing, type, seconds);
  if (price === null) return null;
  try {
    return campaignSubtotal(price, views);
  } catch {
    return null;
  }
}

function firstErrors(issues: { path: (string | number)[]; message: string }[]): WizardState["errors"] {
  const errors: WizardState["errors"] = {};
  for (const i of issues) {
    const name = (i.path[0] ?? "form") as FieldName | "form";
    errors[name] ??= i.message;
  }
  return errors;
}

/** Checks one step with the shared rules; the errors of that step, or none. */
function checkStep(d: CreateData, step: Step, v: Values): WizardState["errors"] {
  const type = typeOf(v);
  if (step === 1) {
    const r = campaignTypeSchema.safeParse(v.selectedOption_state);
    return r.success ? {} : { selectedOption_state: r.error.issues[0]?.message };
  }
  if (!type) return { selectedOption_state: CAMPAIGN_MESSAGES.typeRequired };
  if (step === 2) {
    const r = campaignInfoSchema(type).safeParse(v);
    return r.success ? {} : firstErrors(r.error.issues);
  }
  if (step === 3) {
    const r = campaignRewardSchema(rulesOf(d, type)).safeParse(v);
    return r.success ? {} : firstErrors(r.error.issues);
  }
  return {};
}

/** The first step whose rules fail, with its errors; null when the whole draft passes. */
function firstFailingStep(d: CreateData, v: Values): { step: Step; errors: WizardState["errors"] } | null {
  for (const step of [1, 2, 3] as const) {
    const errors = checkStep(d, step, v);
    if (Object.keys(errors).length) return { step, errors };
  }
  return null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await memberRead(request, context, "/advertiserRoute/advertiserCreateDataGet");
  return { d };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const d = await memberRead(request, context, "/advertiserRoute/advertiserCreateDataGet");
  const values = readValues(form);
  // Cut as the inputs do (spec 2 §5).
  if (values.step_2_title) values.step_2_title = values.step_2_title.slice(0, TITLE_MAX);
  if (values.step_2_description)
    values.step_2_description = values.step_2_description.slice(0, DESCRIPTION_MAX);
  const stepNo = Number(form.get("step"));
  const step: Step = stepNo === 2 || stepNo === 3 || stepNo === 4 ? stepNo : 1;
  const nav = String(form.get("nav") ?? "next");
  const answer = (state: Omit<WizardState, "values"> & { values?: Values }, status = 200) =>
    data({ wizard: { values, ...state } satisfies WizardState }, { status });

  if (nav === "prev") return answer({ step: Math.max(1, step - 1) as Step, errors: {} });
  if (nav === "topup")
    return answer({
      step,
      errors: {},
      insufficient: true,
      toast: { id: newRequestId(), type: "error", title: CAMPAIGN_MESSAGES.topUpUnavailable, duration: 3000 },
    });
  if (nav === "iframe_no")
    return answer({ step: 2, errors: { step_2_url: CAMPAIGN_MESSAGES.iframeNotLoading } }, 400);
  if (nav === "iframe_yes") {
    const errors = checkStep(d, 2, values);
    if (Object.keys(errors).length) return answer({ step: 2, errors }, 400);
    return answer({ step: 3, errors: {}, values: { ...values, iframe_ok_url: values.step_2_url } });
  }

  if (nav === "next" && step < 4) {
    const errors = checkStep(d, step, values);
    if (Object.keys(errors).length) return answer({ step, errors }, 400);
    // An iframe link is checked by the member's own eyes: the preview dialog first.
    if (step === 2 && typeOf(values) === "iframe" && values.iframe_ok_url !== values.step_2_url)
      return answer({ step: 2, errors: {}, preview: true });
    const next = (step + 1) as Step;
    return answer({
      step: next,
      errors: {},
      values: next === 4 ? { ...values, request_id: values.request_id || newRequestId() } : values,
    });
  }

  // Create (step 4): every step again, then the deposit, then the server.
  const failing = firstFailingStep(d, values);
  if (failing) return answer({ step: failing.step, errors: failing.errors }, 400);
  if (typeOf(values) === "iframe" && values.iframe_ok_url !== values.step_2_url)
    return answer({ step: 2, errors: {}, preview: true });
  const subtotal = subtotalOf(d, values);
  if (subtotal === null)
    return answer({ step: 3, errors: { step_3_duration: CAMPAIGN_MESSAGES.durationRequired } }, 400);
  if (subtotal > parseRupees(d.userDepositBalance))
    return answer({ step: 4, errors: {}, insufficient: true }, 400);
  const res = await memberApi(request, context, "/advertiserRoute/advertiserDataPost", {
    method: "POST",
    obj: {
      selectedOption_state: values.selectedOption_state,
      step_2_title: values.step_2_title,
      step_2_url: values.step_2_url,
      step_2_description: values.step_2_description,
      step_3_duration: values.step_3_duration,
      step_3_total_views: Number(values.step_3_total_views),
      step_3_interval_in_hours: Number(values.step_3_interval_in_hours),
      step_3_enableLimit: isEnabled(values.step_3_enableLimit),
      // Left out when the limit is off (the API's draft takes a number or nothing).
      ...(isEnabled(values.step_3_enableLimit)
        ? { step_3_limitViewsPerDay: Number(values.step_3_limitViewsPerDay) }
        : {}),
      step_4_subTotal: formatRupees(subtotal, 3, false),
      request_id: values.request_id || newRequestId(),
    },
  });
  if (res.ok)
    return redirectWithToast(context, "/member/advertiser", {
      type: "success",
      title: res.body.msg?.message || CAMPAIGN_MESSAGES.submitted,
    });
  if (res.body.error_code === "insufficient_balance")
    return answer({ step: 4, errors: {}, insufficient: true }, 400);
  return answer({ step: 4, errors: { form: errorText(res.body) } }, res.status >= 400 ? res.status : 400);
}

const FIRST_STEP: WizardState = { step: 1, values: {}, errors: {} };

function Hidden({ values, except }: { values: Values; except: FieldName[] }) {
  return (
    <>
      {FIELDS.filter((f) => !except.includes(f) && values[f] !== undefined && values[f] !== "").map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
    </>
  );
}

function StepList({ step }: { step: Step }) {
  return (
    <ol className="grid grid-cols-4 gap-1 text-center text-xs font-semibold" aria-label="Steps">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className={`rounded-lg px-2 py-2 ${state === "current" ? "bg-brand-600 text-white" : state === "done" ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-600"}`}
          >
            {n}. {label}
          </li>
        );
      })}
    </ol>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return <ErrorList id={id} errors={text ? [text] : null} />;
}

function Dialog({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <DialogShell title={title} width="max-w-lg">
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </DialogShell>
  );
}

export default function CreateCampaign() {
  const { d } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  // The wizard's own buttons; the dialogs' forms post to the same action with other `nav`s.
  const nextPending = useIsPending({ fields: { nav: "next" } });
  const createPending = useIsPending({ fields: { nav: "create" } });
  const wizard: WizardState = actionData?.wizard ?? FIRST_STEP;
  const { step, values, errors } = wizard;
  const type = typeOf(values);

  // The browser's view of the current step's inputs: the live subtotal, the slider, the limit switch.
  const [chosenType, setChosenType] = useState<string | undefined>(values.selectedOption_state);
  const [duration, setDuration] = useState(values.step_3_duration ?? "");
  const [views, setViews] = useState(values.step_3_total_views ?? "");
  const [intervalShown, setIntervalShown] = useState(values.step_3_interval_in_hours ?? "");
  const [limitOn, setLimitOn] = useState(isEnabled(values.step_3_enableLimit));
  useEffect(() => {
    setChosenType(values.selectedOption_state);
    setDuration(values.step_3_duration ?? "");
    setViews(values.step_3_total_views ?? "");
    setIntervalShown(values.step_3_interval_in_hours ?? "");
    setLimitOn(isEnabled(values.step_3_enableLimit));
  }, [values]);

  const live = { ...values, step_3_duration: duration, step_3_total_views: views };
  const subtotal = subtotalOf(d, step === 3 ? live : values);
  const durationOptions = type ? d.PTCAds_pricing[type] : [];
  const describedBy = (f: FieldName) => (errors[f] ? `${f}-error` : undefined);
  const fieldErrors = (f: FieldName) => {
    const text = errors[f];
    return text ? [text] : null;
  };

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <ActionToast toast={wizard.toast} />
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Create Campaign</h1>
        <Link to="/member/advertiser" className="btn-secondary">
          Back
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Deposit Balance: <span className="font-semibold">{rupees(d.userDepositBalance)}</span>
      </p>
      <StepList step={step} />

      {/* Before (and without) scripts the browser checks the fields' own rules; once the page runs,
          every step's messages are the spec's, from the same rules on the server. */}
      <Form method="post" noValidate={hydrated} className="card space-y-4" aria-label="Create campaign">
        <input type="hidden" name="step" value={String(step)} />
        <Hidden values={values} except={STEP_FIELDS[step]} />

        {step === 1 ? (
          <fieldset>
            <legend className="label">Campaign Type</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {CAMPAIGN_TYPES.map((t) => (
                <label
                  key={t}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-3 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="selectedOption_state"
                    value={t}
                    required
                    defaultChecked={values.selectedOption_state === t}
                    onChange={() => setChosenType(t)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {CAMPAIGN_TYPE_LABELS[t]}
                </label>
              ))}
            </div>
            <FieldError id="selectedOption_state-error" text={errors.selectedOption_state} />
          </fieldset>
        ) : null}

        {step === 2 ? (
          <>
            <Field
              label="Title"
              errors={fieldErrors("step_2_title")}
              inputProps={{
                name: "step_2_title",
                required: true,
                maxLength: TITLE_MAX,
                defaultValue: values.step_2_title,
              }}
            />
            <Field
              label={type === "youtube" ? "YouTube Video URL" : "URL"}
              errors={fieldErrors("step_2_url")}
              inputProps={{
                name: "step_2_url",
                required: true,
                inputMode: "url",
                maxLength: URL_MAX,
                placeholder: type === "youtube" ? "https://www.youtube.com/watch?v=..." : "https://",
                defaultValue: values.step_2_url,
              }}
            />
            <div>
              <label className="label" htmlFor="step_2_description">
                Description
              </label>
              <textarea
                id="step_2_description"
                name="step_2_description"
                className="input min-h-24"
                required
                maxLength={DESCRIPTION_MAX}
                defaultValue={values.step_2_description}
                aria-invalid={errors.step_2_description ? true : undefined}
                aria-describedby={describedBy("step_2_description")}
              />
              <FieldError id="step_2_description-error" text={errors.step_2_description} />
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <fieldset>
              <legend className="label">Duration</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {durationOptions.map((o) => {
                  const value = `${o.time}-${o.price}`;
                  return (
                    <label
                      key={value}
                      className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="step_3_duration"
                        value={value}
                        required
                        defaultChecked={durationSeconds(values.step_3_duration) === o.time}
                        onChange={() => setDuration(value)}
                        className="h-4 w-4 accent-brand-600"
                      />
                      <span>
                        {o.time} seconds · {rupees(o.price)}
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError id="step_3_duration-error" text={errors.step_3_duration} />
            </fieldset>
            <Field
              label="Total Views"
              errors={fieldErrors("step_3_total_views")}
              hint={<>Minimum {d.PTCAds_total_minimum_Views} views.</>}
              inputProps={{
                name: "step_3_total_views",
                required: true,
                inputMode: "numeric",
                defaultValue: values.step_3_total_views,
                onInput: (e) => setViews(e.currentTarget.value),
              }}
            />
            <div>
              <label className="label" htmlFor="step_3_interval_in_hours">
                Interval (hours):{" "}
                <output htmlFor="step_3_interval_in_hours">
                  {intervalShown || INTERVAL_SHOWN_WHEN_UNSET}
                </output>
              </label>
              <input
                id="step_3_interval_in_hours"
                name="step_3_interval_in_hours"
                type="range"
                min={INTERVAL_MIN_HOURS}
                max={INTERVAL_MAX_HOURS}
                step={1}
                className="w-full accent-brand-600"
                defaultValue={values.step_3_interval_in_hours || String(INTERVAL_SHOWN_WHEN_UNSET)}
                onInput={(e) => setIntervalShown(e.currentTarget.value)}
                aria-describedby={describedBy("step_3_interval_in_hours")}
              />
              <FieldError id="step_3_interval_in_hours-error" text={errors.step_3_interval_in_hours} />
            </div>
            <div className="space-y-2">
              <label className="flex items-center gap-2 text-sm font-semibold">
                <input
                  type="checkbox"
                  name="step_3_enableLimit"
                  defaultChecked={isEnabled(values.step_3_enableLimit)}
                  onChange={(e) => setLimitOn(e.currentTarget.checked)}
                  className="h-4 w-4 accent-brand-600"
                />
                Enable Per Day Limit
              </label>
              {limitOn || !hydrated ? (
                <Field
                  label="Per Day Limit"
                  errors={fieldErrors("step_3_limitViewsPerDay")}
                  inputProps={{
                    name: "step_3_limitViewsPerDay",
                    inputMode: "numeric",
                    defaultValue: values.step_3_limitViewsPerDay,
                  }}
                />
              ) : null}
            </div>
            <p className="text-sm">
              Subtotal:{" "}
              <span className="font-semibold tabular-nums" data-testid="subtotal">
                {formatRupees(subtotal ?? 0)}
              </span>
            </p>
          </>
        ) : null}

        {step === 4 ? (
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
        ) : null}

        {errors.form ? (
          <AlertBox tone="error" title="Error">
            {errors.form}
          </AlertBox>
        ) : null}

        {/* The forward button comes first, so Enter in a field moves on rather than back. */}
        <div className="flex flex-row-reverse gap-2">
          {step < 4 ? (
            <SubmitButton
              pending={nextPending}
              name="nav"
              value="next"
              className="btn-primary flex-1"
              disabled={step === 1 && hydrated && !isCampaignType(chosenType)}
            >
              Next
            </SubmitButton>
          ) : (
            <SubmitButton pending={createPending} name="nav" value="create" className="btn-primary flex-1">
              Create
            </SubmitButton>
          )}
          {step > 1 ? (
            <button type="submit" name="nav" value="prev" formNoValidate className="btn-secondary flex-1">
              Prev
            </button>
          ) : null}
        </div>
      </Form>

      {wizard.preview ? (
        <Dialog title="Preview">
          <p>Does your page show below?</p>
          <iframe
            src={values.step_2_url}
            title="Campaign preview"
            className="mt-3 h-64 w-full rounded-lg border border-slate-200"
            sandbox="allow-scripts allow-same-origin"
            referrerPolicy="no-referrer"
          />
          <Form method="post" className={DIALOG_ACTIONS}>
            <input type="hidden" name="step" value="2" />
            <Hidden values={values} except={[]} />
            <button type="submit" name="nav" value="iframe_no" className="btn-secondary" {...DIALOG_CANCEL}>
              No, it&apos;s not loading
            </button>
            <button type="submit" name="nav" value="iframe_yes" className="btn-primary">
              Yes, it looks good
            </button>
          </Form>
        </Dialog>
      ) : null}

      {wizard.insufficient ? (
        <Dialog title={CAMPAIGN_MESSAGES.insufficientBalanceTitle}>
          <p>{CAMPAIGN_MESSAGES.insufficientBalance}</p>
          <div className={DIALOG_ACTIONS}>
            <Link to="/member/advertiser" className="btn-secondary" {...DIALOG_CANCEL}>
              Close
            </Link>
            <Form
              method="post"
              className="contents"
              onSubmit={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                showToast({ type: "error", title: CAMPAIGN_MESSAGES.topUpUnavailable });
              }}
            >
              <input type="hidden" name="step" value={String(step)} />
              <Hidden values={values} except={[]} />
              <button type="submit" name="nav" value="topup" className="btn-secondary">
                Top Up
              </button>
            </Form>
            <Link to="/member/balance-converter" className="btn-primary">
              Convert Balance
            </Link>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
