import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseRupees } from "../../../shared/money";
import { useFormat } from "~/i18n/format";
import { Pagination } from "~/components/pagination";
import { pageTitle } from "~/utils/meta";
import { pageParam } from "~/utils/pagination";
import { list, navBarData } from "~/utils/public-data.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.paymentProof") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context, "paymentProof", pageParam(new URL(request.url)));
  const rows = list(nav.paymentProof_data);
  const { page, totalPages, pageSize } = nav.paymentProof_pagination ?? {
    page: 1,
    totalPages: 1,
    pageSize: 0,
  };
  // Formatted by the page in its language (useFormat: IST, Indian grouping), the same on the server and the browser.
  return {
    page,
    totalPages,
    rows: rows.map((r, i) => ({
      n: (page - 1) * pageSize + i + 1,
      time: r.time,
      userName: r.userName,
      method: r.withdrawal_method,
      balance: parseRupees(r.balance),
    })),
  };
}

export default function PaymentProof() {
  const { rows, page, totalPages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t("pub.paymentProof.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("pub.paymentProof.intro")}</p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[32rem] text-left text-sm" data-testid="payment-proof">
          <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2.5 sm:px-4 sm:py-3">
                #
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 sm:py-3">
                {t("pub.paymentProof.time")}
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 sm:py-3">
                {t("pub.paymentProof.userName")}
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 sm:py-3">
                {t("pub.paymentProof.method")}
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 sm:py-3 text-right">
                {t("pub.paymentProof.balance")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                  {t("pub.paymentProof.empty")}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.n}>
                  <td className="px-3 py-2.5 sm:px-4 sm:py-3 tabular-nums text-slate-500">{r.n}</td>
                  <td className="whitespace-nowrap px-3 py-2.5 sm:px-4 sm:py-3">{f.proofTime(r.time)}</td>
                  <td className="px-3 py-2.5 sm:px-4 sm:py-3 font-medium text-slate-900">{r.userName}</td>
                  <td className="px-3 py-2.5 sm:px-4 sm:py-3">{r.method}</td>
                  <td className="px-3 py-2.5 sm:px-4 sm:py-3 text-right font-semibold tabular-nums text-green-700">
                    {f.money(r.balance, 2)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} />
    </main>
  );
}
