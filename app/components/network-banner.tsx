import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long 'You are Online' stays after the connection returns (spec 2 §2). */
export const ONLINE_NOTICE_MS = 1200;

type NetworkState = "online" | "offline" | "back";

/**
 * 'You are Offline' covers the page while the browser has no connection; 'You are Online' shows
 * briefly when it returns. (The layouts refetch their data on return: useRevalidateOnOnline.)
 */
export function NetworkBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<NetworkState>("online");

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      clearTimeout(timer);
      setState("offline");
    };
    const goOnline = () => {
      clearTimeout(timer);
      setState("back");
      timer = setTimeout(() => setState("online"), ONLINE_NOTICE_MS);
    };
    if (!navigator.onLine) goOffline();
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
    };
  }, []);

  if (state === "offline") {
    return (
      <div
        className="fixed inset-0 !m-0 z-[70] flex items-center justify-center bg-slate-900/70 p-6"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="network-offline-title"
        data-testid="network-offline"
      >
        <div className="max-w-xs rounded-2xl bg-white px-6 py-5 text-center shadow-xl">
          <span aria-hidden className="mx-auto mb-2 block h-3 w-3 rounded-full bg-red-500" />
          <p id="network-offline-title" className="text-lg font-bold">
            {t("common.network.offline")}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t("common.network.offlineText")}</p>
        </div>
      </div>
    );
  }
  if (state === "back") {
    return (
      <div
        className="fixed inset-x-0 top-0 z-[70] flex justify-center p-2"
        role="status"
        data-testid="network-online"
      >
        <p className="rounded-full bg-green-600 px-4 py-1.5 text-sm font-semibold text-white shadow">
          {t("common.network.online")}
        </p>
      </div>
    );
  }
  return null;
}
