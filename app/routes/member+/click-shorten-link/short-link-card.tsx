import { Form } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { useCountdownToReload } from "~/utils/countdown";
import { isGuideAddress, isLinkDisabled, type ShortLinkFilter } from "~/utils/shortlinks";
import { formatDuration } from "../../../../shared/duration";
import type { ShortLinkItem } from "../../../../shared/contracts/shortLinks";

/** The time required's icon: decorative, hidden from screen readers. */
const TIMER_ICON = "⏱ ";

/** A card of the list: the API's link and the time left before it renews, measured by the server. */
export type ShortLinkCardData = ShortLinkItem & { renewsInMs: number | null };

function RenewsIn({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const left = useCountdownToReload(ms);
  return (
    <p
      className="text-center text-sm font-medium text-amber-800"
      role="timer"
      aria-label={t("earn.shortLinks.availableAgainIn")}
    >
      <Trans
        i18nKey="earn.shortLinks.availableAgainInTime"
        values={{ left: formatDuration(left, { hours: true }) }}
        components={{
          countdown: <span className="font-mono tabular-nums" data-testid="short-link-countdown" />,
        }}
      />
    </p>
  );
}

export function ShortLinkCard({
  link,
  filter,
  busy,
  started,
  onStart,
}: {
  link: ShortLinkCardData;
  filter: ShortLinkFilter;
  busy: boolean;
  started: boolean;
  onStart: (link: ShortLinkCardData) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
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
            <span aria-hidden>{TIMER_ICON}</span>
            <span className="sr-only">{t("earn.shortLinks.timeRequired")}</span>
            <span data-testid="short-link-time">{link.time}</span>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-green-50 px-2 py-0.5 text-sm font-bold text-green-800 ring-1 ring-green-200">
          {f.rupees(link.amount)}
        </span>
      </div>
      {isGuideAddress(link.how_to_complete) ? (
        <a
          href={link.how_to_complete}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-medium text-brand-600 underline"
        >
          {t("earn.shortLinks.howToComplete")}
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
          {t("earn.shortLinks.start", { done: completed, allowed: link.how_much_click_allow })}
        </button>
      </Form>
      {disabled && link.renewsInMs !== null ? <RenewsIn ms={link.renewsInMs} /> : null}
    </li>
  );
}

/** Without scripts, another shortener's address cannot be a form's redirect: this page leads there. */
export function OpeningShortLink({ shortUrl }: { shortUrl: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md">
      <div className="card space-y-3 text-center">
        <h1 className="text-xl font-bold">{t("earn.shortLinks.linkReady")}</h1>
        <a href={shortUrl} className="btn-primary w-full" rel="noreferrer">
          {t("earn.shortLinks.openLink")}
        </a>
        <RefreshWithoutScripts seconds={1} url={shortUrl} />
      </div>
    </div>
  );
}
