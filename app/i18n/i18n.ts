import { createInstance, type i18n } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { isLocale, type Locale } from "../../shared/i18n/locale";
import { localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import type { Catalogue } from "./en";

/**
 * One i18next instance per page render (the server makes one per request; the browser one before
 * hydration, with the same language and catalogue, so the first render matches the server's HTML).
 * The catalogues are plain modules: the server imports both, the browser loads only its page's
 * language (a small chunk of its own) — see loadCatalogue.
 */
export async function createI18n(locale: Locale, catalogue: Catalogue): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
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
