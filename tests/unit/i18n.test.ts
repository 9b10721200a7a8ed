import { describe, expect, it } from "vitest";
import en from "../../app/i18n/en";
import hi from "../../app/i18n/hi";
import { requestLocale, cookieLocale } from "../../shared/i18n/locale";
import { formattersFor } from "../../app/i18n/format";

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

describe("the one home of amounts and dates (app/i18n/format.ts)", () => {
  it("groups amounts the Indian way with 3 decimals and digits 0–9, in both languages", () => {
    for (const lang of ["en", "hi"]) {
      const f = formattersFor(lang);
      expect(f.money(123_456_789)).toBe("₹1,23,456.789");
      expect(f.money(-1_000)).toBe("-₹1.000");
      expect(f.money(12_345_678_000, 2)).toBe("₹1,23,45,678.00");
      expect(f.rupees("100000.5")).toBe("₹1,00,000.500");
      expect(f.count(1234567)).toBe("12,34,567");
    }
  });

  it("writes dates in India's time, month names in the page's language, digits 0–9", () => {
    const en = formattersFor("en");
    const hi = formattersFor("hi");
    // 18:30 UTC is midnight in India: the next day there.
    expect(en.time("2026-11-26T18:30:00Z")).toMatch(/^27 Nov 2026, 12:00\s?am$/);
    expect(hi.time("2026-11-26T18:30:00Z")).toMatch(/^27 नव॰ 2026, 12:00\s?am$/);
    expect(en.day("2026-11-26")).toBe("26 Nov 2026");
    expect(hi.day("2026-11-26")).toBe("26 नव॰ 2026");
    expect(en.month("2026-11")).toBe("November 2026");
    expect(hi.month("2026-11")).toBe("नवंबर 2026");
    for (const text of [hi.time("2026-11-26T18:30:00Z"), hi.day("2026-01-09"), hi.month("2026-03")])
      expect(text).not.toMatch(/[०-९]/);
    expect(hi.month("not a month")).toBe("not a month");
  });
});
