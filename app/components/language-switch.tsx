import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LOCALES, LOCALE_NAMES, HTML_LANG } from "../../shared/i18n/locale";

/**
 * English / हिन्दी (issue 23): plain links to /language, so the switch works before and without
 * scripts; each name in its own language (and marked so for screen readers), the current one
 * marked as the page's. A group, not a navigation landmark: a page shows it up to three times
 * (top bar, member menu, footer), and landmarks must each have a name of their own.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(`${pathname}${search}`);
  return (
    <div
      role="group"
      aria-label={t("language.switch")}
      className={`flex items-center gap-1 text-sm ${className}`}
    >
      {LOCALES.map((l, i) => (
        <span key={l} className="flex items-center gap-1">
          {i > 0 ? <span aria-hidden>/</span> : null}
          {i18n.language === l ? (
            <span lang={HTML_LANG[l]} aria-current="true" className="font-semibold">
              {LOCALE_NAMES[l]}
            </span>
          ) : (
            <a
              href={`/language?set=${l}&back=${back}`}
              lang={HTML_LANG[l]}
              hrefLang={HTML_LANG[l]}
              className="underline underline-offset-2 hover:no-underline"
              data-testid={`language-${l}`}
            >
              {LOCALE_NAMES[l]}
            </a>
          )}
        </span>
      ))}
    </div>
  );
}
