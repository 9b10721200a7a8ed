import { formatDuration } from "../../shared/duration";
import { useTranslation } from "react-i18next";
import { useCountdown } from "~/utils/countdown";
import { useLocalize } from "~/i18n/i18n";

export interface ToastView {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  duration: number;
  countdownMs?: number;
}

const ICON: Record<ToastView["type"], string> = { success: "✓", error: "✕", info: "i" };
const TONE: Record<ToastView["type"], string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

function Countdown({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const left = useCountdown(ms, String(ms));
  return (
    <span data-testid="toast-countdown">
      {t("common.toast.timeRemaining", { time: formatDuration(left) })}
    </span>
  );
}

/**
 * One toast at the top end of the screen, below the header (h-14) so the balance in it stays in
 * sight; closes by itself after its duration (CSS, so also without JS).
 */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const localize = useLocalize();
  if (!toast) return null;
  const duration = Math.max(toast.duration, toast.countdownMs ?? 0);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex justify-end px-3"
      aria-live="polite"
    >
      <div
        key={toast.id}
        role={toast.type === "error" ? "alert" : "status"}
        data-testid="toast"
        className={`toast-auto pointer-events-auto flex max-w-sm items-start gap-3 rounded-xl border px-4 py-3 shadow-lg ${TONE[toast.type]}`}
        style={{ ["--toast-ms" as string]: `${duration}ms` }}
      >
        <span
          aria-hidden
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-current/10 text-xs font-bold"
        >
          {ICON[toast.type]}
        </span>
        <div className="text-sm">
          <p className="font-semibold">{localize(toast.title)}</p>
          {toast.description ? <p className="mt-0.5">{localize(toast.description)}</p> : null}
          {toast.countdownMs ? (
            <p className="mt-0.5">
              <Countdown ms={toast.countdownMs} />
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
