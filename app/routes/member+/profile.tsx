import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Field, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { AlertBox } from "~/components/confirm-dialog";
import {
  BILLING_FIELDS,
  MOBILE_NUMBER_INPUT,
  PIN_CODE_INPUT,
  mobileNumberText,
} from "../../../shared/fields";
import { payoutMethodKind } from "../../../shared/payoutAccount";
import { PayoutSection, type PayoutActionData } from "~/components/profile/payout-forms";
import { IfscCheckSchema, payoutSchemaOf } from "~/components/profile/payout-schemas";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.profile") }];

/**
 * The billing form (spec 1 §5: every field required); the payout details have their own forms
 * (issue 45 §2), so changing a UPI id never asks for an address. Exported for the test that the
 * page and the API give the same verdicts.
 */
export const ProfileSchema = z.object({ ...BILLING_FIELDS, mobile_number: mobileNumberText() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The bank form's look-up as the member types an IFSC (scripts on): the bank's name only.
  const ifsc = new URL(request.url).searchParams.get("ifsc");
  if (ifsc !== null) {
    const res = await memberApi(request, context, "/userRoute/userIfsc_get", { query: { ifsc } });
    return data({ ifsc_lookup: res.ok ? res.body.msg : null, profile: null });
  }
  return data({
    ifsc_lookup: null,
    profile: await memberRead(request, context, "/userRoute/userProfileData_get"),
  });
}

type ActionData = { billing?: SubmissionResult<string[]>; payout?: PayoutActionData };
const billingReply = (
  s: { reply: (o?: { formErrors?: string[] }) => SubmissionResult<string[]> },
  formErrors?: string[],
) => s.reply({ formErrors });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "payout" || intent === "check-ifsc") return payoutAction(request, context, formData, intent);
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success")
    return data<ActionData>({ billing: billingReply(submission) }, { status: 400 });
  const res = await memberApi(request, context, "/userRoute/userProfileData_patch", {
    method: "PATCH",
    obj: submission.value,
  });
  if (res.ok) {
    return redirectWithToast(context, "/member/profile", {
      type: "success",
      title: requestT(request)("account.profile.updated"),
    });
  }
  return data<ActionData>(
    { billing: billingReply(submission, [errorText(res.body)]) },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

/** One payout method's form: saved through the payout endpoint, or its IFSC checked (no scripts). */
async function payoutAction(
  request: Request,
  context: ActionFunctionArgs["context"],
  formData: FormData,
  intent: "payout" | "check-ifsc",
) {
  const form = String(formData.get("form") ?? "");
  const hide = { hideFields: ["current_password"] };
  if (intent === "check-ifsc") {
    const submission = parseWithZod(formData, { schema: IfscCheckSchema });
    const ifsc = String(formData.get("bank_ifsc") ?? "");
    const res = await memberApi(request, context, "/userRoute/userIfsc_get", { query: { ifsc } });
    const result = submission.reply({ ...hide, formErrors: res.ok ? undefined : [errorText(res.body)] });
    return data<ActionData>({ payout: { form, result, ifsc: res.ok ? res.body.msg : null } });
  }
  const kind = payoutMethodKind(String(formData.get("withdrawal_method") ?? ""));
  const submission = parseWithZod(formData, { schema: payoutSchemaOf(kind) });
  if (submission.status !== "success")
    return data<ActionData>({ payout: { form, result: submission.reply(hide) } }, { status: 400 });
  const v = submission.value as Record<string, string | undefined>;
  const res = await memberApi(request, context, "/userRoute/userPayoutData_patch", {
    method: "PATCH",
    obj: {
      withdrawal_method: v.withdrawal_method ?? "",
      current_password: v.current_password,
      ...(kind === "upi" ? { upi_id: v.upi_id } : {}),
      ...(kind === "text" ? { withdrawal_account_information: v.withdrawal_account_information } : {}),
      ...(kind === "bank"
        ? {
            bank_account_number: v.bank_account_number,
            bank_account_number_confirm: v.bank_account_number_confirm,
            bank_ifsc: v.bank_ifsc,
            bank_account_holder: v.bank_account_holder,
          }
        : {}),
    },
  });
  if (res.ok) {
    return redirectWithToast(context, "/member/profile", {
      type: "success",
      title: requestT(request)("account.profile.updated"),
    });
  }
  return data<ActionData>(
    { payout: { form, result: submission.reply({ ...hide, formErrors: [errorText(res.body)] }) } },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = useIsPending({ fields: { intent: "" } });
  const { t } = useTranslation();
  const d = profile!;
  const [form, fields] = useAppForm({
    id: "profile",
    lastResult: actionData?.billing,
    schema: ProfileSchema,
    shouldRevalidate: "onInput",
    defaultValue: {
      name: d.name ?? "",
      address: d.address ?? "",
      city: d.city ?? "",
      state: d.state ?? "",
      zip_code: d.zip_code ?? "",
      mobile_number: d.mobile_number === null || d.mobile_number === undefined ? "" : String(d.mobile_number),
    },
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.profile.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        <section className="card space-y-3" aria-labelledby="billing-heading">
          <h2 id="billing-heading" className="text-lg font-semibold">
            {t("account.profile.billing")}
          </h2>
          <Field
            label={t("account.profile.name")}
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          />
          <Field
            label={t("account.profile.address")}
            errors={fields.address.errors}
            inputProps={{
              ...getInputProps(fields.address, { type: "text" }),
              autoComplete: "street-address",
            }}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field
              label={t("account.profile.city")}
              errors={fields.city.errors}
              inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }}
            />
            <Field
              label={t("account.profile.state")}
              errors={fields.state.errors}
              inputProps={{
                ...getInputProps(fields.state, { type: "text" }),
                autoComplete: "address-level1",
              }}
            />
            <Field
              label={t("account.profile.zipCode")}
              errors={fields.zip_code.errors}
              inputProps={{
                ...getInputProps(fields.zip_code, { type: "text" }),
                ...PIN_CODE_INPUT,
              }}
            />
            <Field
              label={t("account.profile.mobileNumber")}
              errors={fields.mobile_number.errors}
              inputProps={{
                ...getInputProps(fields.mobile_number, { type: "tel" }),
                ...MOBILE_NUMBER_INPUT,
              }}
            />
          </div>
          <SubmitButton pending={pending}>{t("account.profile.save")}</SubmitButton>
        </section>
      </Form>
      <PayoutSection profile={d} actionData={actionData?.payout} />
    </div>
  );
}
