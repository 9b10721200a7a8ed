import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberLayout } from "~/components/member-layout";
import { requireMemberSession } from "~/utils/session.server";
import { ROUTE_IDS } from "~/utils/route-ids";

/** Every member page: the session check, the side menu, the balance bar and the footer. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireMemberSession(request, context);
  // A page that could not read the member is shown once, never kept.
  if (session.loadError) context.pageKeeping?.refuse();
  const site = {
    siteName: context.publicEnv.SITE_NAME,
    origin: new URL(request.url).origin,
    channelId: context.publicEnv.YOUTUBE_CHANNEL_ID,
  };
  return { ...session, site };
}

export default function MemberRoute() {
  const session = useLoaderData<typeof loader>();
  return (
    <MemberLayout
      availableBalance={session.availableBalance}
      email={session.email}
      loadError={session.loadError}
      operator={session.operator}
      site={session.site}
    >
      <Outlet />
    </MemberLayout>
  );
}

/**
 * Every member page's error boundary: the failure shown by its status inside the member's frame
 * (side menu, balance bar), or on its own when the member could not be read at all.
 */
export function ErrorBoundary() {
  const session = useRouteLoaderData<typeof loader>(ROUTE_IDS.member);
  if (!session) return <GeneralErrorBoundary fullPage />;
  return (
    <MemberLayout
      availableBalance={session.availableBalance}
      email={session.email}
      loadError={session.loadError}
      operator={session.operator}
      site={session.site}
    >
      <GeneralErrorBoundary />
    </MemberLayout>
  );
}
