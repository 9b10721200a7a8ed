import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "../../shared/i18n/locale";
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
  return locale === "hi" ? (await import("./hi")).default : (await import("./en")).default;
}
