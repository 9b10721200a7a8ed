import { pageTitle } from "~/utils/meta";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PrivacyNotice } from "~/components/privacy-notice";
import { requestT } from "~/i18n/i18n.server";
import { PRIVACY_NOTICE_VERSION } from "../../../shared/privacyNotice";

/**
 * The privacy notice on a page of its own (issue 44 §1): what sign-up shows, for anyone to read
 * again (linked from Settings' Privacy section). The owner's full policy stays on /privacy-policy.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Privacy notice") },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  return {
    title: `${requestT(request)("privacy.notice.heading")} | ${context.publicEnv.SITE_NAME}`,
    version: PRIVACY_NOTICE_VERSION,
  };
}

export default function PrivacyNoticePage() {
  const { version } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <PrivacyNotice version={version} id="notice" page />
    </main>
  );
}
