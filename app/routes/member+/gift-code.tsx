import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ErrorList, SubmitButton, useIsPending, useAppForm } from "~/components/forms";
import { BalanceCard } from "~/components/balance-card";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { AlertBox } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { pageParam } from "~/utils/pagination";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.giftCode") }];

/** A blank code is not an error: the spec ignores it, so the schema has no `required`. */
const GiftCodeSchema = z.object({ giftCode: z.string().trim().max(64, "Invalid gift code.").optional() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return memberRead(request, context, "/userIncomeRoute/user_giftCode_get", {
    page: String(pageParam(new URL(request.url))),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: GiftCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const code = submission.value.giftCode?.trim();
  // Ignored without a call or a message.
  if (!code) return redirect("/member/gift-code");
  const res = await memberApi(request, context, "/userIncomeRoute/user_giftCode_verify_and_patch", {
    method: "PATCH",
    json: { giftCode_state: code },
  });
  if (res.ok) {
    return redirectWithToast(context, "/member/gift-code", {
      type: "success",
      title: typeof res.body.msg === "string" ? res.body.msg : requestT(request)("account.giftCode.claimed"),
    });
  }
  return data(
    { result: submission.reply({ formErrors: [errorText(res.body)] }) },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

export default function GiftCodePage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useTranslation();
  const f = useFormat();
  const [form, fields] = useAppForm({
    id: "gift-code",
    lastResult: actionData?.result,
    schema: GiftCodeSchema,
    onSubmit(event, { formData }) {
      if (!String(formData.get("giftCode") ?? "").trim()) event.preventDefault();
    },
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.giftCode.title")}</h1>
      <BalanceCard label={t("account.giftCode.availableBalance")} amount={d.userAvailableBalance} />
      <section className="card space-y-4" aria-labelledby="claim-heading">
        <h2 id="claim-heading" className="text-lg font-semibold">
          {t("account.giftCode.claimHeading")}
        </h2>
        {d.giftCode_page_Message ? (
          <div
            className="prose-sm text-sm text-slate-700"
            dangerouslySetInnerHTML={{ __html: d.giftCode_page_Message }}
          />
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
          <div>
            <label className="label" htmlFor={fields.giftCode.id}>
              {t("account.giftCode.label")}
            </label>
            <input
              className="input uppercase"
              {...getInputProps(fields.giftCode, { type: "text" })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <ErrorList id={fields.giftCode.errorId} errors={fields.giftCode.errors} />
          </div>
          <SubmitButton pending={pending}>{t("account.giftCode.claim")}</SubmitButton>
        </Form>
      </section>
      <section className="card" aria-labelledby="claims-heading">
        <h2 id="claims-heading" className="text-lg font-semibold">
          {t("account.giftCode.history")}
        </h2>
        {d.userGiftCode_claim_history.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("account.giftCode.noClaims")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t("account.giftCode.code")}</th>
                  <th className="py-2 pr-3 font-medium">{t("account.giftCode.bonus")}</th>
                  <th className="py-2 font-medium">{t("account.shared.time")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.userGiftCode_claim_history.map((c, i) => (
                  <tr key={`${c.giftCode}-${i}`}>
                    <td className="py-2 pr-3 font-mono">{c.giftCode}</td>
                    <td className="py-2 pr-3 tabular-nums">{f.rupees(c.bonusAmount)}</td>
                    <td className="py-2">
                      <time dateTime={c.time}>{f.time(c.time)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      </section>
    </div>
  );
}
