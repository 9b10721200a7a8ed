import { useEffect, useRef, useState } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useLocalize } from "~/i18n/i18n";
import { pageName, pageTitle } from "~/utils/meta";
import { memberRead } from "~/utils/api.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Spinner } from "~/components/forms";
import { SoundToggle, useSoundOn } from "~/components/sound-toggle";
import { TaskWallSummary } from "~/components/task-wall-summary";
import { showToast, useHydrated } from "~/utils/client-toast";
import { playSound } from "~/utils/sound";
import { soundOnFor } from "~/utils/sound.server";
import { emitWithAck } from "~/utils/socket.client";
import { useSiteSocket } from "~/utils/use-site-socket";
import {
  REGISTER_COMPONENT_EVENT,
  TASK_WALL_BALANCE_EVENT,
  TASK_WALL_COMPONENT,
  TASK_WALL_SOUND_COOKIE,
  TASK_WALLS_PATH,
  frameMode,
  readBalance,
  viewerAddress,
  wallOfViewerPath,
  type TaskWallBalance,
} from "~/utils/task-walls";
import { invariantResponse } from "~/utils/invariant";
import { PendingCredits, pendingCreditsView } from "~/components/pending-credits";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle(
      matches,
      data
        ? `${data.wall.offerWallName} · ${pageName(matches, "earn.taskWalls")}`
        : pageName(matches, "earn.taskWalls"),
    ),
  },
];

/**
 * The viewer frames a wall only when the address decodes to the link of a wall configured for
 * this member (spec 2 §2): an address anyone could put in a link never reaches the frame.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  // The API logs the opening of the wall at this address (the support page's missing-credit form).
  const d = await memberRead(request, context, "/userIncomeRoute/user_offerWall_get", {
    open: viewerAddress(pathname) ?? undefined,
  });
  const wall = wallOfViewerPath(pathname, d.offerWallData_after_replace ?? []);
  invariantResponse(wall, requestT(request)("earn.taskWalls.notFound"), 404);
  return {
    wall,
    mode: frameMode(wall.offerWallApiLink),
    back: pathname,
    balance: {
      today_offerWallIncome: d.today_offerWallIncome,
      total_offerWall: d.total_offerWall,
      today_completed: d.today_completed,
    },
    soundOn: soundOnFor(request, TASK_WALL_SOUND_COOKIE),
    pending: pendingCreditsView(d.pending_offerWall, d.pending_offerWall_credits),
  };
}

/** The sound toggle changes nothing the page shows from its data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "sound" ? false : defaultShouldRevalidate;

const SOUND_FETCHER = "task-wall-sound";

/** A frame covers the spinner only once it has loaded; a stuck spinner never blocks the wall. */
const SPINNER_FALLBACK_MS = 20_000;

/**
 * The wall's frame, 1000 px high and full width, with a spinner until its load event. The spinner
 * exists only once scripts run (without them nothing would ever remove it); a frame that loaded
 * before the page's scripts did is noticed from its document when it is this site's own page.
 */
