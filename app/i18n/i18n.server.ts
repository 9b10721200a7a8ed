import type { i18n, TFunction } from "i18next";
import { makeI18n } from "./i18n";
import { requestLocale, type Locale } from "../../shared/i18n/locale";
import en from "./en";
import hi from "./hi";
import { registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";

registerMessages("hi", HINDI_API_MESSAGES);

/**
 * The server's i18next instance per language, made once and shared by every page render
 * (entry.server.tsx) and every loader and action (requestT): nothing on the server changes an
 * instance's language, so one per language serves all requests.
 */
const instances = new Map<Locale, { i18n: i18n; t: TFunction }>();

function serverInstance(locale: Locale) {
  let made = instances.get(locale);
  if (!made) {
    const instance = makeI18n(locale, locale === "hi" ? hi : en);
    made = { i18n: instance, t: instance.getFixedT(locale) };
    instances.set(locale, made);
  }
  return made;
}

/** The instance a page in `locale` renders with. */
export function serverI18n(locale: Locale): i18n {
  return serverInstance(locale).i18n;
}

/** `t` in `locale`, for texts made on the server (toasts, validation messages, titles). */
export function tFor(locale: Locale): TFunction {
  return serverInstance(locale).t;
}

/** The language of a request to the web tier. */
export function localeOf(request: Request): Locale {
  return requestLocale({
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/** `t` in the request's language, for a loader or an action. */
export function requestT(request: Request): TFunction {
  return tFor(localeOf(request));
}
