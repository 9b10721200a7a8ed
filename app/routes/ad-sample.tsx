import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.sampleAd") }];

/** The demo iframe ad: a page the site serves itself and lets only its own pages frame. */
export default function AdSample() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-600 to-brand-900 p-6 text-white">
      <div className="max-w-md text-center">
        <p className="text-xs font-semibold uppercase tracking-widest opacity-80">
          {t("earn.adSample.advertisement")}
        </p>
        <h1 className="mt-2 text-3xl font-extrabold">{t("earn.adSample.heading")}</h1>
        <p className="mt-3 text-sm opacity-90">{t("earn.adSample.text")}</p>
      </div>
    </main>
  );
}
