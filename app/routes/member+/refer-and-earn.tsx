import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { memberRead } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { CopyableText } from "~/components/copy-button";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.referAndEarn") }];

/** referralRate × 100, e.g. "0.1" → "10" (at most two decimals, trailing zeros dropped). */
function percentText(rate: string): string {
  const n = Math.round(Number(rate) * 10000) / 100;
  return Number.isFinite(n) ? String(n) : "0";
}

/** WhatsApp's own share address: opens the app (or its web page) with `message` ready to send; a plain link, so no script is needed. */
function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const d = await memberRead(request, context, "/userRoute/userReferral_record_get", {
    page: String(pageParam(url)),
  });
  return {
    percent: percentText(d.other_data_referralRate?.referralRate ?? "0"),
    siteName: context.publicEnv.SITE_NAME,
    pageText: d.other_data_referralRate?.referralPageText ?? "",
    link: `${url.origin}/signup/ref/${encodeURIComponent(d.userName)}`,
    rows: d.referral_data,
    page: d.pagination.page,
    totalPages: d.pagination.totalPages,
  };
}

export default function ReferAndEarnPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.refer.title")}</h1>
      <section className="card space-y-3" aria-labelledby="refer-heading">
        <h2 id="refer-heading" className="text-lg font-semibold">
          <Trans
            i18nKey="account.refer.increased"
            values={{ percent: d.percent }}
            components={{ percent: <span data-testid="referral-percent" /> }}
          />
        </h2>
        <p className="text-sm text-slate-700" data-testid="referral-rule">
          {t("account.refer.rule", { percent: d.percent })}
        </p>
        {d.pageText ? (
          <div className="text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: d.pageText }} />
        ) : null}
        <div>
          <p className="label">{t("account.refer.yourLink")}</p>
          <div
            className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
            data-testid="referral-link"
          >
            <CopyableText text={d.link} label={t("account.refer.copyLink")} />
          </div>
          <a
            href={whatsAppShareUrl(t("account.refer.shareMessage", { siteName: d.siteName, link: d.link }))}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-primary mt-3 w-full bg-green-700 hover:bg-green-800 sm:w-auto"
            data-testid="whatsapp-share"
          >
            {t("account.refer.shareWhatsApp")}
          </a>
        </div>
      </section>
      <section className="card" aria-labelledby="referrals-heading">
        <h2 id="referrals-heading" className="text-lg font-semibold">
          {t("account.refer.yourReferrals")}
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("account.refer.username")}</th>
                <th className="py-2 pr-3 font-medium">{t("account.refer.income")}</th>
                <th className="py-2 font-medium">{t("account.shared.date")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-4 text-center text-slate-600">
                    {t("account.refer.noReferrals")}
                  </td>
                </tr>
              ) : (
                d.rows.map((r) => (
                  <tr key={r.userName}>
                    <td className="py-2 pr-3">{r.userName}</td>
                    <td className="py-2 pr-3 tabular-nums">{f.rupees(r.income)}</td>
                    <td className="py-2">
                      <time dateTime={r.date}>{f.time(r.date)}</time>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <Pagination page={d.page} totalPages={d.totalPages} />
      </section>
    </div>
  );
}
