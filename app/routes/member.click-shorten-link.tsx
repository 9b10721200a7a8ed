import { useEffect, useRef, useState } from "react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useRevalidator,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { Instructions } from "~/components/instructions";
import { EarningsSummary } from "~/components/earnings-summary";
import { SoundToggle, useSoundOn } from "~/components/sound-toggle";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { useCountdownToReload } from "~/utils/countdown";
import { redirectWithToast } from "~/utils/toast.server";
import { soundOnFor, soundToggleAnswer } from "~/utils/sound.server";
import { playSound } from "~/utils/sound";
import { formatDuration } from "../../shared/duration";
import { rupees } from "../../shared/money";
import {
  END_PAGE_ROUTE,
  SHORT_LINK_FILTERS,
  filterShortLinks,
  isLinkDisabled,
  isGuideAddress,
  isShortLinkFilter,
  isWebAddress,
  shortLinksPath,
  type ShortLinkData,
  type ShortLinkFilter,
} from "~/utils/shortlinks";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = () => [{ title: "Click Short Link" }];

/** The first page's answer (spec 2 §3): a new short URL, or the one already open for this link. */
interface FirstPageAnswer {
  shortUrl?: string;
  existingRecord?: { shortUrl?: string };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await memberRead<ShortLinkData>(request, context, "/userIncomeRoute/user_shortlink_data_get");
  const param = new URL(request.url).searchParams.get("filter");
  const now = Date.now();
  return {
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

type Loaded = SerializeFrom<typeof loader>;
type Card = Loaded["links"][number];

/** The browser leaves for the short URL after a start: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "sound") return false;
  if (intent === "start" && formData?.get("mode") === "js") return false;
  return defaultShouldRevalidate;
};

export type StartAnswer = { intent: "start"; shortUrl: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const filter = form.get("filter");
  const back = shortLinksPath(isShortLinkFilter(filter) ? filter : "all");

  if (intent === "sound") return soundToggleAnswer(form, context, back);
  invariantResponse(intent === "start", INVALID_REQUEST);

  const origin = new URL(request.url).origin;
  const res = await memberApi<FirstPageAnswer>(
    request,
    context,
    "/userIncomeRoute/user_shortlink_firstPage_data_patch",
    {
      method: "PATCH",
      obj_already: {
        shortnerDomain: String(form.get("shortnerDomain") ?? ""),
        endPageRoute: END_PAGE_ROUTE,
        clientOrigin: origin,
        linkId: String(form.get("linkId") ?? ""),
      },
    },
  );
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

const START_FETCHER = "short-link-start";

/**
 * Start with scripts (spec 2 §4): the first page's call, then the counters grow locally and the
 * browser goes to the short URL. Coming back through the browser's history reloads the data.
 */
function useStart(soundOn: boolean) {
  const fetcher = useFetcher<StartAnswer>({ key: START_FETCHER });
  const revalidator = useRevalidator();
  const [started, setStarted] = useState<string | null>(null);
  const sent = useRef(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (busy) {
      sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    if (answer?.shortUrl) {
      window.location.assign(answer.shortUrl);
      return;
    }
    // A refused start comes back as a redirect with the server's message as a toast.
    setStarted(null);
    if (soundOn) playSound("failure");
  }, [busy, answer, soundOn]);

  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setStarted(null);
      revalidator.revalidate();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [revalidator]);

  const start = (link: Card, filter: ShortLinkFilter) => {
    if (busy || started) return;
    setStarted(link._id);
    fetcher.submit(
      { intent: "start", mode: "js", linkId: link._id, shortnerDomain: link.shortnerDomain, filter },
      { method: "post" },
    );
  };

  return { start, busy: busy || Boolean(answer?.shortUrl), startedId: answer?.shortUrl ? started : null };
}

function RenewsIn({ ms }: { ms: number }) {
  const left = useCountdownToReload(ms);
  return (
    <p
      className="text-center text-sm font-medium text-amber-800"
      role="timer"
      aria-label="Available again in"
    >
      Available again in{" "}
      <span className="font-mono tabular-nums" data-testid="short-link-countdown">
        {formatDuration(left, { hours: true })}
      </span>
    </p>
  );
}

function ShortLinkCard({
  link,
  filter,
  busy,
  started,
  onStart,
}: {
  link: Card;
  filter: ShortLinkFilter;
  busy: boolean;
  started: boolean;
  onStart: (link: Card) => void;
}) {
  const disabled = isLinkDisabled(link);
  const completed = link.completedClicks + (started ? 1 : 0);
  return (
    <li
      className={`card flex flex-col gap-2 ${disabled ? "opacity-75" : ""}`}
      data-testid="short-link"
      aria-disabled={disabled || undefined}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words font-semibold">{link.shortnerName}</h2>
          <p className="text-xs text-slate-500">
            <span aria-hidden>⏱ </span>
            <span className="sr-only">Time required: </span>
            <span data-testid="short-link-time">{link.time}</span>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-green-50 px-2 py-0.5 text-sm font-bold text-green-800 ring-1 ring-green-200">
          {rupees(link.amount)}
        </span>
      </div>
      {isGuideAddress(link.how_to_complete) ? (
        <a
          href={link.how_to_complete}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-medium text-brand-600 underline"
        >
          How to Complete
        </a>
      ) : null}
      <Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          onStart(link);
        }}
      >
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="linkId" value={link._id} />
        <input type="hidden" name="shortnerDomain" value={link.shortnerDomain} />
        <input type="hidden" name="filter" value={filter} />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={disabled || busy}
          aria-busy={started || undefined}
        >
          Start {completed}/{link.how_much_click_allow}
        </button>
      </Form>
      {disabled && link.renewsInMs !== null ? <RenewsIn ms={link.renewsInMs} /> : null}
    </li>
  );
}

