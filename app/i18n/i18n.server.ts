import { createInstance, type TFunction } from "i18next";
import { requestLocale, type Locale } from "../../shared/i18n/locale";
import en from "./en";
import hi from "./hi";
import { registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";

registerMessages("hi", HINDI_API_MESSAGES);

/**
 * Translations for loaders and actions (toasts, validation messages, titles made on the server):
 * the request's language chosen the same way as the page's (shared/i18n/locale.ts).
 */
const fixed = new Map<Locale, TFunction>();

export function tFor(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: locale === "hi" ? hi : en } },
      interpolation: { escapeValue: false },
      initImmediate: false,
    });
    t = instance.getFixedT(locale);
    fixed.set(locale, t);
  }
  return t;
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
