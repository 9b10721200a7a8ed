import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";
import { callApi, errorText } from "~/utils/api.server";
import { Spinner } from "~/components/forms";
import { GENERIC_FAILURE } from "../../shared/messages";
import { invariantResponse } from "~/utils/invariant";
import type { DemoOffer } from "../../shared/contracts/taskWalls";

/**
 * The demo network's own page, shown inside the task-wall viewer: its offers, each completed with
 * one button. Completing makes the demo network send a signed postback to this site's postback
 * endpoint, exactly as a real network's server would; the credit reaches the viewer over its socket.
 * It has its own look (a small third-party page) and works without scripts. Served only where the
 * API serves the demo wall (a demo install, never production): elsewhere the page is a 404.
 */

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.demoOffers") }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

function userIdOf(request: Request): string {
  return (new URL(request.url).searchParams.get("user_id") ?? "").slice(0, 100);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = userIdOf(request);
  if (!userId) return { userId, wall: null, error: requestT(request)("earn.demoWall.needsUserId") };
  let res;
  try {
    res = await callApi(request, context, "/demoWall/offers", { query: { user_id: userId } });
  } catch {
    return { userId, wall: null, error: GENERIC_FAILURE };
  }
  if (res.ok && res.body.msg) return { userId, wall: res.body.msg, error: null };
  // No demo wall on this install (not a demo install, or production): no page at all.
  invariantResponse(res.status !== 404, errorText(res.body), 404);
  return { userId, wall: null, error: errorText(res.body) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const userId = userIdOf(request);
  const offerId = String(form.get("offer_id") ?? "").slice(0, 100);
  if (!userId || !offerId)
    return data(
      { ok: false, message: requestT(request)("earn.demoWall.offerNotFound"), offerId },
      { status: 400 },
    );
  try {
    const res = await callApi(request, context, "/demoWall/complete", {
      method: "POST",
      json: { user_id: userId, offer_id: offerId },
    });
    if (res.ok && res.body.msg) return { ok: true, message: res.body.msg.message, offerId };
    return data(
      { ok: false, message: errorText(res.body), offerId },
      { status: res.status >= 400 ? res.status : 400 },
    );
  } catch {
    return data({ ok: false, message: GENERIC_FAILURE, offerId }, { status: 502 });
  }
}

function OfferCard({ offer }: { offer: DemoOffer }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("offer_id") === offer.id;
  return (
    <li className="rounded-lg border border-emerald-100 bg-white p-4 shadow-sm" data-testid="demo-offer">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{offer.title}</h2>
        <p className="shrink-0 text-right text-sm">
          <span className="block font-bold text-emerald-700">
            {t("earn.demoWall.points", { points: offer.points })}
          </span>
          <span className="text-slate-600">{f.rupees(offer.reward)}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">{offer.description}</p>
      <div className="mt-3">
        {offer.completed ? (
          <p className="inline-flex items-center gap-1 rounded-md bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-800">
            <span aria-hidden>✓</span>
            <span>{t("earn.demoWall.completed")}</span>
          </p>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="offer_id" value={offer.id} />
            <button
              type="submit"
              disabled={pending}
              aria-busy={pending}
              aria-label={t("earn.demoWall.completeNamed", { title: offer.title })}
              className="inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-60 sm:w-auto"
            >
              {pending ? <Spinner /> : null}
              {t("earn.demoWall.complete")}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

export default function DemoWall() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="min-h-screen bg-emerald-50/40 font-sans">
      <header className="border-b border-emerald-100 bg-white">
        <div className="mx-auto flex max-w-2xl items-center gap-2 px-4 py-3">
          <span
            aria-hidden
            className="flex h-8 w-8 items-center justify-center rounded-md bg-emerald-600 text-sm font-black text-white"
          >
            D
          </span>
          <p className="text-lg font-bold text-emerald-900">{t("earn.demoWall.title")}</p>
          {d.wall ? (
            <p className="ml-auto truncate text-xs text-slate-500">
              {t("earn.demoWall.forWall", { name: d.wall.wallName })}
            </p>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-3 px-4 py-4">
        {result ? (
          <p
            role={result.ok ? "status" : "alert"}
            data-testid="demo-result"
            className={`rounded-md border p-3 text-sm font-medium ${result.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900"}`}
          >
            {result.message}
          </p>
        ) : null}
        {d.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {d.error}
          </p>
        ) : null}
        {d.wall ? (
          d.wall.offers.length === 0 ? (
            <p className="rounded-lg bg-white p-4 text-sm text-slate-600">{t("earn.demoWall.noOffers")}</p>
          ) : (
            <ul className="space-y-3" aria-label={t("earn.demoWall.offers")}>
              {d.wall.offers.map((o) => (
                <OfferCard key={o.id} offer={o} />
              ))}
            </ul>
          )
        ) : null}
        <p className="pt-2 text-center text-xs text-slate-500">{t("earn.demoWall.footnote")}</p>
      </main>
    </div>
  );
}
