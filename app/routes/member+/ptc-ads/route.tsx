import { useEffect, useState } from "react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Instructions } from "~/components/instructions";
import { AlertBox } from "~/components/confirm-dialog";
import { useHydrated } from "~/utils/client-toast";
import { useCountdownToReload } from "~/utils/countdown";
import { formatDuration } from "../../../../shared/duration";
import { formatRupees, parseRupees } from "../../../../shared/money";
import { claimAdView } from "~/utils/ptc.server";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { SoundToggle, useSoundOn } from "~/components/sound-toggle";
import { EarningsSummary } from "~/components/earnings-summary";
import { soundOnFor, soundToggleAnswer } from "~/utils/sound.server";
import { AD_TYPES, isAdType, type AdType } from "~/utils/ptc";
import { INVALID_REQUEST } from "~/utils/invariant";
import type { PtcAd as Ad } from "../../../../shared/contracts/ads";
import { useClaimFlow, type PtcActionData } from "./use-claim-flow";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.ptcAds") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, restrictions] = await Promise.all([
    memberRead(request, context, "/userIncomeRoute/user_PTCAds_home_get"),
    memberRestrictions(request, context),
  ]);
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: AdType = isAdType(tabParam) ? tabParam : "window";
  const willComeMs = d.willCome_afterThis_time ? Date.parse(d.willCome_afterThis_time) - Date.now() : null;
  return {
    restrictions,
    ads: d.PTCAds_campaignsData ?? [],
    today: d.today_PTCAdsIncome,
    totalLinks: d.totalLinks,
    completed: d.completedClick,
    balance: d.userAvailableBalance,
    willComeMs: willComeMs !== null && willComeMs > 0 ? willComeMs : null,
    instructions: d.other_data_PTCAds_instructions ?? [],
    tab,
    soundOn: soundOnFor(request),
  };
}

/** Starting or claiming a view does not need the list reloaded until the flow says so. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "start" || intent === "sound" || intent === "claim") return false;
  return defaultShouldRevalidate;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const scripted = form.get("mode") === "js";
  const back = `/member/ptc-ads${isAdType(form.get("tab")) ? `?tab=${String(form.get("tab"))}` : ""}`;

  if (intent === "sound") return soundToggleAnswer(form, context, back);

  if (intent === "start") {
    const btnName = String(form.get("btnName") ?? "");
    const res = await memberApi(request, context, "/userIncomeRoute/user_PTCAds_view_start", {
      method: "POST",
      obj: { btnName },
    });
    if (res.ok && res.body.msg) {
      if (scripted) return { intent: "start", ok: true, view: res.body.msg } satisfies PtcActionData;
      // Without JavaScript the form opened a new tab: it goes on to the wait or iframe page,
      // which names the campaign when it sends the claim.
      return redirect(`${res.body.msg.link}&ad=${encodeURIComponent(btnName)}`);
    }
    const proxy = res.body.error_code === "proxy_detected";
    const message = errorText(res.body, requestT(request)("earn.ptc.operationFailed"));
    if (scripted)
      return data({ intent: "start", ok: false, message, proxy } satisfies PtcActionData, {
        status: res.status >= 400 ? res.status : 400,
      });
    return redirectWithToast(context, back, { type: "error", title: message });
  }

  if (intent === "claim") {
    const viewToken = String(form.get("viewToken") ?? "");
    const result = await claimAdView(request, context, viewToken, String(form.get("btnName") ?? ""));
    if (result.ok)
      return {
        intent: "claim",
        ok: true,
        balance: result.userAvailableBalance,
        amount: result.amount,
        today: result.today_PTCAdsIncome,
      } satisfies PtcActionData;
    return data(
      { intent: "claim", ok: false, message: result.message, proxy: result.proxy } satisfies PtcActionData,
      { status: 400 },
    );
  }
  throw new Response(INVALID_REQUEST, { status: 400 });
}

function Summary({ today, totalLinks, completed }: { today: string; totalLinks: number; completed: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <EarningsSummary
      items={[
        { label: t("earn.summary.todayEarnings"), value: f.rupees(today), testId: "ptc-today" },
        { label: t("earn.summary.totalLinks"), value: Math.max(0, totalLinks), testId: "ptc-total" },
        { label: t("earn.summary.completed"), value: Math.max(0, completed), testId: "ptc-completed" },
      ]}
    />
  );
}

function ComeBackCountdown({ ms }: { ms: number }) {
  const left = useCountdownToReload(ms);
  return (
    <p className="mt-2 text-sm text-slate-600">
      <Trans
        i18nKey="earn.ptc.newAdsIn"
        values={{ left: formatDuration(left) }}
        components={{ countdown: <span data-testid="ptc-countdown" /> }}
      />
      {/* Without JavaScript the page reloads itself when the ads return. */}
      <RefreshWithoutScripts seconds={Math.ceil(ms / 1000)} />
    </p>
  );
}