function WallFrame({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    try {
      const doc = frame.current?.contentDocument;
      if (doc && doc.readyState === "complete" && doc.URL !== "about:blank") setLoaded(true);
    } catch {
      /* another site's page: its load event tells */
    }
    const fallback = window.setTimeout(() => setLoaded(true), SPINNER_FALLBACK_MS);
    return () => window.clearTimeout(fallback);
  }, [src]);
  return (
    <div className="relative w-full">
      {hydrated && !loaded ? (
        <div
          className="pointer-events-none absolute inset-x-0 top-0 flex h-64 items-center justify-center gap-3 text-brand-700"
          role="status"
          data-testid="task-wall-spinner"
        >
          <Spinner className="h-8 w-8" />
          <span className="font-semibold">{t("earn.taskWalls.loading")}</span>
        </div>
      ) : null}
      <iframe
        ref={frame}
        src={src}
        title={title}
        // No top navigation: the wall cannot take the member away from this page.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        className="block h-[1000px] w-full rounded-xl border border-slate-200 bg-white"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}

/**
 * Spec 2 §7: on every connection, ask for the task-wall balance (acknowledged with it), then
 * register for the pushes a postback's credit sends.
 */
function useLiveBalance(soundOn: boolean) {
  const [live, setLive] = useState<TaskWallBalance | null>(null);
  const [credited, setCredited] = useState(0);
  const [registered, setRegistered] = useState(false);
  const sound = useRef(soundOn);
  sound.current = soundOn;
  const localize = useLocalize();
  const localizeRef = useRef(localize);
  localizeRef.current = localize;
  const revalidator = useRevalidator();
  useSiteSocket({
    onConnect: (socket) => {
      emitWithAck(socket, TASK_WALL_BALANCE_EVENT, { success: true })
        .then((ack) => {
          const balance = readBalance(ack);
          if (balance) setLive(balance);
          else if (!ack.success && ack.error)
            showToast({ type: "error", title: localizeRef.current(ack.error) });
        })
        .catch(() => {
          /* no answer in time: the page's own figures stay */
        })
        .then(() => emitWithAck(socket, REGISTER_COMPONENT_EVENT, { type: TASK_WALL_COMPONENT }))
        .then((ack) => setRegistered(ack.success))
        .catch(() => setRegistered(false));
    },
    onDisconnect: () => setRegistered(false),
    events: {
      [TASK_WALL_BALANCE_EVENT]: (payload) => {
        const balance = readBalance(payload);
        if (!balance) return;
        setLive(balance);
        setCredited((n) => n + 1);
        if (sound.current) playSound("success");
        // The balance in the bar above comes with the page's data.
        revalidator.revalidate();
      },
    },
  });
  return { live, credited, registered };
}

export default function TaskWallViewer() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const soundOn = useSoundOn(d.soundOn, SOUND_FETCHER);
  const { live, credited, registered } = useLiveBalance(soundOn);
  const balance = live ?? d.balance;
  return (
    // data-live: the pushes of this page's socket are on (the browser tests wait for it).
    <div className="space-y-4" data-testid="task-wall-viewer" data-live={registered ? "on" : "off"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <Link to={TASK_WALLS_PATH} className="text-sm font-semibold text-brand-600 underline">
            {t("earn.taskWalls.back")}
          </Link>
          <h1 className="truncate text-2xl font-bold">{d.wall.offerWallName}</h1>
        </div>
        <SoundToggle
          soundOn={soundOn}
          fetcherKey={SOUND_FETCHER}
          action={TASK_WALLS_PATH}
          fields={{ back: d.back }}
        />
      </div>
      <TaskWallSummary balance={balance} />
      <PendingCredits pending={d.pending} />
      <p className="sr-only" role="status" aria-live="polite">
        {credited > 0 ? t("earn.taskWalls.updated") : ""}
      </p>
      {d.mode === "frame" ? (
        <WallFrame src={d.wall.offerWallApiLink} title={d.wall.offerWallName} />
      ) : (
        <div className="card space-y-3 py-8 text-center">
          <p className="font-semibold">{t("earn.taskWalls.cannotShow")}</p>
          {d.mode === "new-tab" ? (
            <a
              className="btn-primary"
              href={d.wall.offerWallApiLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("earn.taskWalls.openInNewTab", { name: d.wall.offerWallName })}
            </a>
          ) : null}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <div className="card px-6 py-10 text-center" data-testid="task-wall-not-found">
            <p className="text-5xl font-extrabold text-brand-600">404</p>
            <h1 className="mt-2 text-2xl font-bold">{t("earn.taskWalls.notFound")}</h1>
            <p className="mt-2 text-sm text-slate-600">{t("earn.taskWalls.chooseWall")}</p>
            <a className="btn-primary mt-6" href={TASK_WALLS_PATH}>
              {t("earn.taskWalls.backToWalls")}
            </a>
          </div>
        ),
      }}
    />
  );
}
