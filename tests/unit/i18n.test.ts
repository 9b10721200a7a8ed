import { describe, expect, it } from "vitest";
import en from "../../app/i18n/en";
import hi from "../../app/i18n/hi";
import { requestLocale, cookieLocale } from "../../shared/i18n/locale";

/** Every key of a catalogue as a dotted path, with its text. */
function flatten(o: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the catalogues (issue 23)", () => {
  const english = flatten(en);
  const hindi = flatten(hi);

  it("hold the same keys in every language, none empty", () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of [...english, ...hindi]) expect(text.trim(), key).not.toBe("");
  });

  it("fill the same placeholders in every language", () => {
    for (const [key, text] of english) expect(placeholders(hindi.get(key)!), key).toEqual(placeholders(text));
  });

  it("keep the specification's English words", () => {
    expect(en.nav).toMatchObject({
      home: "Home",
      faq: "FAQ",
      contactUs: "Contact Us",
      paymentsProof: "Payments Proof",
      login: "Login",
      signUp: "Sign Up",
    });
    expect(en.footer.rights).toBe("© 2025 {{siteName}}. All rights reserved.");
  });

  it("write Hindi in Devanagari with the digits members expect (0–9)", () => {
    for (const [key, text] of hindi) expect(text, key).not.toMatch(/[०-९]/);
    expect(hi.nav.home).toMatch(/[\u0900-\u097F]/);
  });
});

describe("the language of a request", () => {
  it("is the switch's cookie, else the browser's Accept-Language, else English", () => {
    expect(requestLocale({})).toBe("en");
    expect(requestLocale({ acceptLanguage: "hi-IN" })).toBe("hi");
    expect(requestLocale({ acceptLanguage: "hi" })).toBe("hi");
    expect(requestLocale({ acceptLanguage: "hi-IN,en;q=0.8" })).toBe("hi");
    expect(requestLocale({ acceptLanguage: "en-IN,en;q=0.9,hi;q=0.8" })).toBe("en");
    expect(requestLocale({ acceptLanguage: "fr-FR" })).toBe("en");
    expect(requestLocale({ acceptLanguage: "*" })).toBe("en");
    expect(requestLocale({ acceptLanguage: "hi-IN", cookie: "sid=x; lang=en" })).toBe("en");
    expect(requestLocale({ acceptLanguage: "en-IN", cookie: "lang=hi" })).toBe("hi");
    // Anything else in the cookie is not a choice.
    expect(requestLocale({ acceptLanguage: "hi-IN", cookie: "lang=xx" })).toBe("hi");
    expect(cookieLocale("xlang=hi")).toBeNull();
    expect(requestLocale({ acceptLanguage: "x".repeat(10_000) })).toBe("en");
  });
});
