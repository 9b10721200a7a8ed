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

// The service worker (public/sw.js) keeps assets at hand and serves an offline page; production builds only,
// so development never runs against stale cached code.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // no service worker: the site works the same, just without the offline page
    });
  });
}
