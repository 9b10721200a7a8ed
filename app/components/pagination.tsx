import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageWindow } from "~/utils/pagination";

/** Prev / page numbers / Next as plain links (works without JavaScript). */
export function Pagination({
  page,
  totalPages,
  param = "page",
}: {
  page: number;
  totalPages: number;
  param?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set(param, String(p));
    return `${location.pathname}?${sp.toString()}`;
  };
  const base = "min-w-9 rounded-md border px-3 py-1.5 text-sm";
  return (
    <nav
      className="mt-4 flex flex-wrap items-center justify-center gap-1"
      aria-label={t("common.pagination.label")}
    >
      {page > 1 ? (
        <Link className={`${base} border-slate-300 bg-white`} to={href(page - 1)} preventScrollReset>
          {t("common.pagination.prev")}
        </Link>
      ) : (
        <span className={`${base} border-slate-200 text-slate-500`} aria-disabled="true">
          {t("common.pagination.prev")}
        </span>
      )}
      {pageWindow(page, totalPages).map((p) => (
        <Link
          key={p}
          to={href(p)}
          preventScrollReset
          aria-current={p === page ? "page" : undefined}
          className={`${base} text-center ${p === page ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white"}`}
        >
          {p}
        </Link>
      ))}
      {page < totalPages ? (
        <Link className={`${base} border-slate-300 bg-white`} to={href(page + 1)} preventScrollReset>
          {t("common.pagination.next")}
        </Link>
      ) : (
        <span className={`${base} border-slate-200 text-slate-500`} aria-disabled="true">
          {t("common.pagination.next")}
        </span>
      )}
    </nav>
  );
}
