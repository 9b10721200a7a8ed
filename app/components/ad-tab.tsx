import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { tellOpener, type AdType } from "~/utils/ptc";
import { AlertBox } from "~/components/confirm-dialog";

/**
 * Reloads the page after `seconds` when scripts do not run. Inside <noscript> a browser with
 * scripts never reads the tag, so a scripted page is never reloaded behind its own timers.
 */
export function RefreshWithoutScripts({ seconds, url }: { seconds: number; url?: string }) {
  const content = `${Math.max(1, Math.ceil(seconds))}${url ? `;url=${url}` : ""}`;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={content} />
    </noscript>
  );
}

/** The frame of an ad tab (the navigation bar is hidden on these pages). */
export function AdTabShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-center text-xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

export function BlockedNotice({ kind }: { kind: "adblock" | "proxy" }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-center text-red-900">
      {kind === "adblock" ? (
        <>
          <p className="text-lg font-bold">{t("earn.adTab.adBlockTitle")}</p>
          <p className="mt-1 text-sm">{t("earn.adTab.adBlockText")}</p>
        </>
      ) : (
        <>
          <p className="text-lg font-bold">{t("earn.adTab.proxyTitle")}</p>
          <p className="mt-1 text-sm">{t("earn.adTab.proxyText")}</p>
        </>
      )}
    </div>
  );
}

/**
 * Leaving the tab (closing or reloading it) before the ad is done tells the View Ads page that the
 * view was aborted. `done` is read when the page goes away: a claimed or completed view stays quiet.
 */
export function useAbortOnLeave(type: AdType, viewToken: string, done: () => boolean) {
  const doneRef = useRef(done);
  doneRef.current = done;
  useEffect(() => {
    const onHide = () => {
      if (doneRef.current()) return;
      tellOpener(
        type,
        type === "window"
          ? { isAbortFromWaitPage: true, viewToken }
          : { isAbortFromIframePage: true, viewToken },
      );
    };
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [type, viewToken]);
}

/** An ad tab whose view cannot go on: behind a proxy, or refused for the server's reason. */
export function AdTabStopped({
  title,
  proxy,
  message,
}: {
  title: string;
  proxy: boolean;
  message: string | null;
}) {
  const { t } = useTranslation();
  return (
    <AdTabShell title={title}>
      {proxy ? (
        <BlockedNotice kind="proxy" />
      ) : (
        <AlertBox tone="error" title={t("earn.adTab.failed")}>
          {message ?? t("earn.ptc.operationFailed")}
        </AlertBox>
      )}
    </AdTabShell>
  );
}
