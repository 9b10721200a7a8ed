import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { Footer } from "~/components/footer";
import { TopBar } from "~/components/top-bar";
import { navBarData } from "~/utils/public-data.server";
import { useRevalidateOnOnline } from "~/utils/revalidate-on-online";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context);
  return {
    isLogin: nav.isLogin === true,
    siteName: context.publicEnv.SITE_NAME,
    channelId: context.publicEnv.YOUTUBE_CHANNEL_ID,
    origin: new URL(request.url).origin,
  };
}

/** The top bar asks for the login status again on every route change (spec 1 §4), not only after forms. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

/** The public pages' frame: top bar, the page (with the short fade-and-slide on each change), footer. */
export default function PublicLayout() {
  const { isLogin, siteName, channelId, origin } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Login status and page data refetch when the connection returns.
  useRevalidateOnOnline();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar isLogin={isLogin} siteName={siteName} />
      <div key={location.pathname} className="page-enter flex-1">
        <Outlet />
      </div>
      <Footer siteName={siteName} origin={origin} channelId={channelId} />
    </div>
  );
}
