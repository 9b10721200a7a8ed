import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { localeOf } from "./i18n/i18n.server";
import en from "./i18n/en";
import hi from "./i18n/hi";
import { HTML_LANG, isLocale } from "../shared/i18n/locale";
import stylesheet from "./tailwind.css?url";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster, type ToastView } from "./components/toaster";
import { NetworkBanner } from "./components/network-banner";
import { INSTALL_PROMPT_PATHS, InstallPrompt } from "./components/install-prompt";
import { useClientToast } from "./utils/client-toast";
import { getToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icon-192.png" },
];

export const meta: MetaFunction = () => [{ title: "Rupee Rewards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request, context);
  const catalogue = localeOf(request) === "hi" ? hi : en;
  // The page titles of the page's language, for the meta functions (pageTitle in utils/meta.ts).
  const titles = {
    common: catalogue.common.titles,
    pub: catalogue.pub.titles,
    account: catalogue.account.titles,
    earn: catalogue.earn.titles,
    adv: catalogue.adv.titles,
    games: catalogue.earn.games.titles,
  };
  return json({ toast, env: context.publicEnv, titles }, { headers: headers ?? undefined });
}

/**
 * True once the browser has gone to another page than the one the server sent: only then do pages
 * fade in (`.navigated .page-enter`, tailwind.css). The server's page is already painted when the
 * scripts take over, and must not vanish and fade in again then (nor on a change of its query).
 * Decided during the render, so a new page's first frame already has it.
 */
function useNavigated(): boolean {
  const { pathname } = useLocation();
  const [first] = useState(pathname);
  const navigated = useRef(false);
  if (pathname !== first) navigated.current = true;
  return navigated.current;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const navigated = useNavigated();
  const { i18n } = useTranslation();
  const lang = isLocale(i18n.language) ? HTML_LANG[i18n.language] : HTML_LANG.en;
  return (
    <html lang={lang} dir="ltr" className={navigated ? "h-full navigated" : "h-full"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The newest toast wins: one from the server's flash cookie or one raised in the browser. */
function useNewestToast(serverToast: ToastView | null): ToastView | null {
  const clientToast = useClientToast();
  const [shown, setShown] = useState(serverToast);
  useEffect(() => setShown(serverToast), [serverToast?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (clientToast) setShown(clientToast);
  }, [clientToast]);
  return shown;
}

export default function App() {
  const { toast, env } = useLoaderData<typeof loader>();
  const shownToast = useNewestToast(toast);
  const { pathname } = useLocation();
  const nonce = useNonce();
  return (
    <>
      <Toaster toast={shownToast} />
      <NetworkBanner />
      <Outlet />
      {INSTALL_PROMPT_PATHS.includes(pathname) ? <InstallPrompt floating /> : null}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.ENV=${JSON.stringify(env)}` }} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fullPage />;
}
