import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/client-toast";

/** Paths whose pages carry the install button (spec 2 §2); the dashboard renders its own. */
export const INSTALL_PROMPT_PATHS = [
  "/",
  "/payment-proof",
  "/privacy-policy",
  "/terms-of-use",
  "/dmca",
  "/privacy",
  "/terms",
];

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/**
 * Called once from entry.client before hydration: the browser may offer its install prompt before
 * any component is mounted, and only a listener present at that moment can keep it.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** The close button's mark (its name is its aria-label). */
const CLOSE_ICON = "✕";

type InstallState = "prompt" | "manual" | "installed";

function snapshot(): InstallState {
  if (installed) return "installed";
  if (window.matchMedia?.("(display-mode: standalone)").matches) return "installed";
  if ((navigator as Navigator & { standalone?: boolean }).standalone) return "installed";
  return deferred ? "prompt" : "manual";
}

function useInstallState(): InstallState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    snapshot,
    () => "manual",
  );
}

function ManualSteps() {
  const { t } = useTranslation();
  return (
    <div className="mt-2 space-y-3 text-left text-sm text-slate-700">
      <div>
        <p className="font-semibold text-slate-900">{t("common.install.android")}</p>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5">
          <li>{t("common.install.androidSteps.menu")}</li>
          <li>{t("common.install.androidSteps.add")}</li>
          <li>{t("common.install.androidSteps.confirm")}</li>
        </ol>
      </div>
      <div>
        <p className="font-semibold text-slate-900">{t("common.install.iphone")}</p>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5">
          <li>{t("common.install.iphoneSteps.share")}</li>
          <li>{t("common.install.iphoneSteps.scroll")}</li>
          <li>{t("common.install.iphoneSteps.confirm")}</li>
        </ol>
      </div>
    </div>
  );
}

/** How far down the page the floating button steps aside (it sits over the page's lower right corner). */
const FLOATING_SCROLL_PX = 48;

/** True once the page is scrolled down (scripts on): the floating button then hides, uncovering what it was on. */
function useScrolledDown(watch: boolean): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const update = () => setDown(window.scrollY > FLOATING_SCROLL_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [watch]);
  return down;
}

/**
 * The page's last strip, as tall as the floating button and the colour of the footer above it:
 * scrolled to the end, the footer's last line sits above the button, not under it (also without
 * JavaScript, where the button never hides).
 */
function FloatingRoom() {
  return <div aria-hidden className="h-20 bg-slate-900" data-testid="install-room" />;
}

/**
 * The app-install button. With the browser's install prompt it opens that prompt; where the
 * browser offers none (iPhone, or before the prompt is available) it shows the manual steps.
 * Without JavaScript it is a disclosure with the manual steps.
 */
export function InstallPrompt({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useInstallState();
  const [stepsOpen, setStepsOpen] = useState(false);
  const scrolledDown = useScrolledDown(floating && hydrated);
  if (state === "installed") return null;

  const wrap = floating ? "fixed bottom-4 right-4 z-40 max-w-[18rem]" : "relative inline-block";
  // Scrolled down, the floating button steps aside unless its steps are open.
  const aside = floating && scrolledDown && !stepsOpen ? " invisible opacity-0" : "";
  const panel = "mt-2 rounded-xl border border-slate-200 bg-white p-4 shadow-lg";
  const buttonClass = "btn-primary shadow";

  if (!hydrated) {
    return (
      <>
        {floating ? <FloatingRoom /> : null}
        <details className={wrap} data-testid="install-prompt">
          <summary className={`${buttonClass} cursor-pointer list-none`}>
            {t("common.install.button")}
          </summary>
          <div className={`${panel} ${floating ? "absolute bottom-12 right-0 w-72" : ""}`}>
            <p className="font-semibold">{t("common.install.heading")}</p>
            <ManualSteps />
          </div>
        </details>
      </>
    );
  }

  const install = async () => {
    if (state === "prompt" && deferred) {
      const event = deferred;
      deferred = null;
      notify();
      await event.prompt();
      return;
    }
    setStepsOpen((o) => !o);
  };

  return (
    <>
      {floating ? <FloatingRoom /> : null}
      <div className={`${wrap} transition-opacity${aside}`} data-testid="install-prompt">
        <button
          type="button"
          className={buttonClass}
          onClick={() => void install()}
          aria-expanded={state === "manual" ? stepsOpen : undefined}
        >
          {t("common.install.button")}
        </button>
        {state === "manual" && stepsOpen ? (
          <div
            className={`${panel} ${floating ? "absolute bottom-12 right-0 w-72" : "absolute left-0 z-30 w-72"}`}
            role="region"
            aria-label={t("common.install.region")}
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{t("common.install.heading")}</p>
              <button
                type="button"
                className="text-slate-500"
                onClick={() => setStepsOpen(false)}
                aria-label={t("common.install.close")}
              >
                {CLOSE_ICON}
              </button>
            </div>
            <ManualSteps />
          </div>
        ) : null}
      </div>
    </>
  );
}
