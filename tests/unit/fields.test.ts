import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getZodConstraint } from "@conform-to/zod";
import {
  ADDRESS_MAX_LENGTH,
  CONTACT_FIELDS,
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  MOBILE_NUMBER_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PIN_CODE_PATTERN,
  PROFILE_FIELDS,
  TYPED_PASSWORD_MAX_LENGTH,
  confirmPasswordField,
  emailField,
  identifierField,
  isMobileNumber,
  isPinCode,
  labelledText,
  mobileNumberAny,
  mobileNumberJson,
  mobileNumberText,
  newPasswordField,
  normalizeIdentifier,
  personName,
  pinCodeField,
  stripIdentifierDots,
  typedPasswordField,
} from "../../shared/fields";

/** The first message a schema gives for a value, or null when it accepts it. */
function verdict(schema: z.ZodTypeAny, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "?");
}

/** An address of exactly `length` characters that zod's e-mail rule takes. */
function emailOfLength(length: number): string {
  const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`;
  return `${"a".repeat(length - domain.length - 1)}@${domain}`;
}

describe("the mobile number rule", () => {
  it("takes exactly 10 digits, the first not 0", () => {
    expect(isMobileNumber("9876543210")).toBe(true);
    expect(isMobileNumber("1234567890")).toBe(true);
    for (const bad of ["0123456789", "987654321", "98765432101", "98765 43210", "+919876543210", ""]) {
      expect(isMobileNumber(bad), bad).toBe(false);
    }
  });

  it("says the same as the input's pattern attribute", () => {
    const pattern = new RegExp(`^(?:${MOBILE_NUMBER_PATTERN})$`);
    for (const value of ["9876543210", "0123456789", "123", "98765432101"]) {
      expect(pattern.test(value), value).toBe(isMobileNumber(value));
    }
  });

  it("as text: trimmed, with the spec's words for every refusal", () => {
    expect(mobileNumberText().parse(" 9876543210 ")).toBe("9876543210");
    for (const bad of ["", "0987654321", "98765abcde", "98765", 9876543210, undefined]) {
      expect(verdict(mobileNumberText(), bad), String(bad)).toBe(FIELD_MESSAGES.mobile);
    }
  });

  it("as a JSON number (sign-up): an integer of 10 digits", () => {
    expect(mobileNumberJson().parse(9876543210)).toBe(9876543210);
    for (const bad of [987654321, 98765432101, 9876543210.5, "9876543210", null, undefined]) {
      expect(verdict(mobileNumberJson(), bad), String(bad)).toBe(FIELD_MESSAGES.mobile);
    }
  });

  it("either way (profile): text or number, giving the number", () => {
    expect(mobileNumberAny().parse(9876543210)).toBe(9876543210);
    expect(mobileNumberAny().parse(" 9876543210")).toBe(9876543210);
    for (const bad of [987654321, "0123456789", 9876543210.5, true, undefined, 1e21]) {
      expect(verdict(mobileNumberAny(), bad), String(bad)).toBe(FIELD_MESSAGES.mobile);
    }
  });
});

describe("the e-mail rules", () => {
  it("takes an address up to 254 characters, trimmed", () => {
    expect(emailField().parse("  meera@example.in ")).toBe("meera@example.in");
    expect(emailField().parse("A.Lice+tag@Mail.Example.COM")).toBe("A.Lice+tag@Mail.Example.COM");
    const longest = emailOfLength(EMAIL_MAX_LENGTH);
    expect(longest).toHaveLength(254);
    expect(verdict(emailField(), longest)).toBeNull();
  });

  it("refuses a malformed or too long address, and says its own words for a missing one", () => {
    for (const bad of [
      "meera-at-example",
      "meera@",
      "@example.in",
      "mee ra@example.in",
      emailOfLength(255),
      12,
    ]) {
      expect(verdict(emailField(), bad), String(bad)).toBe(FIELD_MESSAGES.email);
    }
    expect(verdict(emailField(), "")).toBe(FIELD_MESSAGES.emailMissing);
    expect(verdict(emailField(), "   ")).toBe(FIELD_MESSAGES.emailMissing);
    expect(verdict(emailField(), undefined)).toBe(FIELD_MESSAGES.emailMissing);
    // Forgot password: the spec's words.
    expect(verdict(emailField(FIELD_MESSAGES.emailRequired), "")).toBe("Email is required!");
  });

  it("the login identifier: an e-mail or a username, trimmed, not blank, not too long", () => {
    const id = identifierField({ missing: "missing", tooLong: "long" });
    expect(id.parse(" ravi.kumar ")).toBe("ravi.kumar");
    expect(verdict(id, "   ")).toBe("missing");
    expect(verdict(id, "x".repeat(EMAIL_MAX_LENGTH + 1))).toBe("long");
  });

  it("the identity: dots of the local part removed, lower case", () => {
    expect(stripIdentifierDots("  Ravi.K@Gmail.com ")).toBe("RaviK@Gmail.com");
    expect(normalizeIdentifier("  Ravi.K@Gmail.com ")).toBe("ravik@gmail.com");
    expect(normalizeIdentifier("ravi.kumar")).toBe("ravikumar");
    expect(normalizeIdentifier("a.b@c.d.e")).toBe("ab@c.d.e");
  });
});

describe("the password rules", () => {
  it("a new password: 8 to 128 characters, kept as typed", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(newPasswordField().parse(" 8 chars")).toBe(" 8 chars");
    expect(verdict(newPasswordField(), "x".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(verdict(newPasswordField(), "x".repeat(7))).toBe("Password must be at least 8 characters long.");
    expect(verdict(newPasswordField(), "")).toBe(FIELD_MESSAGES.passwordTooShort);
    expect(verdict(newPasswordField(), undefined)).toBe(FIELD_MESSAGES.passwordTooShort);
    expect(verdict(newPasswordField(), "x".repeat(129))).toBe(
      "Password must be at most 128 characters long.",
    );
    expect(verdict(newPasswordField({ notText: "not text" }), 12345678)).toBe("not text");
  });

  it("the repeat: any text up to the same length (matching is the form's check)", () => {
    expect(verdict(confirmPasswordField("again"), "short")).toBeNull();
    expect(verdict(confirmPasswordField("again"), undefined)).toBe("again");
    expect(verdict(confirmPasswordField("again"), "x".repeat(129))).toBe(FIELD_MESSAGES.passwordTooLong);
  });

  it("a typed password (login, current): not empty, any length the site ever let a member choose", () => {
    const typed = typedPasswordField({ missing: "missing", tooLong: "Invalid details" });
    expect(verdict(typed, "x")).toBeNull();
    expect(verdict(typed, "x".repeat(200))).toBeNull();
    expect(verdict(typed, "x".repeat(TYPED_PASSWORD_MAX_LENGTH))).toBeNull();
    expect(verdict(typed, "")).toBe("missing");
    expect(verdict(typed, "x".repeat(TYPED_PASSWORD_MAX_LENGTH + 1))).toBe("Invalid details");
  });
});

describe("the name and address rules", () => {
  it("a person's name: required, trimmed, up to 100 characters", () => {
    expect(personName().parse("  Asha Verma ")).toBe("Asha Verma");
    expect(verdict(personName(), "x".repeat(100))).toBeNull();
    expect(verdict(personName(), " ")).toBe("Please enter your name.");
    expect(verdict(personName(), "x".repeat(101))).toBe("Please keep your name under 100 characters.");
  });

  it("a labelled field names itself in every message", () => {
    const city = labelledText("City", 100);
    expect(verdict(city, "Pune")).toBeNull();
    expect(verdict(city, "  ")).toBe("City is required.");
    expect(verdict(city, undefined)).toBe("City is required.");
    expect(verdict(city, "x".repeat(101))).toBe("City must be at most 100 characters.");
    expect(verdict(city, 12)).toBe("City must be text.");
  });

  it("the address: up to 200 characters, any real Indian address", () => {
    const address = PROFILE_FIELDS.address;
    for (const good of [
      "Flat 4B, 2nd Cross, 5th Block, Koramangala",
      "H.No. 12-2-417/A, Gudimalkapur",
      "C/o Ramesh Kumar, Village & P.O. Bhagwanpur, Dist. Vaishali",
      "x".repeat(ADDRESS_MAX_LENGTH),
    ]) {
      expect(verdict(address, good), good).toBeNull();
    }
    expect(verdict(address, "")).toBe("Address is required.");
    expect(verdict(address, "x".repeat(201))).toBe("Address must be at most 200 characters.");
  });

  it("the city, the state and the payout account", () => {
    expect(verdict(PROFILE_FIELDS.city, "x".repeat(100))).toBeNull();
    expect(verdict(PROFILE_FIELDS.city, "x".repeat(101))).toBe("City must be at most 100 characters.");
    expect(verdict(PROFILE_FIELDS.state, "Tamil Nadu")).toBeNull();
    expect(verdict(PROFILE_FIELDS.state, " ")).toBe("State is required.");
    const account = PROFILE_FIELDS.withdrawal_account_information;
    expect(verdict(account, "asha@okaxis")).toBeNull();
    expect(verdict(account, "x".repeat(201))).toBe(
      "Withdrawal account information must be at most 200 characters.",
    );
  });
});

describe("the zip code (PIN code) rule", () => {
  it("takes 6 digits, the first not 0, trimmed", () => {
    for (const good of ["110001", "400001", "560095", "700016", "999999"]) {
      expect(isPinCode(good), good).toBe(true);
      expect(verdict(pinCodeField(), good), good).toBeNull();
    }
    expect(pinCodeField().parse(" 411001 ")).toBe("411001");
  });

  it("refuses anything else with one message", () => {
    for (const bad of ["011001", "56009", "5600951", "560 095", "ABC123", "7000<>", "41100a"]) {
      expect(isPinCode(bad), bad).toBe(false);
      expect(verdict(pinCodeField(), bad), bad).toBe("Please enter a valid 6-digit PIN code.");
    }
    expect(verdict(pinCodeField(), "")).toBe("PIN code is required.");
    expect(verdict(pinCodeField(), 411001)).toBe("PIN code must be text.");
  });

  it("says the same as the input's pattern attribute", () => {
    const pattern = new RegExp(`^(?:${PIN_CODE_PATTERN})$`, "v");
    for (const value of ["110001", "011001", "56009", "5600951", "ABC123"]) {
      expect(pattern.test(value), value).toBe(isPinCode(value));
    }
  });
});

describe("the native constraints the forms derive from the rules", () => {
  it("give the inputs their maxLength and required", () => {
    const c = getZodConstraint(
      z.object({ ...PROFILE_FIELDS, email: emailField(), password: newPasswordField() }),
    );
    expect(c.address).toMatchObject({ required: true, maxLength: 200 });
    expect(c.city).toMatchObject({ required: true, maxLength: 100 });
    expect(c.zip_code).toMatchObject({ required: true, maxLength: 6 });
    expect(c.email).toMatchObject({ required: true, maxLength: 254 });
    expect(c.password).toMatchObject({ required: true, minLength: 8, maxLength: 128 });
  });

  it("give the zip code a pattern that refuses what the rule refuses", () => {
    const pattern = getZodConstraint(z.object(PROFILE_FIELDS)).zip_code?.pattern;
    expect(pattern).toBeTruthy();
    const native = new RegExp(`^(?:${pattern})$`, "v");
    for (const value of ["560095", "011001", "56009", "ABC123"]) {
      expect(native.test(value), value).toBe(isPinCode(value));
    }
  });

  it("the contact form's fields are complete", () => {
    expect(Object.keys(CONTACT_FIELDS)).toEqual([
      "name",
      "email_address",
      "mobile_number",
      "subject",
      "message",
    ]);
  });
});
