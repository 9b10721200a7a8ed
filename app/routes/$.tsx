import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Footer } from "~/components/footer";
import { TopBar } from "~/components/top-bar";
import { navBarData } from "~/utils/public-data.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common.notFound") }];

/** Any path no other route serves: the 404 page, inside the public frame, with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const nav = await navBarData(request, context);
  return data(
    {
      isLogin: nav.isLogin === true,
      siteName: context.publicEnv.SITE_NAME,
      channelId: context.publicEnv.YOUTUBE_CHANNEL_ID,
      origin: new URL(request.url).origin,
    },
    { status: 404 },
  );
}

export default function NotFound() {
  const { t } = useTranslation();
  const { isLogin, siteName, channelId, origin } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar isLogin={isLogin} siteName={siteName} />
      <main className="page-enter mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <p className="text-6xl font-extrabold text-brand-600">404</p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{t("common.errors.notFound.title")}</h1>
        <p className="mt-3 text-slate-600">{t("common.errors.notFound.text")}</p>
        <Link to="/" className="btn-primary mt-8">
          {t("common.errors.goHome")}
        </Link>
      </main>
      <Footer siteName={siteName} origin={origin} channelId={channelId} />
    </div>
  );
}
