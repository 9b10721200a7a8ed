import { createInstance, type i18n } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { isLocale, type Locale } from "../../shared/i18n/locale";
import { localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import type { Catalogue } from "./en";

/**
 * An i18next instance for one language, ready when this returns (the catalogue is given, so
 * initialisation is synchronous). The server keeps one per language for every render, loader and
 * action (app/i18n/i18n.server.ts); the browser makes one before hydration, with the same language
 * and catalogue, so the first render matches the server's HTML. The catalogues are plain modules:
 * the server imports both, the browser loads only its page's language (a small chunk of its own) —
 * see loadCatalogue.
 */
export function makeI18n(locale: Locale, catalogue: Catalogue): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** makeI18n, for callers that await it (the browser's entry, tests). */
export async function createI18n(locale: Locale, catalogue: Catalogue): Promise<i18n> {
  return makeI18n(locale, catalogue);
}

/** The catalogue of a language, loaded on demand (the browser's bundle holds none of them). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale !== "hi") return (await import("./en")).default;
  const [catalogue, messages] = await Promise.all([
    import("./hi"),
    import("../../shared/i18n/apiMessages.hi"),
  ]);
  registerMessages("hi", messages.HINDI_API_MESSAGES);
  return catalogue.default;
}

/**
 * A text the API or shared rules wrote (an answer's message, a socket ack, a field's validation
 * message) in the page's language: shared/i18n/apiMessages.ts.
 */
export function useLocalize(): (text: string) => string {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (text) => localizeMessage(locale, text);
}
