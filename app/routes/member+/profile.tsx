import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { AlertBox } from "~/components/confirm-dialog";
import {
  MOBILE_NUMBER_INPUT,
  PIN_CODE_INPUT,
  PROFILE_FIELDS,
  TYPED_PASSWORD_MAX_LENGTH,
  mobileNumberText,
} from "../../../shared/fields";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.profile") }];

/** Exported for the test that the page and the API give the same verdicts. */
export const ProfileSchema = z.object({
  ...PROFILE_FIELDS,
  mobile_number: mobileNumberText(),
  withdrawal_method: z
    .string({ required_error: "Please choose a payout method." })
    .min(1, "Please choose a payout method."),
  /** Needed when the payout method or account changes; the server decides. */
  current_password: z.string().max(TYPED_PASSWORD_MAX_LENGTH).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return memberRead(request, context, "/userRoute/userProfileData_get");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["current_password"] }) }, { status: 400 });
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
  return data(
    { result: submission.reply({ formErrors: [errorText(res.body)], hideFields: ["current_password"] }) },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

export default function ProfilePage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useTranslation();
  const f = useFormat();
  const [form, fields] = useAppForm({
    id: "profile",
    lastResult: actionData?.result,
    schema: ProfileSchema,
    shouldRevalidate: "onInput",
    defaultValue: {
      name: d.name ?? "",
      address: d.address ?? "",
      city: d.city ?? "",
      state: d.state ?? "",
      zip_code: d.zip_code ?? "",
      mobile_number: d.mobile_number === null || d.mobile_number === undefined ? "" : String(d.mobile_number),
      withdrawal_method: d.withdrawal_method ?? "",
      withdrawal_account_information: d.withdrawal_account_information ?? "",
    },
  });
  const methods = d.other_data_withdrawalMethodArray ?? [];
  const chosen = fields.withdrawal_method.initialValue;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.profile.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
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
        </section>

        <section className="card space-y-3" aria-labelledby="payout-heading">
          <h2 id="payout-heading" className="text-lg font-semibold">
            {t("account.profile.withdrawalInformation")}
          </h2>
          <fieldset
            aria-describedby={
              fields.withdrawal_method.errors?.length ? fields.withdrawal_method.errorId : undefined
            }
          >
            <legend className="label">{t("account.profile.payoutMethod")}</legend>
            {methods.length === 0 ? (
              <p className="text-sm text-slate-600">{t("account.profile.noMethods")}</p>
            ) : (
              <div className="space-y-2">
                {methods.map((m) => (
                  <label
                    key={m.withdrawalMethod_name}
                    className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name={fields.withdrawal_method.name}
                      value={m.withdrawalMethod_name}
                      defaultChecked={chosen === m.withdrawalMethod_name}
                      required
                      className="mt-0.5 h-4 w-4 accent-brand-600"
                    />
                    <span>
                      <span className="block font-semibold">{m.withdrawalMethod_name}</span>
                      <span className="block text-slate-600">{m.withdrawalMethod_details}</span>
                      <span className="block text-xs text-slate-500">
                        {t("account.profile.minimumWithdrawal", {
                          amount: f.rupees(m.withdrawalMethod_minimumAmount),
                        })}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
            <ErrorList id={fields.withdrawal_method.errorId} errors={fields.withdrawal_method.errors} />
          </fieldset>
          <div>
            <label className="label" htmlFor={fields.withdrawal_account_information.id}>
              {t("account.profile.accountInformation")}
            </label>
            <textarea
              className="input min-h-20"
              {...getTextareaProps(fields.withdrawal_account_information)}
              placeholder={t("account.profile.accountPlaceholder")}
            />
            <ErrorList
              id={fields.withdrawal_account_information.errorId}
              errors={fields.withdrawal_account_information.errors}
            />
          </div>
          <PasswordField
            label={t("account.shared.currentPassword")}
            errors={fields.current_password.errors}
            hint={t("account.profile.passwordHint")}
            inputProps={{
              ...getInputProps(fields.current_password, { type: "password" }),
              autoComplete: "current-password",
            }}
          />
        </section>
        <SubmitButton pending={pending}>{t("account.profile.save")}</SubmitButton>
      </Form>
    </div>
  );
}
