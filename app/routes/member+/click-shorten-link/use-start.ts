import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { playSound } from "~/utils/sound";
import type { ShortLinkFilter } from "~/utils/shortlinks";
import type { ShortLinkCardData } from "./short-link-card";

/** The action's answer to a start with scripts: where the browser goes next. */
export type StartAnswer = { intent: "start"; shortUrl: string };

const START_FETCHER = "short-link-start";

/**
 * Start with scripts (spec 2 §4): the first page's call, then the counters grow locally and the
 * browser goes to the short URL. Coming back through the browser's history reloads the data.
 */
export function useStart(soundOn: boolean) {
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

  const start = (link: ShortLinkCardData, filter: ShortLinkFilter) => {
    if (busy || started) return;
    setStarted(link._id);
    fetcher.submit(
      { intent: "start", mode: "js", linkId: link._id, shortnerDomain: link.shortnerDomain, filter },
      { method: "post" },
    );
  };

  return { start, busy: busy || Boolean(answer?.shortUrl), startedId: answer?.shortUrl ? started : null };
}
