import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { listenForInstallPrompt } from "./components/install-prompt";

// Before hydration: the browser may offer its install prompt at any moment after load.
listenForInstallPrompt();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
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
