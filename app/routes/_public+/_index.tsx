import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChannelPanel } from "~/components/channel-panel";
import { ContactForm } from "~/components/contact-form";
import { Faq } from "~/components/faq";
import { HtmlContent } from "~/components/html-content";
import { Stats } from "~/components/stats";
import { scrollToFaq } from "~/components/top-bar";
import { callApi } from "~/utils/api.server";
import { getChannelStats } from "~/utils/channel.server";
import { contactAction } from "~/utils/contact.server";
import { pageTitle } from "~/utils/meta";
import { list, navBarData } from "~/utils/public-data.server";
import type { PublicStatistics } from "../../../shared/contracts/content";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "pub.home") },
  {
    name: "description",
    content:
      "View ads, open short links, complete tasks and withdraw your earnings to UPI, Paytm or your bank account.",
  },
];

async function publicStatistics(
  request: Request,
  context: LoaderFunctionArgs["context"],
): Promise<PublicStatistics | null> {
  try {
    const result = await callApi(request, context, "/userRoute/userWebstatisticsGet");
    const msg = result.body.msg;
    if (!result.ok || !msg) return null;
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
    return {
      users: n(msg.users),
      userCompletedTask: n(msg.userCompletedTask),
      visitorsLast30Days: n(msg.visitorsLast30Days),
      totalWithdrawalAmount: n(msg.totalWithdrawalAmount),
    };
  } catch {
    return null;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [stats, nav, channel] = await Promise.all([
    publicStatistics(request, context),
    navBarData(request, context, "faq"),
    getChannelStats(),
  ]);
  return {
    stats,
    faq: list(nav.other_data_faqArray),
    sections: list(nav.other_data_homepage_Array),
    channel,
    siteName: context.publicEnv.SITE_NAME,
  };
}

export async function action(args: ActionFunctionArgs) {
  return contactAction(args, "/");
}

export default function Home() {
  const { stats, faq, sections, channel, siteName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{siteName}</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-3xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
            {t("pub.home.heading")}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">{t("pub.home.intro")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/signup" className="btn-primary px-6 py-3 text-base">
              {t("pub.home.startEarning")}
            </Link>
            <a
              href="#faq"
              className="btn-secondary px-6 py-3 text-base"
              onClick={(e) => {
                e.preventDefault();
                scrollToFaq();
              }}
            >
              {t("pub.home.learnMore")}
            </a>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-10">
        <Stats stats={stats} />

        {sections.length > 0 ? (
          <section aria-label={t("pub.home.sections")} className="grid gap-4 sm:grid-cols-2">
            {sections.map((s, i) => (
              <article key={i} className="card" data-testid="home-section">
                <h2 className="text-lg font-bold text-slate-900">{s.title}</h2>
                <HtmlContent html={s.message} className="mt-2 text-sm" />
              </article>
            ))}
          </section>
        ) : null}

        <div className="grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <ChannelPanel initial={channel} />
          </div>
          <div className="card lg:col-span-3">
            <ContactForm actionData={actionData} />
          </div>
        </div>

        <Faq items={faq} />
      </div>
    </main>
  );
}
