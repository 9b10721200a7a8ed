import { useEffect, useRef } from "react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { callApi, errorText, handleSessionFlags, memberApi, type ApiResult } from "~/utils/api.server";
import { AdTabShell, RefreshWithoutScripts } from "~/components/ad-tab";
import { AlertBox } from "~/components/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/forms";
import type { MemberRouteHandle } from "~/components/member-layout";
import { useHydrated } from "~/utils/client-toast";
import { useCountdown } from "~/utils/countdown";
import { playSound } from "~/utils/sound";
import { soundOnFor } from "~/utils/sound.server";
import type { ClaimAnswer } from "../../../shared/contracts/shortLinks";
import { END_PAGE_RETURN_MS, END_PAGE_WAIT_MS, SHORT_LINKS_PATH } from "~/utils/shortlinks";
import { missingTokenAnswer } from "~/utils/shortlinks.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.claimEarnings") }];
/** The end page stands alone, without the navigation bar (spec 2 §2). */
export const handle: MemberRouteHandle = { hideNav: true };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").trim();
  if (!token) throw await missingTokenAnswer(request, context);
  const tr = requestT(request);
  const res = await memberApi(request, context, "/userIncomeRoute/user_shortlink_token_get", {
    query: { token },
  });
  const t = res.body.msg;
  if (!res.ok || !t) return { state: "failed" as const, message: errorText(res.body) };
  const now = Date.now();
  if (t.consumed) return { state: "failed" as const, message: tr("earn.shortLinks.used") };
  if (Date.parse(t.expiresAt) <= now)
    return { state: "failed" as const, message: tr("earn.shortLinks.expired") };
  const untilClaimable = Math.max(0, Date.parse(t.claimableAt) - now);
  // The spec's 10 s from the page's first view; the server's own minimum is never shortened.
  // Without scripts the first view reloads itself as `?waited` after it; that view waits only for
  // what the server still requires.
  const waited = new URL(request.url).searchParams.has("waited");
  return {
    state: "ok" as const,
    token,
    name: t.shortnerName,
    amount: t.amount,
    waitMs: waited ? untilClaimable : Math.max(END_PAGE_WAIT_MS, untilClaimable),
    soundOn: soundOnFor(request),
  };
}

type ClaimResult =
  { ok: true; message: string; amount: string } | { ok: false; title: string; text: string | null };

/** The claim: the last page's call (spec 2 §7), answered in place with the outcome. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = (params.token ?? "").trim();
  if (!token) throw await missingTokenAnswer(request, context);
  const t = requestT(request);
  let res: ApiResult<ClaimAnswer>;
  try {
    res = await callApi(request, context, "/userIncomeRoute/user_shortlink_lastPage_data_patch", {
      method: "PATCH",
      json: { uniqueToken: token },
    });
  } catch {
    return data({ ok: false, title: t("earn.shortLinks.somethingWrong"), text: null } satisfies ClaimResult, {
      status: 502,
    });
  }
  await handleSessionFlags(request, context, res);
  const msg = res.body.msg;
  if (res.ok && msg && typeof msg.message === "string" && typeof msg.amount === "string")
    return { ok: true, message: msg.message, amount: msg.amount } satisfies ClaimResult;
  // A refusal in the envelope shows the server's reason; anything else is unexpected.
  const refusal = !res.ok && res.status < 500 && typeof res.body.error_code === "string";
  return data(
    (refusal
      ? { ok: false, title: t("earn.shortLinks.requestFailed"), text: errorText(res.body) }
      : { ok: false, title: t("earn.shortLinks.somethingWrong"), text: null }) satisfies ClaimResult,
    { status: res.status >= 400 ? res.status : 502 },
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link to={SHORT_LINKS_PATH} className="btn-secondary w-full">
      {t("earn.shortLinks.backToList")}
    </Link>
  );
}

/** A claim's success: the amount, a sound, and the list again after 3 s (spec 2 §4, §9). */
function Claimed({ message, amount, soundOn }: { message: string; amount: string; soundOn: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    if (soundOn) playSound("success");
    const timer = window.setTimeout(() => navigate(SHORT_LINKS_PATH), END_PAGE_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated, soundOn, navigate]);
  return (
    <div className="card space-y-4 text-center">
      <p className="text-4xl font-extrabold text-green-700 tabular-nums" data-testid="claimed-amount">
        {f.rupees(amount)}
      </p>
      <AlertBox tone="success" title={t("earn.shortLinks.success")}>
        {message}
      </AlertBox>
      <p className="text-sm text-slate-600">{t("earn.shortLinks.takingYouBack")}</p>
      <RefreshWithoutScripts seconds={END_PAGE_RETURN_MS / 1000} url={SHORT_LINKS_PATH} />
      <BackToList />
    </div>
  );
}

export default function LastPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const ok = d.state === "ok";
  const left = useCountdown(ok ? d.waitMs : 0, ok ? d.token : "none");
  const pending = useIsPending();
  const soundOn = ok ? d.soundOn : false;
  const failedSound = useRef<unknown>(null);

  // A refused claim sounds once per answer.
  useEffect(() => {
    if (result && !result.ok && soundOn && failedSound.current !== result) {
      failedSound.current = result;
      playSound("failure");
    }
  }, [result, soundOn]);

  if (result?.ok) {
    return (
      <AdTabShell title={t("earn.shortLinks.claimEarnings")}>
        <Claimed message={result.message} amount={result.amount} soundOn={soundOn} />
      </AdTabShell>
    );
  }

  if (d.state !== "ok") {
    return (
      <AdTabShell title={t("earn.shortLinks.claimEarnings")}>
        <div className="card space-y-4 text-center">
          <AlertBox tone="error" title={t("earn.shortLinks.requestFailed")}>
            {d.message}
          </AlertBox>
          <BackToList />
        </div>
      </AdTabShell>
    );
  }

  const ready = left <= 0;
  const seconds = Math.ceil(left / 1000);
  return (
    <AdTabShell title={t("earn.shortLinks.claimEarnings")}>
      <div className="card space-y-4 text-center">
        <div>
          <p className="font-semibold">{d.name}</p>
          <p className="text-sm text-slate-600">
            <Trans
              i18nKey="earn.shortLinks.earnAmount"
              values={{ amount: f.rupees(d.amount) }}
              components={{ amount: <span className="font-semibold text-green-700" /> }}
            />
          </p>
        </div>
        {ready ? (
          <p className="text-lg font-semibold">{t("earn.shortLinks.earningsReady")}</p>
        ) : (
          <p className="text-lg font-semibold" data-testid="last-page-countdown" aria-live="polite">
            {t("earn.adTab.waitSeconds", { seconds })}
          </p>
        )}
        {/* Without scripts the page reloads itself when the wait is over. */}
        {!ready ? <RefreshWithoutScripts seconds={d.waitMs / 1000} url="?waited=1" /> : null}
        {result && !result.ok ? (
          <AlertBox tone="error" title={result.title}>
            {result.text}
          </AlertBox>
        ) : null}
        <Form method="post" replace>
          <SubmitButton pending={pending} className="btn-primary w-full" disabled={!ready}>
            {t("earn.shortLinks.claimEarnings")}
          </SubmitButton>
        </Form>
        {result && !result.ok ? <BackToList /> : null}
      </div>
    </AdTabShell>
  );
}
