import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdTabShell, AdTabStopped, RefreshWithoutScripts } from "~/components/ad-tab";
import { CountdownBadge, useAdCountdown } from "~/components/ad-countdown";
import { AlertBox } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import type { MemberRouteHandle } from "~/components/member-layout";
import { useHydrated } from "~/utils/client-toast";
import { redirectWithToast } from "~/utils/toast.server";
import { checkAdView, claimFromAdTab, msUntilClaimable } from "~/utils/ptc.server";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.iframeAd") }];
export const handle: MemberRouteHandle = { hideNav: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await checkAdView(request, context, "iframe");
  if (check.kind !== "ok")
    return { state: check.kind, message: check.kind === "failed" ? check.message : null };
  const { view, target, now } = check;
  return {
    state: "ok" as const,
    viewToken: view.viewToken,
    campaignId: check.campaignId,
    target,
    seconds: view.step_3_duration_for_user,
    // Without scripts the page counts by reloading itself until the server accepts the claim.
    plainLeftMs: msUntilClaimable(view, now),
  };
}

/** Without scripts, Claim Bonus is this form: the claim, then the View Ads page with the outcome. */
export async function action({ request, context }: ActionFunctionArgs) {
  return claimFromAdTab(request, context, "iframe", () =>
    redirectWithToast(context, "/member/ptc-ads?tab=iframe", {
      type: "success",
      title: requestT(request)("earn.adTab.success"),
    }),
  );
}

export default function IframeAd() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const ok = d.state === "ok";
  const { left, aborted } = useAdCountdown({
    type: "iframe",
    viewToken: ok ? d.viewToken : "",
    seconds: ok ? d.seconds : 0,
    enabled: ok && hydrated,
  });
  const pending = useIsPending();

  if (d.state !== "ok" || actionData?.proxy) {
    return (
      <AdTabStopped
        title={t("earn.adTab.iframeAd")}
        proxy={d.state === "proxy" || Boolean(actionData?.proxy)}
        message={d.state === "ok" ? null : d.message}
      />
    );
  }

  const plainLeft = Math.ceil(d.plainLeftMs / 1000);
  return (
    <AdTabShell title={t("earn.adTab.iframeAd")}>
      {hydrated ? (
        <CountdownBadge left={left} aborted={aborted} />
      ) : (
        <CountdownBadge left={plainLeft} aborted={false} />
      )}
      <p className="text-center text-sm text-slate-600">{t("earn.ptc.guidanceTimer")}</p>
      {!hydrated && plainLeft > 0 ? <RefreshWithoutScripts seconds={plainLeft} /> : null}
      {!hydrated && plainLeft <= 0 ? (
        <Form method="post" className="mx-auto max-w-sm">
          <input type="hidden" name="btnName" value={d.campaignId} />
          <SubmitButton pending={pending} className="btn-primary w-full">
            {t("earn.adTab.claimBonus")}
          </SubmitButton>
        </Form>
      ) : null}
      {actionData?.message ? (
        <AlertBox tone="error" title={t("earn.adTab.failed")}>
          {actionData.message}
        </AlertBox>
      ) : null}
      <iframe
        src={d.target}
        title={t("earn.adTab.adFrame")}
        className="h-[75vh] w-full rounded-xl border border-slate-200 bg-white"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
    </AdTabShell>
  );
}
