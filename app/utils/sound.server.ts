import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { SoundAnswer } from "~/components/sound-toggle";
import { soundCookie } from "./ptc";

/**
 * The sound toggle's action: remembers off in the page's cookie (on removes it) and answers the
 * script's fetcher, or sends a page posted without scripts back to `back`.
 */
export function answerSoundToggle(
  form: FormData,
  context: AppLoadContext,
  back: string,
  cookieName?: string,
): Response | ReturnType<typeof data<SoundAnswer>> {
  const on = form.get("sound") === "on";
  const headers = { "Set-Cookie": soundCookie(on, context.secureCookies, cookieName) };
  if (form.get("mode") === "js")
    return data({ intent: "sound", soundOn: on } satisfies SoundAnswer, { headers });
  return redirect(back, { headers });
}
