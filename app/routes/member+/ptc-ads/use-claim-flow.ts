import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { playSound } from "~/utils/sound";
import {
  AD_CHANNEL,
  AD_TYPES,
  CLICK_CHANNEL,
  type AdTabMessage,
  type AdType,
  type ClickMessage,
} from "~/utils/ptc";
import type { PtcAd as Ad, PtcStartedView as StartedView } from "../../../../shared/contracts/ads";

/** How long the page waits before opening the ad, and the window ad's countdown and grace (spec 2 §9). */
const OPEN_DELAY_MS = 100;
const TITLE_COUNTDOWN_S = 10;
const GRACE_MS = 9000;
const ARM_VISIBILITY_MS = 2000;

/** What the View Ads action answers a scripted start or claim. */
export type PtcActionData =
  | { intent: "start"; ok: true; view: StartedView }
  | { intent: "claim"; ok: true; balance: string; amount: string; today: string }
  | { intent: "start" | "claim"; ok: false; message: string; proxy?: boolean };

type Alert = { tone: "success" | "error"; title: string; text?: string };

/**
 * Why a view failed in the browser, each told in its own words (issue 45 §2): the ad tab did not
 * open (a pop-up blocker), a window ad's tab closed before Claim Bonus, an iframe or YouTube ad's
 * tab closed or left before its timer ended, or the member did not come back to this tab in the
 * window ad's 9 s grace. The server keeps the ad listed: View Ad may be pressed again.
 */
type BrowserFailure = "notOpened" | "closedBeforeClaim" | "leftBeforeTimer" | "notBack";

interface Current {
  ad: Ad;
  tab: Window | null;
  clickedAt: number;
  view?: StartedView;
  phase: "starting" | "viewing" | "grace" | "claiming";
  timers: number[];
  cleanup: (() => void)[];
}

/**
 * The claim flow of spec 2 §4. View Ad locks every ad button (here and, through a broadcast
 * channel, in other windows of this page), opens a blank tab at once (so popup blockers allow it)
 * and points it at the ad 100 ms after the click, once the server has started the view. The tab
 * reports success or abort on its type's channel. Window ads then count 10 s in the title and
 * claim after a 9 s grace only if the member left this page and came back; iframe and YouTube
 * ads claim at once.
 */
