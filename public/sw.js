/*
 * Rupee Rewards service worker. Built assets (/assets/*, content-hashed) are cache-first; pages are
 * network-first with the last copy of a public page, or the offline page, when the network is down.
 * API calls, data requests, member pages and the operator console are never cached: they carry
 * members' own data.
 */
// v2: copies of operator console pages stored by v1 are dropped when v2 activates.
const VERSION = "v2";
const ASSETS = `assets-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const OFFLINE_URL = "/offline.html";
const PRECACHE = [OFFLINE_URL, "/icon.svg", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== ASSETS && k !== PAGES).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/**
 * Member pages, the operator console (/admin: members' messages, e-mails, payouts) and pages
 * reached through a mailed token (reset and e-mail verification links) are never stored.
 */
const PRIVATE_PREFIXES = ["/member", "/admin", "/password-reset-form", "/email-verification", "/auth"];

function isPublicPage(url) {
  return !PRIVATE_PREFIXES.some((p) => url.pathname.startsWith(p)) && !url.pathname.endsWith(".data");
}

/** Only HTML pages are kept: an API answer opened in a tab carries a member's own data. */
function isHtml(response) {
  return (response.headers.get("content-type") || "").includes("text/html");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(ASSETS).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && isPublicPage(url) && isHtml(response)) {
            const copy = response.clone();
            caches.open(PAGES).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .open(PAGES)
            .then((cache) =>
              (isPublicPage(url) ? cache.match(request) : Promise.resolve(undefined)).then(
                (hit) => hit || cache.match(OFFLINE_URL),
              ),
            ),
        ),
    );
  }
});
