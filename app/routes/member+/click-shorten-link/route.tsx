import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { Instructions } from "~/components/instructions";
import { EarningsSummary } from "~/components/earnings-summary";
import { SoundToggle, useSoundOn } from "~/components/sound-toggle";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { redirectWithToast } from "~/utils/toast.server";
import { soundOnFor, soundToggleAnswer } from "~/utils/sound.server";
import {
  END_PAGE_ROUTE,
  SHORT_LINK_FILTERS,
  filterShortLinks,
  isShortLinkFilter,
  isWebAddress,
  shortLinksPath,
  type ShortLinkFilter,
} from "~/utils/shortlinks";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import { useStart, type StartAnswer } from "./use-start";
import { OpeningShortLink, ShortLinkCard } from "./short-link-card";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.clickShortLink") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, restrictions] = await Promise.all([
    memberRead(request, context, "/userIncomeRoute/user_shortlink_data_get"),
    memberRestrictions(request, context),
  ]);
  const param = new URL(request.url).searchParams.get("filter");
  const now = Date.now();
  return {
    restrictions,
    // Time left on each disabled card, measured by the server's clock (the browser's may be off).
    links: (d.shortedLinksData ?? []).map((l) => ({
      ...l,
      renewsInMs: l.expireTimer ? Math.max(0, Date.parse(l.expireTimer) - now) : null,
    })),
    today: d.today_shortLinkIncome,
    totalLinks: d.totalLinks,
    completed: d.completedClick,
    pending: d.pendingClick,
    pendingEarnings: d.pendingEarnings,
    instructions: d.other_data_shortLink_instructions ?? [],
    filter: isShortLinkFilter(param) ? param : ("all" as ShortLinkFilter),
    soundOn: soundOnFor(request),
  };
}

/** The browser leaves for the short URL after a start: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "sound") return false;
  if (intent === "start" && formData?.get("mode") === "js") return false;
  return defaultShouldRevalidate;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const filter = form.get("filter");
  const back = shortLinksPath(isShortLinkFilter(filter) ? filter : "all");

  if (intent === "sound") return soundToggleAnswer(form, context, back);
  invariantResponse(intent === "start", INVALID_REQUEST);

  const origin = new URL(request.url).origin;
  const res = await memberApi(request, context, "/userIncomeRoute/user_shortlink_firstPage_data_patch", {
    method: "PATCH",
    obj_already: {
      shortnerDomain: String(form.get("shortnerDomain") ?? ""),
      endPageRoute: END_PAGE_ROUTE,
      clientOrigin: origin,
      linkId: String(form.get("linkId") ?? ""),
    },
  });
  const shortUrl = res.body.msg?.shortUrl ?? res.body.msg?.existingRecord?.shortUrl;
  if (!res.ok || !isWebAddress(shortUrl))
    return redirectWithToast(context, back, { type: "error", title: errorText(res.body) }, { status: 303 });
  // With scripts the page adjusts its counters, then goes there itself.
  if (form.get("mode") === "js") return data({ intent: "start", shortUrl } satisfies StartAnswer);
  // A form's redirect may only lead to this site (Content-Security-Policy form-action): another
  // shortener's address is answered with a page that links (and refreshes) to it.
  if (new URL(shortUrl).origin === origin) return redirect(shortUrl, 303);
  return data({ intent: "start", shortUrl } satisfies StartAnswer);
}

export default function ClickShortenLink() {
  const { t } = useTranslation();
  const f = useFormat();
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const soundOn = useSoundOn(d.soundOn);
  const { start, busy, startedId } = useStart(soundOn);

  if (actionData && "shortUrl" in actionData) return <OpeningShortLink shortUrl={actionData.shortUrl} />;

  const shown = filterShortLinks(d.links, d.filter);
  const local = startedId ? 1 : 0;
  const soonest = d.links.reduce<number | null>(
    (min, l) => (l.renewsInMs !== null && (min === null || l.renewsInMs < min) ? l.renewsInMs : min),
    null,
  );

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("earn.shortLinks.heading")}</h1>
        <SoundToggle soundOn={soundOn} fields={{ filter: d.filter }} />
      </div>
      <RestrictionNotice restrictions={d.restrictions} kind="earning" />

      <EarningsSummary
        items={[
          { label: t("earn.summary.todayEarnings"), value: f.rupees(d.today), testId: "sl-today" },
          { label: t("earn.summary.totalLinks"), value: d.totalLinks, testId: "sl-total" },
          { label: t("earn.summary.completed"), value: d.completed + local, testId: "sl-completed" },
          { label: t("earn.summary.pending"), value: Math.max(0, d.pending - local), testId: "sl-pending" },
        ]}
      />
      <p className="text-sm text-slate-600">
        <Trans
          i18nKey="earn.shortLinks.stillToEarn"
          values={{ amount: f.rupees(d.pendingEarnings) }}
          components={{
            amount: <span className="font-semibold tabular-nums" data-testid="sl-pending-earnings" />,
          }}
        />
      </p>

      <nav
        aria-label={t("earn.shortLinks.filtersLabel")}
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {SHORT_LINK_FILTERS.map((filter) => (
          <Link
            key={filter.value}
            to={shortLinksPath(filter.value)}
            replace
            preventScrollReset
            aria-current={filter.value === d.filter ? "page" : undefined}
            className={`flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-center text-sm font-semibold ${filter.value === d.filter ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
          >
            {t(`earn.shortLinks.filters.${filter.value}`)}
          </Link>
        ))}
      </nav>

      {shown.length === 0 ? (
        <div className="card py-8 text-center">
          <p className="font-semibold">
            {d.links.length === 0 ? t("earn.shortLinks.noneAtAll") : t("earn.shortLinks.noneHere")}
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("earn.shortLinks.list")}>
          {shown.map((link) => (
            <ShortLinkCard
              key={link._id}
              link={link}
              filter={d.filter}
              busy={busy}
              started={startedId === link._id}
              onStart={(l) => start(l, d.filter)}
            />
          ))}
        </ul>
      )}
      {/* Without scripts the page reloads itself when the first allowance renews. */}
      {soonest !== null ? <RefreshWithoutScripts seconds={Math.ceil(soonest / 1000) + 1} /> : null}

      <Instructions items={d.instructions} />
    </div>
  );
}
