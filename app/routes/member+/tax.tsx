import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { AlertBox } from "~/components/confirm-dialog";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { useLocalize } from "~/i18n/i18n";
import { PAN_MESSAGES, PAN_PATTERN } from "../../../shared/tax";

/**
 * /member/tax (issue 44 §6): the member's PAN (given or changed here, shown masked), the
 * financial year's income and tax by kind, the tax their next withdrawal would deduct, and the
 * quarters with a certificate. The PAN form is a real form: it works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Tax") },
];

/** Upper-cased before the pattern is checked: a PAN typed in small letters is the same PAN. */
const PanSchema = z.object({
  pan: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z
      .string({ required_error: PAN_MESSAGES.format })
      .regex(new RegExp(`^${PAN_PATTERN}$`), PAN_MESSAGES.format),
  ),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = requestT(request);
  const tax = await memberRead(request, context, "/userAmount/tax");
  return { title: t("tax.titles.page"), tax };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const submission = parseWithZod(await request.formData(), { schema: PanSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const res = await memberApi(request, context, "/userAmount/tax_pan", {
    method: "POST",
    obj: { pan: submission.value.pan },
  });
  if (res.ok)
    return redirectWithToast(context, "/member/tax", { type: "success", title: t("tax.pan.success") });
  return data(
    { result: submission.reply({ formErrors: [errorText(res.body)] }) },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

export default function TaxPage() {
  const { tax } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const f = useFormat();
  const localize = useLocalize();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: "pan",
    lastResult: actionData?.result,
    schema: PanSchema,
    shouldRevalidate: "onInput",
  });
  const panRequired = tax.enabled && tax.pan_required_above !== "0.000";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("tax.page.heading")}</h1>
      <p className="text-sm text-slate-700">{tax.enabled ? t("tax.page.intro") : t("tax.page.off")}</p>

      <section className="card space-y-3" aria-labelledby="pan-heading">
        <h2 id="pan-heading" className="text-lg font-semibold">
          {t("tax.pan.heading")}
        </h2>
        <p className="text-sm" data-testid="pan-status">
          {tax.pan ? t("tax.pan.saved", { pan: tax.pan }) : t("tax.pan.none")}
        </p>
        {panRequired ? (
          <p className="text-sm text-slate-700">
            {t("tax.pan.required", { amount: f.rupees(tax.pan_required_above) })}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
          <Field
            label={t("tax.pan.label")}
            hint={t("tax.pan.hint")}
            errors={fields.pan.errors?.map(localize)}
            inputProps={{
              ...getInputProps(fields.pan, { type: "text" }),
              // Small letters are accepted (upper-cased on the server), so the native pattern allows them.
              pattern: "[A-Za-z]{5}[0-9]{4}[A-Za-z]",
              title: t("tax.pan.format"),
              maxLength: 10,
              autoComplete: "off",
              autoCapitalize: "characters",
              spellCheck: false,
              className: "input uppercase",
            }}
          />
          <SubmitButton pending={pending} className="btn-primary">
            {t("tax.pan.save")}
          </SubmitButton>
        </Form>
      </section>

      {tax.enabled ? (
        <section className="card space-y-2" aria-labelledby="due-heading" data-testid="tax-due">
          <h2 id="due-heading" className="text-lg font-semibold">
            {t("tax.due.heading")}
          </h2>
          {tax.due.length === 0 ? (
            <p className="text-sm">{t("tax.due.none")}</p>
          ) : (
            <>
              <p className="text-sm">{t("tax.due.total", { amount: f.rupees(tax.tax_due) })}</p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {tax.due.map((l) => (
                  <li key={l.kind}>
                    {t("tax.due.line", {
                      kind: t(`tax.kinds.${l.kind}`),
                      rate: l.rate_percent,
                      gross: f.rupees(l.gross),
                      tax: f.rupees(l.tax),
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}

      <section className="card space-y-2" aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="text-lg font-semibold">
          {t("tax.totals.heading", { fy: tax.fy })}
        </h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="py-1 font-medium">{t("tax.totals.kind")}</th>
              <th className="py-1 text-right font-medium">{t("tax.totals.gross")}</th>
              <th className="py-1 text-right font-medium">{t("tax.totals.tax")}</th>
            </tr>
          </thead>
          <tbody>
            {tax.totals.map((row) => (
              <tr key={row.kind} className="border-t border-slate-100">
                <td className="py-1">{t(`tax.kinds.${row.kind}`)}</td>
                <td className="py-1 text-right tabular-nums">{f.rupees(row.gross)}</td>
                <td className="py-1 text-right tabular-nums">{f.rupees(row.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600">
          {t("tax.totals.withdrawn", { amount: f.rupees(tax.withdrawn_this_year) })}
        </p>
      </section>

      <section className="card space-y-2" aria-labelledby="certificates-heading">
        <h2 id="certificates-heading" className="text-lg font-semibold">
          {t("tax.certificates.heading")}
        </h2>
        {tax.certificates.length === 0 ? (
          <p className="text-sm">{t("tax.certificates.none")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {tax.certificates.map((c) => (
              <li key={`${c.fy}-${c.quarter}`}>
                <Link className="underline" to={`/member/tax/certificate/${c.fy}/${c.quarter}`}>
                  {t("tax.certificates.link", { fy: c.fy, quarter: c.quarter, tax: f.rupees(c.tax) })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-xs text-slate-500">{t("tax.page.notAdvice")}</p>
    </div>
  );
}
