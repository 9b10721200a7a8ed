import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The one message for any failure the member cannot fix (a server error, an unreachable API). */

type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * Every route's error boundary. A thrown Response (a loader's or an action's answer) is shown by
 * its status; anything else is an error while rendering, the one case the spec keeps the
 * 'Upgrade Your Browser' screen for. Loaders and actions therefore throw Responses, never raw errors.
 * `fullPage` centres the card on an empty screen (root); otherwise it sits inside the route's frame.
 */
export function GeneralErrorBoundary({
  fullPage = false,
  statusHandlers,
}: {
  fullPage?: boolean;
  statusHandlers?: Partial<Record<number, StatusHandler>>;
}) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  useEffect(() => {
    if (!response) console.error(error);
  }, [error, response]);
  const view = response ? (
    (statusHandlers?.[response.status]?.(response) ?? <StatusView status={response.status} />)
  ) : (
    <RenderFailure />
  );
  if (fullPage) return <main className="flex min-h-screen items-center justify-center p-6">{view}</main>;
  return <div className="mx-auto w-full max-w-md py-6">{view}</div>;
}

function ErrorCard({
  testId,
  badge,
  title,
  children,
  links = <HomeLink />,
}: {
  testId: string;
  badge: ReactNode;
  title: string;
  children?: ReactNode;
  links?: ReactNode;
}) {
  return (
    <div className="card w-full max-w-md px-6 py-10 text-center" data-testid={testId}>
      {badge}
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      {children}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">{links}</div>
    </div>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  // A plain link: after an error the page's scripts may not be in a state to navigate.
  return (
    <a className="btn-primary" href="/">
      {t("common.errors.goHome")}
    </a>
  );
}

function StatusBadge({ status }: { status: number }) {
  return <p className="text-5xl font-extrabold text-brand-600">{status}</p>;
}

function StatusView({ status }: { status: number }) {
  const { t } = useTranslation();
  switch (status) {
    case 404:
      return (
        <ErrorCard
          testId="error-404"
          badge={<StatusBadge status={404} />}
          title={t("common.errors.notFound.title")}
        >
          <p className="mt-2 text-sm text-slate-600">{t("common.errors.notFound.text")}</p>
        </ErrorCard>
      );
    case 403:
      return (
        <ErrorCard
          testId="error-403"
          badge={<StatusBadge status={403} />}
          title={t("common.errors.refused.title")}
        >
          <p className="mt-2 text-sm text-slate-600">{t("common.errors.refused.text")}</p>
        </ErrorCard>
      );
    case 413:
      return (
        <ErrorCard
          testId="error-413"
          badge={<StatusBadge status={413} />}
          title={t("common.errors.tooLarge.title")}
        >
          <p className="mt-2 text-sm text-slate-600">{t("common.errors.tooLarge.text")}</p>
        </ErrorCard>
      );
    case 400:
      return (
        <ErrorCard
          testId="error-400"
          badge={<StatusBadge status={400} />}
          title={t("common.errors.invalid.title")}
        >
          <p className="mt-2 text-sm text-slate-600">{t("common.errors.invalid.text")}</p>
        </ErrorCard>
      );
    default:
      return (
        <ErrorCard
          testId="server-error"
          badge={
            <span
              aria-hidden
              className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-2xl"
            >
              ↻
            </span>
          }
          title={t("common.genericFailure")}
        />
      );
  }
}

/** The fallback screen for a fatal render error (spec 2 §2). */
function RenderFailure() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      testId="fallback-error"
      badge={
        <span
          aria-hidden
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl"
        >
          ⚠
        </span>
      }
      title={t("common.errors.upgrade.title")}
      links={
        <>
          <HomeLink />
          <a className="btn-secondary" href="/contact-us">
            {t("common.errors.upgrade.chat")}
          </a>
        </>
      }
    >
      <p className="mt-2 font-medium text-slate-800">{t("common.errors.upgrade.wrong")}</p>
      <p className="mt-3 text-sm text-slate-600">{t("common.errors.upgrade.text")}</p>
    </ErrorCard>
  );
}
