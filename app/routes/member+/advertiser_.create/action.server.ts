import { data, type ActionFunctionArgs } from "@remix-run/node";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { newRequestId } from "~/components/confirm-dialog";
import { requestT } from "~/i18n/i18n.server";
import { formatRupees, parseRupees } from "../../../../shared/money";
import { CAMPAIGN_MESSAGES, DESCRIPTION_MAX, TITLE_MAX, isEnabled } from "../../../../shared/campaign";
import {
  checkStep,
  firstFailingStep,
  readValues,
  subtotalOf,
  typeOf,
  type Step,
  type Values,
  type WizardState,
} from "./wizard";

/**
 * The wizard's action: each step's Next checks that step on the server, Prev goes back, the
 * iframe preview and the top-up dialog answer their buttons, and Create checks every step and
 * the deposit again before the API creates the campaign.
 */
export async function createCampaignAction({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
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
      toast: {
        id: newRequestId(),
        type: "error",
        title: t("adv.create.insufficient.topUpUnavailable"),
        duration: 3000,
      },
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
      // The API's message is the spec's English (CAMPAIGN_MESSAGES.submitted), word for word in the catalogue.
      title: t("adv.create.submitted"),
    });
  if (res.body.error_code === "insufficient_balance")
    return answer({ step: 4, errors: {}, insufficient: true }, 400);
  return answer({ step: 4, errors: { form: errorText(res.body) } }, res.status >= 400 ? res.status : 400);
}