/** Without scripts, another shortener's address cannot be a form's redirect: this page leads there. */
function OpeningShortLink({ shortUrl }: { shortUrl: string }) {
  return (
    <div className="mx-auto max-w-md">
      <div className="card space-y-3 text-center">
        <h1 className="text-xl font-bold">Your short link is ready</h1>
        <a href={shortUrl} className="btn-primary w-full" rel="noreferrer">
          Open the Short Link
        </a>
        <RefreshWithoutScripts seconds={1} url={shortUrl} />
      </div>
    </div>
  );
}

export default function ClickShortenLink() {
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
        <h1 className="text-2xl font-bold">Click Short Link</h1>
        <SoundToggle soundOn={soundOn} fields={{ filter: d.filter }} />
      </div>

      <EarningsSummary
        items={[
          { label: "Today Earnings", value: rupees(d.today), testId: "sl-today" },
          { label: "Total Links", value: d.totalLinks, testId: "sl-total" },
          { label: "Completed", value: d.completed + local, testId: "sl-completed" },
          { label: "Pending", value: Math.max(0, d.pending - local), testId: "sl-pending" },
        ]}
      />
      <p className="text-sm text-slate-600">
        Still to earn today:{" "}
        <span className="font-semibold tabular-nums" data-testid="sl-pending-earnings">
          {rupees(d.pendingEarnings)}
        </span>
      </p>

      <nav aria-label="Short link filters" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {SHORT_LINK_FILTERS.map((f) => (
          <Link
            key={f.value}
            to={shortLinksPath(f.value)}
            replace
            preventScrollReset
            aria-current={f.value === d.filter ? "page" : undefined}
            className={`flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-center text-sm font-semibold ${f.value === d.filter ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>

      {shown.length === 0 ? (
        <div className="card py-8 text-center">
          <p className="font-semibold">
            {d.links.length === 0 ? "No short links available right now." : "No short links here."}
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Short links">
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
