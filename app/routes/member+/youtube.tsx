import { useEffect, useRef, useState } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdTabShell, AdTabStopped } from "~/components/ad-tab";
import { CountdownBadge, useAdCountdown } from "~/components/ad-countdown";
import { AlertBox } from "~/components/confirm-dialog";
import type { MemberRouteHandle } from "~/components/member-layout";
import { useHydrated } from "~/utils/client-toast";
import { checkAdView } from "~/utils/ptc.server";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { youtubeVideoId } from "../../../shared/campaign";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.youtubeAd") }];
export const handle: MemberRouteHandle = { hideNav: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await checkAdView(request, context, "youtube");
  if (check.kind !== "ok")
    return { state: check.kind, message: check.kind === "failed" ? check.message : null };
  const videoId = youtubeVideoId(check.target);
  invariantResponse(videoId, requestT(request)("earn.adTab.invalidYoutube"));
  return {
    state: "ok" as const,
    viewToken: check.view.viewToken,
    videoId,
    seconds: check.view.step_3_duration_for_user,
    playerApiUrl: context.publicEnv.YOUTUBE_PLAYER_API_URL,
  };
}

/** The subset of the IFrame Player API the page uses. */
interface YTPlayer {
  playVideo(): void;
  pauseVideo(): void;
  destroy?(): void;
}
interface YTNamespace {
  Player: new (
    el: HTMLElement | string,
    options: {
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, number | string>;
      events?: {
        onReady?: (e: { target: YTPlayer }) => void;
        onStateChange?: (e: { data: number; target: YTPlayer }) => void;
      };
    },
  ) => YTPlayer;
}
declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const PLAYING = 1;
const PAUSED = 2;

/** Loads the player script once and makes a player with its controls hidden. */
function useYouTubePlayer(
  enabled: boolean,
  apiUrl: string,
  videoId: string,
  box: React.RefObject<HTMLDivElement>,
) {
  const [state, setState] = useState<number>(-1);
  const player = useRef<YTPlayer | null>(null);
  useEffect(() => {
    if (!enabled || !box.current) return;
    const mount = document.createElement("div");
    box.current.appendChild(mount);
    const create = () => {
      if (!window.YT) return;
      player.current = new window.YT.Player(mount, {
        videoId,
        width: "100%",
        height: "100%",
        playerVars: { controls: 0, autoplay: 1, disablekb: 1, modestbranding: 1, rel: 0, playsinline: 1 },
        events: {
          onReady: (e) => e.target.playVideo(),
          onStateChange: (e) => setState(e.data),
        },
      });
    };
    if (window.YT?.Player) create();
    else {
      const previous = window.onYouTubeIframeAPIReady;
      window.onYouTubeIframeAPIReady = () => {
        previous?.();
        create();
      };
      if (!document.querySelector(`script[data-player-api]`)) {
        const s = document.createElement("script");
        s.src = apiUrl;
        s.async = true;
        s.dataset.playerApi = "1";
        document.head.appendChild(s);
      }
    }
    return () => {
      player.current?.destroy?.();
      player.current = null;
      mount.remove();
    };
  }, [enabled, apiUrl, videoId, box]);
  return { state, player };
}

export default function YoutubeAd() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const ok = d.state === "ok";
  const box = useRef<HTMLDivElement>(null);
  const { state, player } = useYouTubePlayer(
    ok && hydrated,
    ok ? d.playerApiUrl : "",
    ok ? d.videoId : "",
    box,
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const { left, aborted } = useAdCountdown({
    type: "youtube",
    viewToken: ok ? d.viewToken : "",
    seconds: ok ? d.seconds : 0,
    enabled: ok && hydrated,
    // Only while the video plays.
    counting: () => stateRef.current === PLAYING,
  });

  if (d.state !== "ok") {
    return <AdTabStopped title={t("earn.adTab.youtubeAd")} proxy={d.state === "proxy"} message={d.message} />;
  }

  const paused = state === PAUSED && left > 0 && !aborted;
  return (
    <AdTabShell title={t("earn.adTab.youtubeAd")}>
      {hydrated ? (
        <>
          <CountdownBadge left={left} aborted={aborted} />
          <p className="text-center text-sm text-slate-600">{t("earn.ptc.guidanceTimer")}</p>
          {paused ? (
            <p className="rounded-lg bg-red-600 px-3 py-2 text-center font-semibold text-white" role="alert">
              {t("earn.adTab.videoPaused")}
            </p>
          ) : null}
          <div
            ref={box}
            className="aspect-video w-full overflow-hidden rounded-xl bg-black"
            data-testid="yt-player"
          />
          {state !== PLAYING && left > 0 && !aborted ? (
            <button
              type="button"
              className="btn-primary mx-auto block"
              onClick={() => player.current?.playVideo()}
            >
              {t("earn.adTab.playVideo")}
            </button>
          ) : null}
        </>
      ) : (
        <AlertBox tone="warning" title={t("earn.adTab.scriptsNeeded")}>
          {t("earn.ptc.youtubeNeedsScripts")}
        </AlertBox>
      )}
    </AdTabShell>
  );
}
