import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { tellOpener, type AdType } from "~/utils/ptc";

/**
 * The iframe and YouTube pages' countdown (spec 2 §4): one second at a time while `counting()`
 * says so; hidden before the end → the View Ads page is told of an abort and the title reads
 * 'Not Completed'; at 0 it is told of the success once per session and the title reads 'Completed'.
 * Not `useCountdown` (app/utils/countdown.ts), which runs to a moment on the clock: this one counts
 * seconds of viewing, and stands still while `counting()` says no (a paused video).
 */
export function useAdCountdown({
  type,
  viewToken,
  seconds,
  enabled,
  counting = () => true,
}: {
  type: AdType;
  viewToken: string;
  seconds: number;
  enabled: boolean;
  counting?: () => boolean;
}) {
  const [left, setLeft] = useState(seconds);
  const [aborted, setAborted] = useState(false);
  const countingRef = useRef(counting);
  countingRef.current = counting;
  const finished = useRef(false);
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (!enabled) return;
    const key = `${type}_PTCAds_done_${viewToken}`;
    let remaining = seconds;
    const abort = () => {
      if (finished.current) return;
      finished.current = true;
      setAborted(true);
      document.title = tRef.current("earn.adTab.notCompleted");
      tellOpener(type, { isAbortFromIframePage: true, viewToken });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") abort();
    };
    const onHide = () => abort();
    const tick = window.setInterval(() => {
      if (finished.current || !countingRef.current()) return;
      remaining -= 1;
      setLeft(Math.max(0, remaining));
      if (remaining > 0) return;
      finished.current = true;
      window.clearInterval(tick);
      document.title = tRef.current("earn.adTab.completed");
      // Once per session: a second copy of the page (or a restored one) does not report again.
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
      tellOpener(type, { isSuccess: true, viewToken });
    }, 1000);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onHide);
    };
  }, [enabled, type, viewToken, seconds]);

  return { left, aborted, done: left <= 0 && !aborted };
}

export function CountdownBadge({ left, aborted }: { left: number; aborted: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      className={`rounded-lg px-3 py-2 text-center text-lg font-bold ${aborted ? "bg-red-50 text-red-800" : left <= 0 ? "bg-green-50 text-green-800" : "bg-brand-50 text-brand-900"}`}
      data-testid="ad-countdown"
      aria-live="polite"
    >
      {aborted
        ? t("earn.adTab.notCompleted")
        : left <= 0
          ? t("earn.adTab.done")
          : t("earn.adTab.secondsRemaining", { left })}
    </p>
  );
}
