import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { SoundAnswer } from "~/components/sound-toggle";
import { readCookie } from "../../shared/cookies";

/** The sound preference: off is remembered for 2,880 minutes (spec 2 §4, §9). */
export const SOUND_COOKIE = "ptcAds_sound_off";
export const SOUND_OFF_MINUTES = 2880;

/** Whether the page's sound is off; each page with a toggle has its own cookie (`name`). */
export function soundOffFromCookie(cookieHeader: string | null | undefined, name = SOUND_COOKIE): boolean {
  return readCookie(cookieHeader, name) !== undefined;
}

export function soundCookie(on: boolean, secure: boolean, name = SOUND_COOKIE): string {
  const flags = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return on ? `${name}=; Max-Age=0; ${flags}` : `${name}=1; Max-Age=${SOUND_OFF_MINUTES * 60}; ${flags}`;
}

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
