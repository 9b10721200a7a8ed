import { pageTitle } from "~/utils/meta";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { memberRead } from "~/utils/api.server";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { isFinancialYear } from "../../../shared/tax";

/**
 * /member/tax/certificate/{fy}/{quarter} (issue 44 §6): what was deducted from the member in one
 * quarter, printable (the browser's own print; nothing else on the page needs scripts).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Tax certificate") },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const fy = params.fy ?? "";
  const quarter = params.quarter ?? "";
  if (!isFinancialYear(fy) || !/^[1-4]$/.test(quarter)) throw new Response("Not found", { status: 404 });
  const t = requestT(request);
  const certificate = await memberRead(request, context, "/userAmount/tax_certificate", { fy, quarter });
  return { title: t("tax.titles.certificate"), certificate };
}

export default function TaxCertificatePage() {
  const { certificate: c } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <article className="mx-auto max-w-3xl space-y-4" data-testid="tax-certificate">
      <h1 className="text-2xl font-bold">{t("tax.certificate.heading")}</h1>
      <p className="font-medium">{t("tax.certificate.period", { fy: c.fy, quarter: c.quarter })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("tax.certificate.member")}</dt>
        <dd>{c.member_name}</dd>
        <dt className="text-slate-600">{t("tax.certificate.memberId")}</dt>
        <dd className="break-all">{c.member_id}</dd>
        <dt className="text-slate-600">{t("tax.certificate.pan")}</dt>
        <dd>{c.pan.length > 0 ? c.pan.join(", ") : t("tax.certificate.noPan")}</dd>
      </dl>
      {c.rows.length === 0 ? (
        <p className="text-sm">{t("tax.certificate.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="py-1 pr-2 font-medium">{t("tax.certificate.date")}</th>
                <th className="py-1 pr-2 font-medium">{t("tax.certificate.kind")}</th>
                <th className="py-1 pr-2 text-right font-medium">{t("tax.certificate.gross")}</th>
                <th className="py-1 pr-2 text-right font-medium">{t("tax.certificate.rate")}</th>
                <th className="py-1 text-right font-medium">{t("tax.certificate.tax")}</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={`${r.withdrawal_id}-${r.kind}`} className="border-t border-slate-100">
                  <td className="py-1 pr-2">
                    <time dateTime={r.date}>{f.time(r.date)}</time>
                  </td>
                  <td className="py-1 pr-2">{t(`tax.kinds.${r.kind as "task"}`)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{f.rupees(r.gross)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{`${r.rate_percent}%`}</td>
                  <td className="py-1 text-right tabular-nums">{f.rupees(r.tax)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-300 font-semibold">
                <td className="py-1 pr-2" colSpan={2}>
                  {t("tax.certificate.total")}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{f.rupees(c.total_gross)}</td>
                <td />
                <td className="py-1 text-right tabular-nums" data-testid="certificate-total-tax">
                  {f.rupees(c.total_tax)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="print:hidden">
        <Link className="underline" to="/member/tax">
          {t("tax.certificate.back")}
        </Link>
      </p>
    </article>
  );
}
