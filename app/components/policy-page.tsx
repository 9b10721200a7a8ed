import { useTranslation } from "react-i18next";
import { HtmlContent } from "./html-content";

/** A policy page: the server's HTML (sanitized by the API) in a readable column. */
export function PolicyPage({ title, html }: { title: string; html: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">{title}</h1>
      <article className="card p-6 sm:p-8" data-testid="policy-content">
        {html ? <HtmlContent html={html} /> : <p className="text-slate-600">{t("common.policyUpdating")}</p>}
      </article>
    </main>
  );
}
