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
import { GUIDANCE_TIMER } from "~/utils/ptc";

export const meta: MetaFunction = () => [{ title: "Iframe Ad" }];
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
    redirectWithToast(context, "/member/ptc-ads?tab=iframe", { type: "success", title: "Success!" }),
  );
}

export default function IframeAd() {
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
        title="Iframe Ad"
        proxy={d.state === "proxy" || Boolean(actionData?.proxy)}
        message={d.state === "ok" ? null : d.message}
      />
    );
  }

  const plainLeft = Math.ceil(d.plainLeftMs / 1000);
  return (
    <AdTabShell title="Iframe Ad">
      {hydrated ? (
        <CountdownBadge left={left} aborted={aborted} />
      ) : (
        <CountdownBadge left={plainLeft} aborted={false} />
      )}
      <p className="text-center text-sm text-slate-600">{GUIDANCE_TIMER}</p>
      {!hydrated && plainLeft > 0 ? <RefreshWithoutScripts seconds={plainLeft} /> : null}
      {!hydrated && plainLeft <= 0 ? (
        <Form method="post" className="mx-auto max-w-sm">
          <input type="hidden" name="btnName" value={d.campaignId} />
          <SubmitButton pending={pending} className="btn-primary w-full">
            Claim Bonus
          </SubmitButton>
        </Form>
      ) : null}
      {actionData?.message ? (
        <AlertBox tone="error" title="Failed">
          {actionData.message}
        </AlertBox>
      ) : null}
      <iframe
        src={d.target}
        title="Ad"
        className="h-[75vh] w-full rounded-xl border border-slate-200 bg-white"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
    </AdTabShell>
  );
}