export function useClaimFlow(opts: {
  soundOn: boolean;
  onSuccess: (ad: Ad, r: { balance: string; amount: string; today: string }) => void;
}) {
  const startFetcher = useFetcher<PtcActionData>({ key: "ptc-start" });
  const claimFetcher = useFetcher<PtcActionData>({ key: "ptc-claim" });
  const [locked, setLocked] = useState(false);
  const [lockedElsewhere, setLockedElsewhere] = useState(false);
  const [alert, setAlert] = useState<Alert | null>(null);
  const current = useRef<Current | null>(null);
  const clickChannel = useRef<BroadcastChannel | null>(null);
  const baseTitle = useRef("");
  const optsRef = useRef(opts);
  optsRef.current = opts;
  // The texts in the page's language; read through a ref so the flow's callbacks stay the same.
  const { t } = useTranslation();
  const f = useFormat();
  const words = useRef({ t, f });
  words.current = { t, f };

  const tellOthers = useCallback((message: ClickMessage) => {
    try {
      clickChannel.current?.postMessage(message);
    } catch {
      /* closed */
    }
  }, []);

  const finish = useCallback(() => {
    const c = current.current;
    if (c) {
      c.timers.forEach((t) => window.clearTimeout(t));
      c.cleanup.forEach((f) => f());
    }
    current.current = null;
    if (baseTitle.current) document.title = baseTitle.current;
    setLocked(false);
    tellOthers({ locked: false });
  }, [tellOthers]);

  const fail = useCallback(
    /** The server's refusal (its words), or why the view failed in the browser. */
    (refusal: { message: string; proxy?: boolean } | BrowserFailure) => {
      const c = current.current;
      if (c?.phase === "starting" && c.tab && !c.tab.closed) c.tab.close();
      finish();
      const { t } = words.current;
      // Under the spec's "Operation failed. Please try again.": what went wrong and what to do.
      setAlert(
        typeof refusal === "string"
          ? { tone: "error", title: t("earn.ptc.operationFailed"), text: t(`earn.ptc.why.${refusal}`) }
          : {
              tone: "error",
              title: refusal.proxy ? t("earn.ptc.proxyDetected") : t("earn.ptc.operationFailed"),
              text: refusal.message,
            },
      );
      if (optsRef.current.soundOn) playSound("failure");
    },
    [finish],
  );

  const claim = useCallback(() => {
    const c = current.current;
    if (!c?.view) return;
    c.phase = "claiming";
    claimFetcher.submit(
      { intent: "claim", mode: "js", btnName: c.ad._id, viewToken: c.view.viewToken },
      { method: "post" },
    );
  }, [claimFetcher]);

  const startGrace = useCallback(() => {
    const c = current.current;
    if (!c) return;
    c.phase = "grace";
    let left = TITLE_COUNTDOWN_S;
    const { t } = words.current;
    document.title = t("earn.ptc.titleSeconds", { left });
    const tick = window.setInterval(() => {
      left -= 1;
      if (left > 0) document.title = t("earn.ptc.titleSeconds", { left });
    }, 1000);
    c.cleanup.push(() => window.clearInterval(tick));
    let wentAway = false;
    let returned = false;
    const onVisibility = () => {
      if (document.visibilityState === "hidden") wentAway = true;
      else if (wentAway) returned = true;
    };
    c.timers.push(
      window.setTimeout(() => {
        wentAway = document.visibilityState === "hidden";
        document.addEventListener("visibilitychange", onVisibility);
        c.cleanup.push(() => document.removeEventListener("visibilitychange", onVisibility));
      }, ARM_VISIBILITY_MS),
      window.setTimeout(() => {
        window.clearInterval(tick);
        document.removeEventListener("visibilitychange", onVisibility);
        if (baseTitle.current) document.title = baseTitle.current;
        if (returned) claim();
        else fail("notBack");
      }, GRACE_MS),
    );
  }, [claim, fail]);

  const onTabMessage = useCallback(
    (type: AdType, m: AdTabMessage) => {
      const c = current.current;
      if (!c?.view || c.view.campaignType !== type || c.phase !== "viewing") return;
      if (m.viewToken && m.viewToken !== c.view.viewToken) return;
      if (m.isSuccess) {
        if (type === "window") startGrace();
        else claim();
      } else if (m.isAbortFromWaitPage) fail("closedBeforeClaim");
      else if (m.isAbortFromIframePage) fail("leftBeforeTimer");
    },
    [claim, fail, startGrace],
  );

  // The channels: the tabs' reports, and the other windows' clicks.
  useEffect(() => {
    baseTitle.current = document.title;
    const channels = AD_TYPES.map(({ value }) => {
      const ch = new BroadcastChannel(AD_CHANNEL[value]);
      ch.onmessage = (e: MessageEvent<AdTabMessage>) => onTabMessage(value, e.data ?? {});
      return ch;
    });
    const click = new BroadcastChannel(CLICK_CHANNEL);
    click.onmessage = (e: MessageEvent<ClickMessage>) => setLockedElsewhere(Boolean(e.data?.locked));
    clickChannel.current = click;
    // The wait page also posts to its opener; the same message arrives once per channel at most.
    const onWindowMessage = (e: MessageEvent<AdTabMessage & { channel?: string }>) => {
      if (e.origin !== window.location.origin) return;
      const type = AD_TYPES.find((t) => AD_CHANNEL[t.value] === e.data?.channel)?.value;
      if (type) onTabMessage(type, e.data);
    };
    window.addEventListener("message", onWindowMessage);
    return () => {
      channels.forEach((ch) => ch.close());
      click.close();
      clickChannel.current = null;
      window.removeEventListener("message", onWindowMessage);
    };
  }, [onTabMessage]);

  // The server's answer to the start: point the tab at the ad 100 ms after the click.
  useEffect(() => {
    const d = startFetcher.data;
    const c = current.current;
    if (startFetcher.state !== "idle" || !d || d.intent !== "start" || !c || c.phase !== "starting") return;
    if (!d.ok) return fail(d);
    c.view = d.view;
    const delay = Math.max(0, OPEN_DELAY_MS - (performance.now() - c.clickedAt));
    c.timers.push(
      window.setTimeout(() => {
        if (current.current !== c) return;
        if (c.tab && !c.tab.closed) c.tab.location.href = d.view.link;
        else c.tab = window.open(d.view.link, "_blank");
        c.phase = "viewing";
        // A tab closed before it could report (or never opened) unlocks the page too.
        const watch = window.setInterval(() => {
          if (current.current !== c || c.phase !== "viewing") return;
          if (!c.tab) fail("notOpened");
          else if (c.tab.closed)
            fail(c.view?.campaignType === "window" ? "closedBeforeClaim" : "leftBeforeTimer");
        }, 1000);
        c.cleanup.push(() => window.clearInterval(watch));
      }, delay),
    );
  }, [startFetcher.state, startFetcher.data, fail]);

  // The claim's answer.
  useEffect(() => {
    const d = claimFetcher.data;
    const c = current.current;
    if (claimFetcher.state !== "idle" || !d || d.intent !== "claim" || !c || c.phase !== "claiming") return;
    if (!d.ok) return fail(d);
    finish();
    const { t, f } = words.current;
    setAlert({
      tone: "success",
      title: t("earn.ptc.success"),
      text: t("earn.ptc.added", { amount: f.rupees(d.amount) }),
    });
    if (optsRef.current.soundOn) playSound("success");
    optsRef.current.onSuccess(c.ad, d);
  }, [claimFetcher.state, claimFetcher.data, fail, finish]);

  useEffect(() => () => finish(), [finish]);

  const view = (ad: Ad) => {
    if (current.current || lockedElsewhere) return;
    setAlert(null);
    setLocked(true);
    tellOthers({ locked: true });
    // Opened in the click itself so that popup blockers allow it; the ad's address follows.
    const tab = window.open("about:blank", "_blank");
    current.current = { ad, tab, clickedAt: performance.now(), phase: "starting", timers: [], cleanup: [] };
    startFetcher.submit({ intent: "start", mode: "js", btnName: ad._id }, { method: "post" });
  };

  return { view, locked: locked || lockedElsewhere, alert, dismissAlert: () => setAlert(null) };
}
