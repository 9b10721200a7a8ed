import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/client-toast";

/** Copies through the Clipboard API, or a hidden textarea where that API is missing (plain-http sites). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the textarea fallback */
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let done: boolean;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

/**
 * Copy-to-clipboard with a tick for 2 seconds (spec 1 §4). Without JavaScript it is not rendered:
 * the text beside it stays selectable instead.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t: tr } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      aria-label={copied ? tr("common.copy.copied") : label}
      title={label}
      className="inline-flex h-7 min-w-7 items-center justify-center rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-700 hover:bg-slate-50"
      onClick={() => {
        void copyText(text).then((ok) => setCopied(ok));
      }}
    >
      {copied ? (
        <span aria-hidden className="font-bold text-green-600">
          ✓
        </span>
      ) : (
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      )}
    </button>
  );
}

/** Selectable text with a copy button beside it. */
export function CopyableText({
  text,
  label,
  className = "",
}: {
  text: string;
  label: string;
  className?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span className="select-all break-all font-mono">{text}</span>
      <CopyButton text={text} label={label} />
    </span>
  );
}
