import { useEffect, useRef, useState } from "react";
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
// Only URLs are bundled here: the widget is fetched after hydration, so it does not weigh on the
// page's first load. The "external" build leaves out the inline styles and workers it would
// otherwise carry for every algorithm; we add the stylesheet and the one worker our challenges use.
import widgetScriptUrl from "/node_modules/altcha/dist/external/altcha.min.js?url";
import widgetStyleUrl from "/node_modules/altcha/dist/external/altcha.css?url";
import pbkdf2WorkerUrl from "/node_modules/altcha/dist/workers/pbkdf2.js?url";

/** What the login/sign-up loaders hand the page (see app/utils/human-check.server.ts). */
export type HumanCheckChallenge =
  | { mode: "off" }
  | {
      mode: "altcha";
      /** Where the ALTCHA widget fetches a fresh proof-of-work challenge. */
      challengeUrl: string;
      /** The no-JavaScript fallback: a picture of a word; loading it sets its signed token in a cookie. */
      imageUrl: string;
    };

/** Spec 1 §4: the widget script is reloaded when more than 12 hours have passed since it was last loaded. */
export const WIDGET_RELOAD_MS = 43_200_000;
const LOADED_AT_KEY = "humanCheck.widgetLoadedAt";
/** The spec's words when the form is sent before the check has answered (common.humanCheck.required). */
type HumanCheckError = "required" | "load";

type AltchaWidget = HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> };

