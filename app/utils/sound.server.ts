import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { SoundAnswer } from "~/components/sound-toggle";
import { soundCookie, soundOffFromCookie } from "./ptc";

/** The member's sound preference for a page's loader (on unless the page's cookie says off). */
export function soundOnFor(request: Request, cookieName?: string): boolean {
  return !soundOffFromCookie(request.headers.get("cookie"), cookieName);
}

/**
 * The sound toggle's action (`intent=sound`): sets or clears the page's cookie, answers the
 * scripted toggle with the new state, or sends a browser without scripts back to `back`.
 */
export function soundToggleAnswer(
  form: FormData,
  context: AppLoadContext,
  back: string,
  cookieName?: string,
) {
  const on = form.get("sound") === "on";
  const headers = { "Set-Cookie": soundCookie(on, context.secureCookies, cookieName) };
  if (form.get("mode") === "js")
    return data({ intent: "sound", soundOn: on } satisfies SoundAnswer, { headers });
  return redirect(back, { headers });
}
