import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import stylesheet from "./tailwind.css?url";
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
  return json({ toast, env: context.publicEnv }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN" className="h-full">
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

/** The fallback screen for a fatal render error (spec 2 §2), and the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div className="card w-full max-w-md px-6 py-10 text-center">
          <p className="text-5xl font-extrabold text-brand-600">404</p>
          <h1 className="mt-2 text-2xl font-bold">Page Not Found</h1>
          <p className="mt-2 text-sm text-slate-600">
            The page you are looking for does not exist or has moved.
          </p>
          <a className="btn-primary mt-6" href="/">
            Go Home
          </a>
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-6" data-testid="fallback-error">
      <div className="card w-full max-w-md px-6 py-10 text-center">
        <span
          aria-hidden
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl"
        >
          ⚠
        </span>
        <h1 className="mt-4 text-2xl font-bold">Upgrade Your Browser</h1>
        <p className="mt-2 font-medium text-slate-800">Something went wrong.</p>
        <p className="mt-3 text-sm text-slate-600">
          Please update your browser (Chrome or Safari) to the latest version and open this page again.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <a className="btn-primary" href="/">
            Go Home
          </a>
          <a className="btn-secondary" href="/contact-us">
            Chat with Support
          </a>
        </div>
      </div>
    </main>
  );
}