function readLoadedAt(): number | null {
  try {
    const v = Number(localStorage.getItem(LOADED_AT_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null; // storage blocked: treat as never loaded
  }
}

function widgetIsStale(now = Date.now()): boolean {
  const last = readLoadedAt();
  return last === null || now - last > WIDGET_RELOAD_MS;
}

/**
 * Loads the widget script. The load time is the version in the script's URL: the browser keeps
 * its cached copy for 12 hours and fetches a fresh one after. (The script registers the element
 * only once per page, so a reload within an open page also re-creates the element — see below.)
 */
async function loadWidgetScript(now = Date.now()): Promise<void> {
  let version = readLoadedAt();
  if (version === null || widgetIsStale(now)) {
    version = now;
    try {
      localStorage.setItem(LOADED_AT_KEY, String(now));
    } catch {
      /* storage blocked: the script still loads, just without the 12-hour memory */
    }
  }
  if (!document.querySelector("link[data-altcha-style]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `${widgetStyleUrl}?v=${version}`;
    link.dataset.altchaStyle = "";
    document.head.append(link);
  }
  await import(/* @vite-ignore */ `${widgetScriptUrl}?v=${version}`);
  const registry = (globalThis as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
  // The API issues PBKDF2/SHA-256 challenges only (api/accounts/humanCheck.ts).
  registry?.algorithms.set("PBKDF2/SHA-256", () => new Worker(`${pbkdf2WorkerUrl}?v=${version}`));
}

/**
 * The human check inside the login and sign-up forms. Rendered on the server as a picture
 * challenge with an answer box inside <noscript> (works without JavaScript); once scripts run,
 * the ALTCHA proof-of-work widget takes its place, so only one kind of answer is posted.
 */
export function HumanCheck({ challenge }: { challenge: HumanCheckChallenge }) {
  const challengeUrl = challenge.mode === "altcha" ? challenge.challengeUrl : null;
  const [scripted, setScripted] = useState(false);
  const { t, i18n } = useTranslation();
  const requiredText = t("common.humanCheck.required");
  // The widget's own words (its label, "Verifying…") in the page's language: ALTCHA's Hindi
  // strings come in a small chunk loaded beside the widget, only on Hindi pages.
  const widgetLanguage = i18n.language === "hi" ? "hi" : "en";
  const [error, setError] = useState<HumanCheckError | null>(null);
  // Bumped to throw the widget element away and make a fresh one (12-hour reload).
  const [generation, setGeneration] = useState(0);
  const holder = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidget | null>(null);
  const submitted = useRef(false);
  /**
   * A submit refused because the widget had not answered yet: the button that sent it (null for
   * Enter), sent again once the widget answers, so the member's press is not lost. Undefined: none.
   */
  const waiting = useRef<HTMLElement | null | undefined>(undefined);
  const navigation = useNavigation();

  useEffect(() => {
    if (!challengeUrl) return;
    setScripted(true);
    let cancelled = false;
    const el = document.createElement("altcha-widget") as AltchaWidget;
    el.setAttribute("challenge", challengeUrl);
    el.setAttribute("name", "altcha");
    el.setAttribute("auto", "onfocus");
    el.setAttribute("language", widgetLanguage);
    // The browser's own "required" bubble (forms validated natively) says the spec's words too.
    el.setAttribute("configuration", JSON.stringify({ validationMessage: requiredText }));
    el.addEventListener("statechange", (e) => {
      if ((e as CustomEvent<{ state?: string }>).detail?.state !== "verified") return;
      setError(null);
      const form = holder.current?.closest("form");
      const submitter = waiting.current;
      waiting.current = undefined;
      if (form && submitter !== undefined)
        form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
    });
    loadWidgetScript()
      .then(() => (widgetLanguage === "hi" ? import("altcha/i18n/hi") : undefined))
      .then(
        () => {
          if (cancelled || !holder.current) return;
          holder.current.replaceChildren(el);
          widget.current = el;
          // On a slow network the member may be typing before the widget arrives: the focus that
          // starts it (auto="onfocus") has passed, so it starts now.
          if (holder.current.closest("form")?.contains(document.activeElement))
            setTimeout(() => void el.verify?.(), 0);
        },
        () => {
          if (!cancelled) setError("load");
        },
      );
    return () => {
      cancelled = true;
      el.remove();
      widget.current = null;
    };
  }, [challengeUrl, generation, requiredText, widgetLanguage]);

  // A page left open past the 12 hours gets a freshly loaded widget when the member comes back to it.
  useEffect(() => {
    if (!challengeUrl) return;
    const onVisible = () => {
      if (document.visibilityState === "visible" && widgetIsStale()) setGeneration((g) => g + 1);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [challengeUrl]);

  // The form cannot be sent until the widget has answered. Listening on the form itself (capture)
  // runs before React's handlers, so a refused submit never reaches Remix or Conform.
  useEffect(() => {
    if (!challengeUrl) return;
    const form = holder.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      // A button that skips the form's validation hands over elsewhere (Sign Up With Google), not a submission to check.
      const submitter = event.submitter;
      if (submitter?.hasAttribute("formnovalidate") || submitter?.hasAttribute("data-skip-human-check"))
        return;
      const answer = new FormData(form).get("altcha");
      if (typeof answer === "string" && answer !== "") {
        submitted.current = true;
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      setError("required");
      waiting.current = submitter ?? null;
      void widget.current?.verify?.();
    };
    // With native validation the widget's own required box stops the submit first: say the same thing here.
    const onInvalid = (event: Event) => {
      if (event.target instanceof Node && widget.current?.contains(event.target)) setError("required");
    };
    form.addEventListener("submit", onSubmit, true);
    form.addEventListener("invalid", onInvalid, true);
    return () => {
      form.removeEventListener("submit", onSubmit, true);
      form.removeEventListener("invalid", onInvalid, true);
    };
  }, [challengeUrl]);

  // An answer is single-use: after a submission that left us on this page (e.g. a wrong password),
  // start over so the next attempt carries a fresh one.
  useEffect(() => {
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      widget.current?.reset?.();
    }
  }, [navigation.state, challenge]);

  if (challenge.mode === "off") return null;
  return (
    <div className="space-y-2">
      <div ref={holder} className={scripted ? "min-h-[3.5rem]" : undefined} data-testid="human-check" />
      {/* Only browsers without scripts parse what is inside <noscript>: others never fetch the picture. */}
      {!scripted ? (
        <noscript>
          <div className="space-y-2">
            <img
              src={challenge.imageUrl}
              alt={t("common.humanCheck.pictureAlt")}
              width={160}
              height={56}
              className="rounded border border-slate-200"
            />
            <label className="label" htmlFor="human_check_answer">
              {t("common.humanCheck.pictureLabel")}
            </label>
            <input
              className="input"
              id="human_check_answer"
              name="human_check_answer"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={10}
              required
            />
          </div>
        </noscript>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error === "load" ? t("common.humanCheck.loadFailed") : requiredText}
        </p>
      ) : null}
    </div>
  );
}
