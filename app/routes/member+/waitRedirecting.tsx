import { useEffect, useRef, useState } from "react";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  AdTabShell,
  AdTabStopped,
  BlockedNotice,
  RefreshWithoutScripts,
  useAbortOnLeave,
} from "~/components/ad-tab";
import { AlertBox } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import type { MemberRouteHandle } from "~/components/member-layout";
import { useHydrated } from "~/utils/client-toast";
import { useCountdown } from "~/utils/countdown";
import { checkAdView, claimFromAdTab, msUntilClaimable } from "~/utils/ptc.server";
import { useTranslation } from "react-i18next";
import { tellOpener } from "~/utils/ptc";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.pleaseWait") }];
export const handle: MemberRouteHandle = { hideNav: true };

/** The spec's 5 s (spec 2 §9); longer when the ad's duration needs it (the View Ads page adds a 9 s grace). */
const WAIT_MS = 5000;
const GRACE_MS = 9000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await checkAdView(request, context, "window");
  if (check.kind !== "ok")
    return { state: check.kind, message: check.kind === "failed" ? check.message : null };
  const { view, target, now } = check;
  const untilClaimable = msUntilClaimable(view, now);
  return {
    state: "ok" as const,
    viewToken: view.viewToken,
    campaignId: check.campaignId,
    target,
    // With scripts: the View Ads page claims 9 s after Claim Bonus, when the server accepts it.
    scriptedWaitMs: Math.max(WAIT_MS, untilClaimable - GRACE_MS),
    // Without: Claim Bonus claims at once, so it waits for the server's time and the spec's 5 s.
    plainWaitMs: Math.max(untilClaimable, Date.parse(view.startedAt) + WAIT_MS - now),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return claimFromAdTab(request, context, "window", (check) => redirect(check.target));
}

/** The page's own ad script; when it cannot load, an ad blocker is in the way. */
function useAdBlockCheck(enabled: boolean): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const s = document.createElement("script");
    s.src = "/ads.js";
    s.async = true;
    s.onerror = () => setBlocked(true);
    s.onload = () => {
      if (!(window as unknown as { __siteAdsLoaded?: boolean }).__siteAdsLoaded) setBlocked(true);
    };
    document.head.appendChild(s);
    return () => s.remove();
  }, [enabled]);
  return blocked;
}

export default function WaitRedirecting() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const ok = d.state === "ok";
  const adBlocked = useAdBlockCheck(ok);
  const claimed = useRef(false);
  useAbortOnLeave("window", ok ? d.viewToken : "", () => claimed.current || !ok);
  const waitMs = ok ? (hydrated ? d.scriptedWaitMs : d.plainWaitMs) : 0;
  const left = useCountdown(waitMs, ok ? `${d.viewToken}-${hydrated}` : "none");
  const pending = useIsPending();

  if (d.state !== "ok" || actionData?.proxy) {
    return (
      <AdTabStopped
        title={t("earn.adTab.claimBonus")}
        proxy={d.state === "proxy" || Boolean(actionData?.proxy)}
        message={d.state === "ok" ? null : d.message}
      />
    );
  }
  if (adBlocked) {
    return (
      <AdTabShell title={t("earn.adTab.claimBonus")}>
        <BlockedNotice kind="adblock" />
      </AdTabShell>
    );
  }

  const ready = left <= 0;
  const seconds = Math.ceil(left / 1000);
  return (
    <AdTabShell title={t("earn.adTab.claimBonus")}>
      <div className="card space-y-4 text-center">
        {ready ? (
          <p className="text-lg font-semibold">{t("earn.adTab.bonusReady")}</p>
        ) : (
          <p className="text-lg font-semibold" data-testid="wait-countdown" aria-live="polite">
            {t("earn.adTab.waitSeconds", { seconds })}
          </p>
        )}
        {!ready ? <RefreshWithoutScripts seconds={d.plainWaitMs / 1000} /> : null}
        <p className="text-sm text-slate-600">{t("earn.ptc.guidanceClaim")}</p>
        {actionData?.message ? (
          <AlertBox tone="error" title={t("earn.adTab.failed")}>
            {actionData.message}
          </AlertBox>
        ) : null}
        <Form
          method="post"
          onSubmit={(e) => {
            if (!hydrated) return;
            // With scripts the View Ads page claims after its grace: tell it, then go to the ad.
            e.preventDefault();
            claimed.current = true;
            tellOpener("window", { isSuccess: true, viewToken: d.viewToken });
            // The ad's page is another site's: it gets no handle on the View Ads tab (which it
            // could send to a look-alike page). The page heard the news on its channel already.
            window.opener = null;
            window.location.href = d.target;
          }}
        >
          <input type="hidden" name="btnName" value={d.campaignId} />
          <SubmitButton pending={pending} className="btn-primary w-full" disabled={!ready}>
            {t("earn.adTab.claimBonus")}
          </SubmitButton>
        </Form>
      </div>
    </AdTabShell>
  );
}
