import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { listenForInstallPrompt } from "./components/install-prompt";
import { createI18n, loadCatalogue } from "./i18n/i18n";
import { HTML_LANG, LOCALES, DEFAULT_LOCALE } from "../shared/i18n/locale";

// Before hydration: the browser may offer its install prompt at any moment after load.
listenForInstallPrompt();

// The server wrote the page's language in <html lang>: the same catalogue before hydrating.
const locale = LOCALES.find((l) => HTML_LANG[l] === document.documentElement.lang) ?? DEFAULT_LOCALE;
void loadCatalogue(locale)
  .then((catalogue) => createI18n(locale, catalogue))
  .then((i18n) => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <RemixBrowser />
          </I18nextProvider>
        </StrictMode>,
      );
    });
  });

// The service worker (public/sw.js) keeps assets at hand and serves an offline page; production builds
// only, so development never runs against stale cached code. It is registered once the page has loaded,
// so it never competes with the page's own requests; this module is imported dynamically and usually
// runs after the load event, hence the check before waiting for it.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // no service worker: the site works the same, just without the offline page
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
