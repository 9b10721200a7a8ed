import { useEffect, useState } from "react";
import { Form, useFetcher } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, PasswordField, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { AlertBox } from "~/components/confirm-dialog";
import { useFormat } from "~/i18n/format";
import type { IfscLookup, PayoutMethodChoice, ProfileData } from "../../../shared/contracts/accounts";
import {
  ACCOUNT_NUMBER_INPUT,
  IFSC,
  IFSC_INPUT,
  UPI_ID_INPUT,
  payoutMethodKind,
  type PayoutAccountKind,
} from "../../../shared/payoutAccount";
import { PAYOUT_ACCOUNT_MAX_LENGTH } from "../../../shared/fields";
import { payoutSchemaOf } from "./payout-schemas";

/** What the profile's action answers a payout form: its own result, and an IFSC check's verdict. */
export interface PayoutActionData {
  form: string;
  result: SubmissionResult<string[]>;
  ifsc?: IfscLookup | null;
}

/**
 * The profile's payout details (issue 45 §2): one form per payout method, inside a disclosure that
 * works without scripts; each asks only for what its method needs (a UPI id; a bank account's
 * number twice, IFSC and holder's name; or the method's own details), never the address.
 */
export function PayoutSection({
  profile,
  actionData,
}: {
  profile: ProfileData;
  actionData?: PayoutActionData;
}) {
  const { t } = useTranslation();
  const methods = profile.other_data_withdrawalMethodArray ?? [];
  return (
    <section className="card space-y-3" aria-labelledby="payout-heading">
      <h2 id="payout-heading" className="text-lg font-semibold">
        {t("account.profile.withdrawalInformation")}
      </h2>
      <p className="text-sm text-slate-600">{t("account.profile.payoutIntro")}</p>
      {profile.bank_account_reentry ? (
        <AlertBox
          tone="warning"
          title={t("account.profile.reenter", { text: profile.withdrawal_account_information })}
        />
      ) : null}
      {methods.length === 0 ? (
        <p className="text-sm text-slate-600">{t("account.profile.noMethods")}</p>
      ) : (
        <div className="space-y-2">
          {methods.map((m, i) => (
            <PayoutMethodForm
              key={m.withdrawalMethod_name}
              formId={`payout-${i}`}
              method={m}
              profile={profile}
              actionData={actionData}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function currentAccountText(kind: PayoutAccountKind, profile: ProfileData): string {
  const bank = profile.bank_account;
  if (kind === "bank" && bank) return `${bank.account_number_masked} · ${bank.ifsc} · ${bank.holder}`;
  return profile.withdrawal_account_information;
}

function PayoutMethodForm({
  formId,
  method,
  profile,
  actionData,
}: {
  formId: string;
  method: PayoutMethodChoice;
  profile: ProfileData;
  actionData?: PayoutActionData;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = method.withdrawalMethod_name;
  const kind = payoutMethodKind(name);
  const current = profile.withdrawal_method === name;
  const mine = actionData?.form === formId;
  const pending = useIsPending({ fields: { form: formId } });
  const bank = current ? profile.bank_account : null;
  const [form, fields] = useAppForm({
    id: formId,
    lastResult: mine ? actionData.result : undefined,
    schema: payoutSchemaOf(kind),
    shouldRevalidate: "onInput",
    defaultValue: {
      withdrawal_method: name,
      upi_id: current && kind === "upi" ? profile.withdrawal_account_information : "",
      withdrawal_account_information:
        current && kind === "text" ? profile.withdrawal_account_information : "",
      bank_ifsc: bank?.ifsc ?? "",
      bank_account_holder: bank?.holder ?? "",
    },
  });
  const label =
    (method as PayoutMethodChoice & { withdrawalMethod_label?: string }).withdrawalMethod_label ?? name;
  const account = current ? currentAccountText(kind, profile) : "";
  return (
    <details
      open={current || mine}
      className="group rounded-lg border border-slate-300 bg-white text-sm open:border-brand-600"
    >
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-2 gap-y-1 p-3">
        <span
          aria-hidden
          className="inline-block h-0 w-0 border-y-[5px] border-l-[7px] border-y-transparent border-l-brand-600 transition-transform group-open:rotate-90"
        />
        <span className="font-semibold">{label}</span>
        {current ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {t("account.profile.current")}
          </span>
        ) : null}
        <span className="block w-full text-slate-600">{method.withdrawalMethod_details}</span>
        <span className="block w-full text-xs text-slate-600">
          {t("account.profile.minimumWithdrawal", {
            amount: f.rupees(method.withdrawalMethod_minimumAmount),
          })}
        </span>
      </summary>
      <Form method="post" {...getFormProps(form)} className="space-y-3 border-t border-slate-200 p-3">
        <input type="hidden" name="form" value={formId} />
        <input type="hidden" name="withdrawal_method" value={name} />
        {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
        {account ? (
          <p className="break-words text-slate-700">{t("account.profile.currentAccount", { account })}</p>
        ) : null}
        {kind === "upi" ? (
          <Field
            label={t("account.profile.upiId")}
            errors={fields.upi_id.errors}
            inputProps={{ ...getInputProps(fields.upi_id, { type: "text" }), ...UPI_ID_INPUT }}
          />
        ) : kind === "bank" ? (
          <BankFields
            formId={formId}
            fields={fields}
            masked={bank?.account_number_masked ?? null}
            checked={mine ? actionData.ifsc : undefined}
            storedBank={bank?.bank_name ?? null}
          />
        ) : (
          <Field
            label={t("account.profile.accountInformation")}
            errors={fields.withdrawal_account_information.errors}
            inputProps={{
              ...getInputProps(fields.withdrawal_account_information, { type: "text" }),
              maxLength: PAYOUT_ACCOUNT_MAX_LENGTH,
            }}
          />
        )}
        <PasswordField
          label={t("account.shared.currentPassword")}
          errors={fields.current_password.errors}
          hint={t("account.profile.passwordHint")}
          inputProps={{
            ...getInputProps(fields.current_password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <SubmitButton pending={pending} name="intent" value="payout">
          {t("account.profile.savePayout")}
        </SubmitButton>
      </Form>
    </details>
  );
}

type BankFieldsMeta = ReturnType<typeof useAppForm<ReturnType<typeof payoutSchemaOf>>>[1];

/** The bank form's fields; the bank's name shows from the IFSC (as typed with scripts, by a button without). */
function BankFields({
  formId,
  fields,
  masked,
  checked,
  storedBank,
}: {
  formId: string;
  fields: BankFieldsMeta;
  masked: string | null;
  checked: IfscLookup | null | undefined;
  storedBank: string | null;
}) {
  const { t } = useTranslation();
  const lookup = useFetcher<{ ifsc_lookup?: IfscLookup | null }>();
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => {
    if (typed === null || !IFSC.test(typed)) return;
    const timer = setTimeout(() => lookup.load(`/member/profile?ifsc=${encodeURIComponent(typed)}`), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher's identity changes each render
  }, [typed]);
  const live = typed !== null && IFSC.test(typed) ? lookup.data?.ifsc_lookup : undefined;
  const verdict = typed !== null ? live : checked;
  const bankLine =
    verdict === undefined || verdict === null
      ? typed === null && storedBank
        ? t("account.profile.ifscBank", { bank: storedBank })
        : null
      : verdict.bank_name
        ? t("account.profile.ifscBank", { bank: verdict.bank_name })
        : t("account.profile.ifscUnknown");
  const ifscProps = getInputProps(fields.bank_ifsc, { type: "text" });
  return (
    <>
      <Field
        label={t("account.profile.accountNumber")}
        errors={fields.bank_account_number.errors}
        hint={masked ? t("account.profile.accountNumberKept", { masked }) : undefined}
        inputProps={{
          ...getInputProps(fields.bank_account_number, { type: "text" }),
          ...ACCOUNT_NUMBER_INPUT,
        }}
      />
      <Field
        label={t("account.profile.accountNumberConfirm")}
        errors={fields.bank_account_number_confirm.errors}
        inputProps={{
          ...getInputProps(fields.bank_account_number_confirm, { type: "text" }),
          ...ACCOUNT_NUMBER_INPUT,
        }}
      />
      <div>
        <Field
          label={t("account.profile.ifsc")}
          errors={fields.bank_ifsc.errors}
          hint={t("account.profile.ifscHint")}
          inputProps={{
            ...ifscProps,
            ...IFSC_INPUT,
            className: "input uppercase",
            onChange: (e) => setTyped(e.currentTarget.value.trim().toUpperCase()),
          }}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            name="intent"
            value="check-ifsc"
            formNoValidate
            form={formId}
            className="btn-secondary"
          >
            {t("account.profile.checkIfsc")}
          </button>
          <p className="text-sm font-medium text-slate-800" aria-live="polite" data-testid="ifsc-bank">
            {bankLine}
          </p>
        </div>
      </div>
      <Field
        label={t("account.profile.holder")}
        errors={fields.bank_account_holder.errors}
        hint={t("account.profile.holderHint")}
        inputProps={{
          ...getInputProps(fields.bank_account_holder, { type: "text" }),
          maxLength: 100,
          autoComplete: "off",
        }}
      />
    </>
  );
}
