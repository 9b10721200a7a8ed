import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { ChannelResult } from "~/utils/channel.server";

/** How often the browser refreshes the channel statistics (spec 1 §9). */
export const CHANNEL_REFRESH_MS = 60_000;

/**
 * The video-channel panel: statistics rendered by the server with the page, then refreshed every
 * 60 s through the resource route. When the platform is not configured or does not answer it says
 * so instead of showing stale or made-up numbers.
 */
export function ChannelPanel({ initial }: { initial: ChannelResult | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const count = (n: number | null) => (n === null ? t("earn.channel.hidden") : f.count(n));
  const fetcher = useFetcher<ChannelResult>({ key: "channel-stats" });
  const load = useRef(fetcher.load);
  useEffect(() => {
    load.current = fetcher.load;
  });

  // Marked on the panel once the timer runs, so a test moves the clock only after it is set.
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => void load.current("/resources/channel"), CHANNEL_REFRESH_MS);
    setRefreshing(true);
    return () => clearInterval(timer);
  }, []);

  const result = fetcher.data ?? initial;
  return (
    <section
      aria-labelledby="channel-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="channel-panel"
      data-refreshing={refreshing ? "on" : undefined}
    >
      <h2 id="channel-heading" className="text-xl font-bold text-slate-900">
        {t("earn.channel.heading")}
      </h2>
      {result?.ok ? (
        <div className="mt-4">
          <div className="flex items-center gap-4">
            {result.channel.thumbnail ? (
              <img
                src={result.channel.thumbnail}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <a
                href={result.channel.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 hover:underline"
              >
                {result.channel.title}
              </a>
              {result.channel.description ? (
                <p className="mt-1 line-clamp-3 text-sm text-slate-600">{result.channel.description}</p>
              ) : null}
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            {(
              [
                [t("earn.channel.subscribers"), result.channel.subscribers],
                [t("earn.channel.views"), result.channel.views],
                [t("earn.channel.videos"), result.channel.videos],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="font-bold tabular-nums text-slate-900">{count(n)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600" data-testid="channel-unavailable">
          {t("earn.channel.unavailable")}
        </p>
      )}
    </section>
  );
}
