import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { pageName } from "~/utils/meta";
import { callApi, type ApiResult } from "~/utils/api.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { useCountdown } from "~/utils/countdown";
import { SHORTENER_WAIT_MS, isWebAddress } from "~/utils/shortlinks";
import { GENERIC_FAILURE } from "../../shared/messages";
import type { ShortenerTarget } from "../../shared/contracts/shortLinks";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) => [
  {
    title:
      d?.state === "ok"
        ? `${pageName(matches, "earn.linkAlmostReady")} | ${d.siteName}`
        : `${pageName(matches, "earn.linkNotFound")} | ${d?.siteName ?? ""}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The built-in shortener's interstitial: a public page that waits 5 s, then offers Continue to the
 * code's destination (`GET /shortener/{code}`). Without scripts the first view reloads itself as
 * `?ready` when the wait is over.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const siteName = context.publicEnv.SITE_NAME;
  const code = params.code ?? "";
  let res: ApiResult<ShortenerTarget>;
  try {
    res = await callApi(request, context, `/shortener/${encodeURIComponent(code)}`);
  } catch {
    throw new Response(GENERIC_FAILURE, { status: 502 });
  }
  const url = res.body.msg?.url;
  if (!res.ok || !isWebAddress(url)) {
    invariantResponse(res.status < 500, GENERIC_FAILURE, 502);
    return data({ state: "missing" as const, siteName }, { status: 404 });
  }
  const ready = new URL(request.url).searchParams.has("ready");
  return { state: "ok" as const, siteName, url, waitMs: ready ? 0 : SHORTENER_WAIT_MS, code };
}

function Frame({ siteName, children }: { siteName: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <p className="mx-auto max-w-lg px-4 py-3 text-lg font-bold text-brand-900">{siteName}</p>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export default function ShortenerInterstitial() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const left = useCountdown(d.state === "ok" ? d.waitMs : 0, d.state === "ok" ? d.code : "none");

  if (d.state !== "ok") {
    return (
      <Frame siteName={d.siteName}>
        <div className="card space-y-3 text-center">
          <p className="text-5xl font-extrabold text-brand-600">404</p>
          <h1 className="text-2xl font-bold">{t("earn.shortener.notFound")}</h1>
          <p className="text-sm text-slate-600">{t("earn.shortener.notFoundText")}</p>
          <Link to="/" className="btn-secondary">
            {t("earn.shortener.goHome")}
          </Link>
        </div>
      </Frame>
    );
  }

  const ready = left <= 0;
  return (
    <Frame siteName={d.siteName}>
      <div className="card space-y-4 text-center">
        <h1 className="text-2xl font-bold">{t("earn.shortener.almostReady")}</h1>
        {ready ? (
          <p className="text-slate-600">{t("earn.shortener.ready")}</p>
        ) : (
          <p className="text-slate-600" aria-live="polite">
            <Trans
              i18nKey="earn.shortener.wait"
              values={{ seconds: Math.ceil(left / 1000) }}
              components={{
                count: <span className="font-bold tabular-nums" data-testid="shortener-countdown" />,
              }}
            />
          </p>
        )}
        {ready ? (
          <a href={d.url} className="btn-primary w-full" rel="noreferrer">
            {t("earn.shortener.continue")}
          </a>
        ) : (
          <>
            <button type="button" className="btn-primary w-full" disabled>
              {t("earn.shortener.continue")}
            </button>
            <RefreshWithoutScripts seconds={d.waitMs / 1000} url="?ready=1" />
          </>
        )}
        <p className="text-xs text-slate-500">{t("earn.shortener.by", { siteName: d.siteName })}</p>
      </div>
    </Frame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fullPage />;
}
