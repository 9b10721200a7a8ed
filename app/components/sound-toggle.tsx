import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/client-toast";

/** The toggle's answer to a scripted request (`mode=js`); without scripts the action redirects back. */
export interface SoundAnswer {
  intent: "sound";
  soundOn: boolean;
}

/** The toggle's icons (hidden from screen readers: the words say it). */
const ICON_ON = "🔊";
const ICON_OFF = "🔇";

/** The fetcher a page's toggle uses unless it names its own: the page reads the latest choice from it. */
const SOUND_FETCHER = "sound-toggle";

/**
 * The sound preference as the member last set it: the toggle being sent, else the toggle's answer
 * (the page's data is not reloaded for it), else the page's data (the cookie).
 */
export function useSoundOn(fromPage: boolean, fetcherKey: string = SOUND_FETCHER): boolean {
  const fetcher = useFetcher<SoundAnswer>({ key: fetcherKey });
  const pending = fetcher.formData?.get("sound");
  if (pending) return pending === "on";
  if (fetcher.data?.intent === "sound") return fetcher.data.soundOn;
  return fromPage;
}

/**
 * Sound on/off (spec 2 §4): a form posting `intent=sound` to the page's own action (or `action`),
 * which sets or clears the cookie (app/utils/sound.server.ts). `fields` are sent along so that,
 * without scripts, the action can return to the same view of the page.
 */
export function SoundToggle({
  soundOn,
  fetcherKey = SOUND_FETCHER,
  fields = {},
  action,
}: {
  soundOn: boolean;
  fetcherKey?: string;
  /** The route whose action keeps the preference (this page's own when not given). */
  action?: string;
  /** Hidden fields the action needs to send the member back where they were. */
  fields?: Record<string, string>;
}) {
  const fetcher = useFetcher<SoundAnswer>({ key: fetcherKey });
  const hydrated = useHydrated();
  const { t } = useTranslation();
  return (
    <fetcher.Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="sound" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="mode" value="js" /> : null}
      <button
        type="submit"
        name="sound"
        value={soundOn ? "off" : "on"}
        className="btn-secondary gap-1.5 px-3 text-sm"
        aria-pressed={soundOn}
      >
        <span aria-hidden>{soundOn ? ICON_ON : ICON_OFF}</span>
        {soundOn ? t("earn.games.sound.on") : t("earn.games.sound.off")}
      </button>
    </fetcher.Form>
  );
}
