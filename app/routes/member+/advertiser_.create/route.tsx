import { useEffect, useState } from "react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { memberRead } from "~/utils/api.server";
import { AlertBox } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import { ActionToast, useHydrated } from "~/utils/client-toast";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { isCampaignType } from "../../../../shared/campaign";
import { FIRST_STEP, STEP_FIELDS, typeOf, type WizardState } from "./wizard";
import { Hidden, StepList } from "./wizard-parts";
import { StepType } from "./step-type";
import { StepInfo } from "./step-info";
import { StepReward } from "./step-reward";
import { StepPreview } from "./step-preview";
import { InsufficientDialog, PreviewDialog } from "./dialogs";
import { createCampaignAction } from "./action.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "adv.create") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await memberRead(request, context, "/advertiserRoute/advertiserCreateDataGet");
  return { d };
}

export async function action(args: ActionFunctionArgs) {
  return createCampaignAction(args);
}

export default function CreateCampaign() {
  const { d } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const f = useFormat();
  // The wizard's own buttons; the dialogs' forms post to the same action with other `nav`s.
  const nextPending = useIsPending({ fields: { nav: "next" } });
  const createPending = useIsPending({ fields: { nav: "create" } });
  const wizard: WizardState = actionData?.wizard ?? FIRST_STEP;
  const { step, values, errors } = wizard;
  const type = typeOf(values);

  // The chosen type, before Next (it enables the button).
  const [chosenType, setChosenType] = useState<string | undefined>(values.selectedOption_state);
  useEffect(() => {
    setChosenType(values.selectedOption_state);
  }, [values]);

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <ActionToast toast={wizard.toast} />
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("adv.create.heading")}</h1>
        <Link to="/member/advertiser" className="btn-secondary">
          {t("adv.create.back")}
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        {t("adv.create.depositBalance")}{" "}
        <span className="font-semibold">{f.rupees(d.userDepositBalance)}</span>
      </p>
      <StepList step={step} />

      {/* Before (and without) scripts the browser checks the fields' own rules; once the page runs,
          every step's messages are the spec's, from the same rules on the server. */}
      <Form method="post" noValidate={hydrated} className="card space-y-4" aria-label={t("adv.create.form")}>
        <input type="hidden" name="step" value={String(step)} />
        <Hidden values={values} except={STEP_FIELDS[step]} />

        {step === 1 ? <StepType values={values} errors={errors} onChoose={setChosenType} /> : null}

        {step === 2 ? <StepInfo values={values} errors={errors} type={type} /> : null}

        {step === 3 ? <StepReward d={d} values={values} errors={errors} hydrated={hydrated} /> : null}

        {step === 4 ? <StepPreview d={d} values={values} /> : null}

        {errors.form ? (
          <AlertBox tone="error" title={t("adv.create.error")}>
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
              {t("adv.create.next")}
            </SubmitButton>
          ) : (
            <SubmitButton pending={createPending} name="nav" value="create" className="btn-primary flex-1">
              {t("adv.create.create")}
            </SubmitButton>
          )}
          {step > 1 ? (
            <button type="submit" name="nav" value="prev" formNoValidate className="btn-secondary flex-1">
              {t("adv.create.prev")}
            </button>
          ) : null}
        </div>
      </Form>

      {wizard.preview ? <PreviewDialog values={values} /> : null}

      {wizard.insufficient ? <InsufficientDialog step={step} values={values} hydrated={hydrated} /> : null}
    </div>
  );
}
