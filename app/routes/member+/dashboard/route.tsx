import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { InstallPrompt } from "~/components/install-prompt";
import { LogoutButton } from "~/components/logout-dialog";
import { memberApi, type ApiResult } from "~/utils/api.server";
import { dashboardView } from "~/routes/member+/dashboard/dashboard";
import type { DashboardData } from "../../../../shared/contracts/accounts";
import type { MemberBreachNotice } from "../../../../shared/contracts/housekeeping";
import { GENERIC_FAILURE } from "../../../../shared/messages";
import { localizeMessage } from "../../../../shared/i18n/apiMessages";
import { useTranslation } from "react-i18next";
import { localeOf } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { PendingCredits, pendingCreditsView } from "~/components/pending-credits";
import { BreachNotices } from "~/components/breach-notices";
import { HtmlContent } from "~/components/html-content";
import { redirectWithToast } from "~/utils/toast.server";
import { requestT } from "~/i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.dashboard") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const month = new URL(request.url).searchParams.get("month");
  let result: ApiResult<DashboardData> | null = null;
  let breach: MemberBreachNotice[] = [];
  try {
    const [dashboard, notices] = await Promise.all([
      memberApi(request, context, "/userRoute/userDataGet_dashboard"),
      memberApi(request, context, "/userRoute/breachNotices"),
    ]);
    result = dashboard;
    breach = notices.ok ? (notices.body.msg?.notices ?? []) : [];
  } catch (e) {
    if (e instanceof Response) throw e;
  }
  const ok = result?.ok && result.body.msg;
  // The page shows this read, the member layout's (same session check) and global content only:
  // it may be kept rendered under the read's version (server/member-page-cache.ts). A page showing
  // breach notices is not kept (the version counts notices sent, not those dismissed).
  if (ok && result?.etag && breach.length === 0) context.pageKeeping?.keep(result.etag);
  else context.pageKeeping?.refuse();
  const view = dashboardView(ok ? (result?.body.msg ?? {}) : {}, month);
  return {
    error: ok ? null : localizeMessage(localeOf(request), GENERIC_FAILURE),
    months: view.months,
    month: view.month,
    tiles: view.tiles,
    days: view.days,
    announcements: view.announcements,
    breach,
    pending: ok
      ? pendingCreditsView(result?.body.msg?.pending_offerWall, result?.body.msg?.pending_offerWall_credits)
      : pendingCreditsView(undefined, undefined),
  };
}