function AdCard({
  ad,
  tab,
  locked,
  onView,
}: {
  ad: Ad;
  tab: AdType;
  locked: boolean;
  onView: (ad: Ad) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const hydrated = useHydrated();
  const needsScripts = ad.campaignType === "youtube" && !hydrated;
  return (
    <li className="card flex flex-col gap-2" data-testid="ptc-ad">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">{ad.step_2_title}</h2>
        <span className="shrink-0 rounded-full bg-green-50 px-2 py-0.5 text-sm font-bold text-green-800 ring-1 ring-green-200">
          {f.rupees(ad.step_3_amount_for_user)}
        </span>
      </div>
      <p className="text-sm text-slate-600">{ad.step_2_description}</p>
      <p className="text-xs text-slate-500">
        {t("earn.ptc.seconds", { seconds: ad.step_3_duration_for_user })}
      </p>
      {needsScripts ? (
        <p className="text-sm font-medium text-amber-800" role="note">
          {t("earn.ptc.youtubeNeedsScripts")}
        </p>
      ) : (
        // Without JavaScript the form opens the wait or iframe page in a new tab.
        <Form
          method="post"
          target="_blank"
          onSubmit={(e) => {
            e.preventDefault();
            onView(ad);
          }}
        >
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="btnName" value={ad._id} />
          <input type="hidden" name="tab" value={tab} />
          <button type="submit" className="btn-primary w-full" disabled={locked} aria-busy={locked}>
            {t("earn.ptc.viewAd")}
          </button>
        </Form>
      )}
    </li>
  );
}

export default function PtcAdsPage() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // What a success changed, until the reloaded data arrives.
  const [local, setLocal] = useState<{
    removed: string[];
    today: string | null;
    done: number;
  }>({ removed: [], today: null, done: 0 });
  useEffect(() => setLocal({ removed: [], today: null, done: 0 }), [d]);

  const soundOn = useSoundOn(d.soundOn);
  const flow = useClaimFlow({
    soundOn,
    onSuccess: (ad, r) => {
      setLocal((l) => ({
        removed: [...l.removed, ad._id],
        today: r.today || formatRupees(parseRupees(l.today ?? d.today) + parseRupees(r.amount), 3, false),
        done: l.done + 1,
      }));
      revalidator.revalidate();
    },
  });

  const ads = d.ads.filter((a) => !local.removed.includes(a._id));
  const shown = ads.filter((a) => a.campaignType === d.tab);
  const countOf = (t: AdType) => ads.filter((a) => a.campaignType === t).length;

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("earn.ptc.heading")}</h1>
        <SoundToggle soundOn={soundOn} fields={{ tab: d.tab }} />
      </div>
      <RestrictionNotice restrictions={d.restrictions} kind="earning" />

      <Summary
        today={local.today ?? d.today}
        totalLinks={d.totalLinks - local.done}
        completed={d.completed + local.done}
      />

      {flow.alert ? (
        <div className="space-y-2">
          <AlertBox tone={flow.alert.tone} title={flow.alert.title}>
            {flow.alert.text}
          </AlertBox>
        </div>
      ) : null}

      <nav aria-label={t("earn.ptc.adTypes")} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {AD_TYPES.map((type) => (
          <Link
            key={type.value}
            to={`?tab=${type.value}`}
            replace
            preventScrollReset
            aria-current={type.value === d.tab ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${type.value === d.tab ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
          >
            {t(`earn.ptc.types.${type.value}`)}{" "}
            <span className="text-xs font-normal">({countOf(type.value)})</span>
          </Link>
        ))}
      </nav>

      {flow.locked ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {t("earn.ptc.guidanceStay")}
        </p>
      ) : null}

      {shown.length === 0 ? (
        <div className="card py-8 text-center">
          <p className="font-semibold">{t("earn.ptc.noAds")}</p>
          {d.willComeMs ? <ComeBackCountdown ms={d.willComeMs} /> : null}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("earn.ptc.adsList")}>
          {shown.map((ad) => (
            <AdCard key={ad._id} ad={ad} tab={d.tab} locked={flow.locked} onView={flow.view} />
          ))}
        </ul>
      )}

      <section className="card space-y-1 text-sm text-slate-700" aria-label={t("earn.ptc.beforeYouView")}>
        <p>{t("earn.ptc.guidanceStay")}</p>
        <p>{t("earn.ptc.guidanceClaim")}</p>
        <p>{t("earn.ptc.guidanceTimer")}</p>
      </section>

      <Instructions items={d.instructions} />
    </div>
  );
}
