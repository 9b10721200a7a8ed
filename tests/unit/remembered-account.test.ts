import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  identifierMatchesAccount,
  loginSwitchError,
  signupAccountError,
} from "../../app/utils/remembered-account";
import { stripIdentifierDots } from "../../shared/fields";
import { normalizeIdentifier } from "../../api/accounts/accounts";

describe("stripIdentifierDots", () => {
  it("removes the dots of an e-mail's local part only", () => {
    expect(stripIdentifierDots("ravi.kumar@gmail.com")).toBe("ravikumar@gmail.com");
    expect(stripIdentifierDots("r.a.v.i@mail.co.in")).toBe("ravi@mail.co.in");
  });

  it("removes every dot of a username", () => {
    expect(stripIdentifierDots("ravi.kumar")).toBe("ravikumar");
    expect(stripIdentifierDots("...")).toBe("");
  });

  it("trims and keeps case", () => {
    expect(stripIdentifierDots("  Ravi.K@Gmail.com \t")).toBe("RaviK@Gmail.com");
  });

  it("agrees with the API's normal form once lower-cased", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(stripIdentifierDots(s).toLowerCase()).toBe(normalizeIdentifier(s));
      }),
    );
  });
});

describe("identifierMatchesAccount", () => {
  const stored = "ravikumar@gmail.com";
  it("accepts the full e-mail or the part before the @, ignoring case and local-part dots", () => {
    expect(identifierMatchesAccount(stored, "ravikumar@gmail.com")).toBe(true);
    expect(identifierMatchesAccount(stored, "Ravi.Kumar@GMAIL.com")).toBe(true);
    expect(identifierMatchesAccount(stored, "ravikumar")).toBe(true);
    expect(identifierMatchesAccount(stored, "RAVI.KUMAR")).toBe(true);
    expect(identifierMatchesAccount(stored, " ravikumar ")).toBe(true);
  });

  it("refuses anything else", () => {
    expect(identifierMatchesAccount(stored, "ravikumar@yahoo.com")).toBe(false);
    expect(identifierMatchesAccount(stored, "ravi")).toBe(false);
    expect(identifierMatchesAccount(stored, "gmail.com")).toBe(false);
    expect(identifierMatchesAccount(stored, "")).toBe(false);
  });
});

describe("loginSwitchError", () => {
  it("lets anyone log in when no account is remembered", () => {
    expect(loginSwitchError(null, "someone@example.com")).toBeNull();
    expect(loginSwitchError("", "someone")).toBeNull();
  });

  it("lets the remembered account log in", () => {
    expect(loginSwitchError("ravi@gmail.com", "ravi")).toBeNull();
    expect(loginSwitchError("ravi@gmail.com", "Ravi@Gmail.com")).toBeNull();
  });

  it("refuses another account with the spec's message", () => {
    expect(loginSwitchError("ravi@gmail.com", "priya@gmail.com")).toBe(
      "Account switching is restricted. Please log in with ravi@gmail.com.",
    );
    expect(loginSwitchError("ravi@gmail.com", "priya")).toBe(
      "Account switching is restricted. Please log in with ravi@gmail.com.",
    );
  });
});

describe("signupAccountError", () => {
  it("allows any e-mail on a device without a remembered account", () => {
    expect(signupAccountError(null, "new@example.com")).toBeNull();
  });

  it("allows the remembered e-mail, written with dots or capitals", () => {
    expect(signupAccountError("ravikumar@gmail.com", "Ravi.Kumar@gmail.com")).toBeNull();
  });

  it("refuses a different e-mail (and the bare username) with the spec's message", () => {
    expect(signupAccountError("ravikumar@gmail.com", "other@gmail.com")).toBe(
      "Multiple accounts from the same IP address are not allowed.",
    );
    expect(signupAccountError("ravikumar@gmail.com", "ravikumar")).toBe(
      "Multiple accounts from the same IP address are not allowed.",
    );
  });
});