/** Dismissing a breach notice (the only form that posts here). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "dismiss-breach" || !/^[1-9]\d{0,14}$/.test(id))
    return redirect("/member/dashboard");
  const res = await memberApi(request, context, `/userRoute/breachNotices/${Number(id)}/dismiss`, {
    method: "POST",
  });
  return redirectWithToast(context, "/member/dashboard", {
    type: res.ok ? "success" : "error",
    title: res.ok
      ? requestT(request)("housekeeping.breach.dismissed")
      : localizeMessage(localeOf(request), GENERIC_FAILURE),
  });
}

export default function Dashboard() {
  const { error, months, month, tiles, days, announcements, breach, pending } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  const submit = useSubmit();
  const navigation = useNavigation();
  const monthName = f.month(months.find((m) => m.key === month)?.key ?? "");
  const switching = navigation.state === "loading" && navigation.location.pathname === "/member/dashboard";

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">{t("account.dashboard.title")}</h1>
        <InstallPrompt />
        <LogoutButton className="btn-danger" />
      </div>

      <BreachNotices notices={breach} />

      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="dashboard-month" className="label">
            {t("account.dashboard.month")}
          </label>
          <select
            id="dashboard-month"
            name="month"
            className="input min-w-[12rem]"
            defaultValue={month}
            key={month}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
          >
            {months.map((m) => (
              <option key={m.key} value={m.key}>
                {f.month(m.key) || m.name}
              </option>
            ))}
          </select>
        </div>
        {/* With JavaScript the choice applies itself; without it this button sends the form. */}
        <noscript>
          <button type="submit" className="btn-secondary">
            {t("account.dashboard.show")}
          </button>
        </noscript>
      </Form>

      <ul
        className={`grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 ${switching ? "opacity-60" : ""}`}
        aria-label={t("account.dashboard.incomeBySource")}
      >
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="card block h-full transition hover:border-brand-500 hover:shadow">
              <p className="text-sm font-semibold text-slate-600">
                {t(`account.dashboard.tiles.${tile.labelKey}`)}
              </p>
              <p className="mt-1 text-xl font-bold text-slate-900" data-testid="tile-income">
                {f.rupees(tile.income)}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">{monthName}</p>
            </Link>
          </li>
        ))}
      </ul>

      <PendingCredits pending={pending} />

      <div className="grid gap-5 lg:grid-cols-5">
        <section className="card min-w-0 lg:col-span-3" aria-labelledby="daily-earnings-title">
          <h2 id="daily-earnings-title" className="mb-3 text-lg font-bold">
            {t("account.dashboard.dailyEarnings")}
          </h2>
          {/* A scrolling box: focusable and named, so a keyboard can scroll it too. It scrolls down
              only: on a 360 px phone the columns fit (headings wrap between words, figures never wrap). */}
          <div
            className="h-[300px] overflow-auto rounded-lg border border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
            data-testid="daily-earnings"
            role="region"
            aria-label={t("account.dashboard.dailyEarningsTable")}
            tabIndex={0}
          >
            <table className="w-full text-left text-xs sm:text-sm">
              <thead className="sticky top-0 bg-slate-100 text-xs text-slate-600 sm:uppercase">
                <tr>
                  <th className="break-words px-1 py-2 align-bottom sm:px-3">{t("account.shared.date")}</th>
                  <th className="break-words px-1 py-2 align-bottom sm:px-3">
                    {t("account.dashboard.selfEarnings")}
                  </th>
                  <th className="break-words px-1 py-2 align-bottom sm:px-3">
                    {t("account.dashboard.referralEarnings")}
                  </th>
                  <th className="break-words px-1 py-2 align-bottom sm:px-3">
                    {t("account.dashboard.totalEarnings")}
                  </th>
                </tr>
              </thead>
              <tbody className={switching ? "opacity-60" : undefined}>
                {days.length ? (
                  days.map((d) => (
                    <tr key={d.date} className="border-t border-slate-100">
                      <td className="whitespace-nowrap px-1 py-2 sm:px-3">{f.day(d.date)}</td>
                      <td className="whitespace-nowrap px-1 py-2 sm:px-3">{f.rupees(d.self)}</td>
                      <td className="whitespace-nowrap px-1 py-2 sm:px-3">{f.rupees(d.referral)}</td>
                      <td className="whitespace-nowrap px-1 py-2 font-semibold sm:px-3">
                        {f.rupees(d.total)}
                      </td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={4} className="px-3 py-10 text-center text-slate-500">
                      {t("account.dashboard.noEarnings")}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>

        <section className="card min-w-0 lg:col-span-2" aria-labelledby="announcements-title">
          <h2 id="announcements-title" className="mb-3 text-lg font-bold">
            {t("account.dashboard.announcements")}
          </h2>
          {announcements.length ? (
            <ul className="max-h-[300px] space-y-3 overflow-y-auto">
              {announcements.map((a, i) => (
                <li key={`${a.time}-${i}`} className="rounded-lg border border-slate-100 bg-slate-50 p-3">
                  <p className="text-xs font-semibold text-slate-500">{f.time(a.time)}</p>
                  {/* The operator's Markdown, rendered and sanitised by the API: headings, lists, links styled. */}
                  <HtmlContent html={a.html} className="mt-1 text-sm" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t("account.dashboard.noAnnouncements")}</p>
          )}
        </section>
      </div>
    </div>
  );
}
