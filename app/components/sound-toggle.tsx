import { useFetcher } from "@remix-run/react";
import { useHydrated } from "~/utils/client-toast";

/** A sound toggle's answer with scripts on (without them the action redirects back). */
export interface SoundAnswer {
  intent: "sound";
  soundOn: boolean;
}

/**
 * The sound preference as the member last set it: the toggle being sent, else the toggle's answer
 * (the page's data is not reloaded for it), else the page's data (the cookie).
 */
export function useSoundOn(fromPage: boolean, fetcherKey: string): boolean {
  const fetcher = useFetcher<SoundAnswer>({ key: fetcherKey });
  const pending = fetcher.formData?.get("sound");
  if (pending) return pending === "on";
  if (fetcher.data?.intent === "sound") return fetcher.data.soundOn;
  return fromPage;
}

/** The page's Sound On/Off button: a form posting `intent=sound` (to the page's own action by default). */
export function SoundToggle({
  soundOn,
  fetcherKey,
  fields = {},
  action,
}: {
  soundOn: boolean;
  fetcherKey: string;
  /** The route whose action keeps the preference (this page's own when not given). */
  action?: string;
  /** Hidden fields the action needs to send the member back where they were. */
  fields?: Record<string, string>;
}) {
  const fetcher = useFetcher<SoundAnswer>({ key: fetcherKey });
  const hydrated = useHydrated();
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
        aria-label="Sound"
      >
        <span aria-hidden>{soundOn ? "🔊" : "🔇"}</span>
        Sound {soundOn ? "On" : "Off"}
      </button>
    </fetcher.Form>
  );
}
