import { data, type AppLoadContext } from "@remix-run/node";
import { errorText, memberApi } from "./api.server";
import { splitAdLink, type AdType } from "./ptc";
import { requestT } from "../i18n/i18n.server";
import { INVALID_REQUEST, invariantResponse } from "./invariant";
import type { PtcAdView as AdView, PtcClaimed } from "../../shared/contracts/ads";

export type ViewCheck =
  | { kind: "ok"; view: AdView; target: string; now: number; campaignId: string }
  | { kind: "proxy" }
  | { kind: "failed"; message: string };

/**
 * The ad tabs (wait, iframe, YouTube) show only the link of a view this member started: `link`
 * must equal the view's campaign link (iframe and YouTube: `target||seconds`), or the page is an
 * error page. These pages never show an arbitrary address.
 */
export async function checkAdView(
  request: Request,
  context: AppLoadContext,
  type: AdType,
): Promise<ViewCheck> {
  const url = new URL(request.url);
  const link = url.searchParams.get("link");
  const token = url.searchParams.get("view");
  invariantResponse(link && token, INVALID_REQUEST);
  const t = requestT(request);
  const failed = t("earn.ptc.operationFailed");
  const res = await memberApi(request, context, "/userIncomeRoute/user_PTCAds_view_get", {
    query: { view: token },
  });
  if (!res.ok) {
    if (res.body.error_code === "proxy_detected") return { kind: "proxy" };
    throw new Response(errorText(res.body, failed), { status: res.status >= 400 ? res.status : 500 });
  }
  const view = res.body.msg!;
  const target = type === "window" ? link : splitAdLink(link).target;
  invariantResponse(view.campaignType === type && view.step_2_url === target, t("earn.ptc.mismatch"));
  if (view.consumed) return { kind: "failed", message: t("earn.ptc.viewPaid") };
  if (Date.parse(view.expiresAt) <= Date.now()) return { kind: "failed", message: t("earn.ptc.viewEnded") };
  // The claim names the campaign the start form added to the link (`ad`); the server refuses a
  // token that is not for it.
  const campaignId = url.searchParams.get("ad") ?? "";
  return { kind: "ok", view, target, now: Date.now(), campaignId };
}

export type ClaimResult = ({ ok: true } & PtcClaimed) | { ok: false; proxy: boolean; message: string };

/** The income claim for a view (user_PTCAds_income_patch); amounts are the server's. */
export async function claimAdView(
  request: Request,
  context: AppLoadContext,
  viewToken: string,
  campaignId = "",
): Promise<ClaimResult> {
  const res = await memberApi(request, context, "/userIncomeRoute/user_PTCAds_income_patch", {
    method: "PATCH",
    obj: { btnName: campaignId, btnClickEarn: "0", viewToken },
  });
  if (res.ok && res.body.msg) return { ok: true, ...res.body.msg };
  const proxy = res.body.error_code === "proxy_detected";
  return { ok: false, proxy, message: errorText(res.body, requestT(request)("earn.ptc.operationFailed")) };
}

/** Milliseconds until the view's claim is accepted (0 when it is). */
export function msUntilClaimable(view: AdView, now = Date.now()): number {
  return Math.max(0, Date.parse(view.claimableAt) - now);
}

/**
 * An ad tab's Claim Bonus without scripts (the iframe and wait pages): the view check, then the
 * claim; `onClaimed` answers a successful claim, a refusal is the page's action data.
 */
export async function claimFromAdTab(
  request: Request,
  context: AppLoadContext,
  type: AdType,
  onClaimed: (check: Extract<ViewCheck, { kind: "ok" }>) => Response | Promise<Response>,
) {
  const check = await checkAdView(request, context, type);
  if (check.kind === "proxy")
    return data({ proxy: true, message: requestT(request)("earn.ptc.proxyDetected") }, { status: 403 });
  if (check.kind === "failed") return data({ proxy: false, message: check.message }, { status: 409 });
  const form = await request.formData();
  const result = await claimAdView(
    request,
    context,
    check.view.viewToken,
    String(form.get("btnName") || check.campaignId),
  );
  if (result.ok) return onClaimed(check);
  return data({ proxy: result.proxy, message: result.message }, { status: 400 });
}
