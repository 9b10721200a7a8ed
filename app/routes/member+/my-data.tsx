import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { forwardedCookies } from "~/utils/session.server";
import { ErrorList, PasswordField, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { AlertBox } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { pageParam } from "~/utils/pagination";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import type { DataRows } from "../../../shared/contracts/rights";

/**
 * "Your data" (issue 44 §2): everything the site holds about the member, section by section (the
 * ledger a page at a time), the download of it as one JSON file (prepared in the background,
 * offered once by a signed link), where to correct it, and deleting the account — a server-rendered
 * confirm step (`?erase`) that first says what happens to the balance, asks the password (or a
 * mailed code) and works without JavaScript.
 */

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [
  { title: pageTitle(matches, d?.title) },
];

const EraseSchema = z.object({
  intent: z.literal("erase"),
  confirm: z.literal("on", {
    errorMap: () => ({ message: "Tick the box to confirm you want your account deleted." }),
  }),
  password: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const erase = url.searchParams.has("erase");
  const [mine, preview] = await Promise.all([
    memberRead(request, context, "/userRoute/my_data", { page: String(pageParam(url)) }),
    erase ? memberRead(request, context, "/userRoute/erasure_preview") : Promise.resolve(null),
  ]);
  const t = requestT(request);
  return { title: t(erase ? "rights.titles.erase" : "rights.titles.page"), mine, preview, erase };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "export") {
    const res = await memberApi(request, context, "/userRoute/my_data_export", { method: "POST" });
    return redirectWithToast(context, "/member/my-data", {
      type: res.ok ? "success" : "error",
      title: res.ok ? t("rights.download.asked") : errorText(res.body),
    });
  }
  if (intent === "code") {
    const res = await memberApi(request, context, "/userRoute/erasure_code", { method: "POST" });
    return redirectWithToast(context, "/member/my-data?erase", {
      type: res.ok ? "success" : "error",
      title: res.ok ? t("rights.erase.codeSent") : errorText(res.body),
    });
  }
  const submission = parseWithZod(form, { schema: EraseSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { password, code } = submission.value;
  const res = await memberApi(request, context, "/userRoute/erasure_confirm", {
    method: "POST",
    json: { confirm: true, ...(password ? { password } : {}), ...(code ? { code } : {}) },
  });
  if (res.ok) {
    return redirectWithToast(
      context,
      "/",
      { type: "success", title: t("rights.erase.done") },
      { headers: forwardedCookies(res) },
    );
  }
  return data(
    { result: submission.reply({ formErrors: [errorText(res.body)] }) },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

/** One section's rows as a table (field names as the file names them). */
function Rows({ rows, empty, label }: { rows: DataRows; empty: string; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    // A box that may scroll sideways: focusable and named, so a keyboard can scroll it too.
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-xs">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {keys.map((k) => (
              <th key={k} className="py-1 pr-3 font-medium">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={i}>
              {keys.map((k) => (
                <td key={k} className="max-w-[16rem] break-words py-1 pr-3 align-top">
                  {cell(r[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cell = (v: unknown): string =>
  v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

export default function MyDataPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">
        {d.erase ? t("rights.erase.confirmHeading") : t("rights.page.heading")}
      </h1>
      {d.erase && d.preview ? <EraseStep preview={d.preview} /> : <Overview />}
    </div>
  );
}

function Overview() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  const pending = useIsPending({ fields: { intent: "export" } });
  const m = d.mine;
  const ready = m.exports.find((e) => e.status === "ready" && e.link);
  const waiting = m.exports.some((e) => e.status === "pending");
  const empty = t("rights.page.empty");
  const sections: [string, DataRows][] = [
    [t("rights.sections.profile"), m.profile ? [m.profile] : []],
    [t("rights.sections.payoutAccounts"), m.payout_accounts],
    [t("rights.sections.balances"), m.balances],
    [t("rights.sections.withdrawals"), m.withdrawals],
    [t("rights.sections.conversions"), m.conversions],
    [t("rights.sections.adViews"), m.claims.ad_views],
    [t("rights.sections.shortLinks"), m.claims.short_links],
    [t("rights.sections.taskWallCredits"), m.claims.task_wall_credits],
    [t("rights.sections.giftCodes"), m.claims.gift_codes],
    [t("rights.sections.games"), m.games],
    [t("rights.sections.supportMessages"), m.support_messages],
    [t("rights.sections.sessions"), m.sessions],
    [t("rights.sections.signIns"), m.sign_ins],
    [t("rights.sections.devices"), m.devices],
    [t("rights.sections.addresses"), m.addresses],
    [t("rights.sections.consents"), m.consents],
    [t("rights.sections.age"), m.age ? [m.age] : []],
    [t("rights.sections.tax"), m.tax.pan ? [{ pan: m.tax.pan }, ...m.tax.withholdings] : m.tax.withholdings],
    [t("rights.sections.risk"), m.risk.signals],
    [t("rights.sections.corrections"), m.corrections],
    [t("rights.sections.requests"), m.rights_requests],
  ];
  return (
    <>
      <p className="text-sm text-slate-700">{t("rights.page.intro")}</p>
      <section className="card space-y-3" aria-labelledby="download-heading">
        <h2 id="download-heading" className="text-lg font-semibold">
          {t("rights.download.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("rights.download.text")}</p>
        {ready ? (
          <div className="space-y-1">
            <p className="text-sm font-medium">{t("rights.download.ready")}</p>
            <a className="btn-primary inline-block" href={ready.link!} download>
              {t("rights.download.link")}
            </a>
            {ready.expires_at ? (
              <p className="text-xs text-slate-600">
                {t("rights.download.expires", { time: f.time(ready.expires_at) })}
              </p>
            ) : null}
          </div>
        ) : waiting ? (
          <p className="text-sm" role="status">
            {t("rights.download.pending")}
          </p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="export" />
            <SubmitButton pending={pending}>{t("rights.download.button")}</SubmitButton>
          </Form>
        )}
      </section>
      <section className="card space-y-2" aria-labelledby="correct-heading">
        <h2 id="correct-heading" className="text-lg font-semibold">
          {t("rights.correct.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("rights.correct.text")}</p>
        <Link className="text-brand-700 underline" to="/member/profile">
          {t("rights.correct.link")}
        </Link>
      </section>
      {sections.map(([title, rows]) => (
        <section key={title} className="card space-y-2">
          <h2 className="text-base font-semibold">{title}</h2>
          <Rows rows={rows} empty={empty} label={title} />
        </section>
      ))}
      {/* Not a landmark itself: its table's scrolling region carries the name. */}
      <section className="card space-y-2">
        <h2 id="ledger-heading" className="text-base font-semibold">
          {t("rights.sections.ledger")}
        </h2>
        <Rows rows={m.ledger_entries} empty={empty} label={t("rights.sections.ledger")} />
        <Pagination page={m.ledger_pagination.page} totalPages={m.ledger_pagination.totalPages} />
      </section>
      <section className="card space-y-2 border-red-200" aria-labelledby="erase-heading">
        <h2 id="erase-heading" className="text-lg font-semibold">
          {t("rights.erase.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("rights.erase.text")}</p>
        <Link className="btn-danger inline-block" to="/member/my-data?erase">
          {t("rights.erase.start")}
        </Link>
      </section>
    </>
  );
}

function EraseStep({
  preview,
}: {
  preview: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["preview"]>;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ fields: { intent: "erase" } });
  const [form, fields] = useAppForm({ id: "erase", lastResult: actionData?.result, schema: EraseSchema });
  const hasBalance = preview.withdrawable !== "0.000" || preview.deposit !== "0.000";
  return (
    <section className="card space-y-3" aria-labelledby="erase-step">
      <h2 id="erase-step" className="sr-only">
        {t("rights.erase.confirmHeading")}
      </h2>
      {!preview.allowed ? <AlertBox tone="error" title={t("rights.erase.pending")} /> : null}
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          {hasBalance
            ? t("rights.erase.balance", {
                withdrawable: f.rupees(preview.withdrawable),
                deposit: f.rupees(preview.deposit),
              })
            : t("rights.erase.noBalance")}
        </li>
        {preview.debt !== "0.000" ? (
          <li>{t("rights.erase.debt", { amount: f.rupees(preview.debt) })}</li>
        ) : null}
        <li>{t("rights.erase.kept")}</li>
        <li>{t("rights.erase.signedOut")}</li>
      </ul>
      {preview.allowed ? (
        <>
          {preview.confirm_with === "code" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="code" />
              <button type="submit" className="btn-secondary">
                {t("rights.erase.sendCode")}
              </button>
            </Form>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="space-y-3">
            {form.errors?.length ? <AlertBox tone="error" title={form.errors.join(" ")} /> : null}
            <input type="hidden" name="intent" value="erase" />
            <label className="flex items-start gap-2 text-sm font-medium">
              <input
                className="mt-0.5 h-4 w-4 accent-brand-600"
                {...getInputProps(fields.confirm, { type: "checkbox" })}
              />
              {t("rights.erase.confirmBox")}
            </label>
            <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
            {preview.confirm_with === "password" ? (
              <PasswordField
                label={t("rights.erase.password")}
                errors={fields.password.errors}
                inputProps={{
                  ...getInputProps(fields.password, { type: "password" }),
                  required: true,
                  autoComplete: "current-password",
                }}
              />
            ) : (
              <div>
                <label className="label" htmlFor={fields.code.id}>
                  {t("rights.erase.code")}
                </label>
                <input
                  className="input"
                  {...getInputProps(fields.code, { type: "text" })}
                  required
                  inputMode="numeric"
                  autoComplete="one-time-code"
                />
                <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
              </div>
            )}
            <div className="flex flex-wrap gap-3">
              <SubmitButton pending={pending}>{t("rights.erase.submit")}</SubmitButton>
              <Link className="btn-secondary" to="/member/my-data">
                {t("rights.erase.cancel")}
              </Link>
            </div>
          </Form>
        </>
      ) : (
        <Link className="btn-secondary inline-block" to="/member/my-data">
          {t("rights.erase.cancel")}
        </Link>
      )}
    </section>
  );
}
