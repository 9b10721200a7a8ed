import { z } from "zod";

/**
 * Field rules shared by the pages (native `pattern`/`maxLength`, the zod schemas) and the API, so
 * the browser, the web tier and the API accept the same values and say the same words. The zod
 * helpers below are the rules: the pages' forms derive their native constraints from them
 * (`getZodConstraint`), the API's bodies are parsed with them.
 */

/* ------------------------------------------------------------------------------------ messages */

export const FIELD_MESSAGES = {
  /** Spec 1 §5, word for word (the field's title). */
  mobile: "Please enter a valid 10-digit Indian mobile number",
  email: "Please enter a valid email address.",
  emailMissing: "Please enter your email address.",
  /** Spec 1 §5 (forgot password), word for word. */
  emailRequired: "Email is required!",
  /** Spec 1 §5 (settings: the new password's title), word for word. */
  passwordTooShort: "Password must be at least 8 characters long.",
  passwordTooLong: "Password must be at most 128 characters long.",
  /** The Confirm Password field left empty (sign-up, reset): the field's one name, "confirm". */
  confirmPasswordMissing: "Please confirm your password.",
  nameMissing: "Please enter your name.",
  nameTooLong: "Please keep your name under 100 characters.",
  pinCode: "Please enter a valid 6-digit PIN code.",
} as const;

/* ------------------------------------------------------------------------------------- limits */

/** The longest address a mailbox may have (RFC 5321 path limit); also bounds a login identifier. */
export const EMAIL_MAX_LENGTH = 254;
/** Spec 1 §9. */
export const PASSWORD_MIN_LENGTH = 8;
/** The longest password a member may choose (sign-up, reset, change). */
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The longest password accepted where one is typed to prove who one is (login, the current
 * password): above every length the site has ever let a member choose.
 */
export const TYPED_PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;
/** A city or a state. */
export const PLACE_MAX_LENGTH = 100;
export const PAYOUT_ACCOUNT_MAX_LENGTH = 200;

/* ------------------------------------------------------------------------------------- mobile */

/**
 * A mobile number: exactly 10 digits (spec 1 §5), the first not 0. The spec's API carries the
 * member's number as a JSON number, where a leading 0 cannot survive, so one rule serves both.
 */
export const MOBILE_NUMBER = /^[1-9][0-9]{9}$/;
/** The same rule for an input's `pattern` attribute (which the browser anchors itself). */
export const MOBILE_NUMBER_PATTERN = "[1-9][0-9]{9}";
export const MOBILE_NUMBER_LENGTH = 10;

export const isMobileNumber = (value: string): boolean => MOBILE_NUMBER.test(value);

/** A mobile number input's native attributes: the browser keeps the rule before (and without) scripts. */
export const MOBILE_NUMBER_INPUT = {
  inputMode: "numeric",
  pattern: MOBILE_NUMBER_PATTERN,
  maxLength: MOBILE_NUMBER_LENGTH,
  title: FIELD_MESSAGES.mobile,
  autoComplete: "tel-national",
} as const;

/** A mobile number typed as text (forms, the contact API). */
export const mobileNumberText = () =>
  z
    .string({ required_error: FIELD_MESSAGES.mobile, invalid_type_error: FIELD_MESSAGES.mobile })
    .trim()
    .regex(MOBILE_NUMBER, FIELD_MESSAGES.mobile);

/** A mobile number sent as a JSON number (the spec's sign-up body). */
export const mobileNumberJson = () =>
  z
    .number({ required_error: FIELD_MESSAGES.mobile, invalid_type_error: FIELD_MESSAGES.mobile })
    .int(FIELD_MESSAGES.mobile)
    .refine((n) => isMobileNumber(String(n)), FIELD_MESSAGES.mobile);

/** A mobile number sent either way (the profile body: the spec's client sends a number, a form text); gives the number. */
export const mobileNumberAny = () =>
  z.unknown().transform((v, ctx) => {
    const digits =
      typeof v === "number"
        ? Number.isSafeInteger(v)
          ? String(v)
          : ""
        : typeof v === "string"
          ? v.trim()
          : "";
    if (!isMobileNumber(digits)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: FIELD_MESSAGES.mobile });
      return z.NEVER;
    }
    return Number(digits);
  });

/* -------------------------------------------------------------------------------------- e-mail */

/**
 * Removes the dots of an e-mail's local part (or of a username) and surrounding spaces; case is
 * kept. Spec 1 §5: this form (lower-cased) is the identity that logs in and refuses duplicates.
 */
export function stripIdentifierDots(raw: string): string {
  const v = raw.trim();
  const at = v.indexOf("@");
  if (at < 0) return v.replace(/\./g, "");
  return v.slice(0, at).replace(/\./g, "") + v.slice(at);
}

/** The identity of an e-mail address or a username: dots of the local part removed, lower case. */
export const normalizeIdentifier = (raw: string): string => stripIdentifierDots(raw).toLowerCase();

/** An e-mail address, trimmed; `missing` is said for an absent or empty one. */
export const emailField = (missing: string = FIELD_MESSAGES.emailMissing) =>
  z
    .string({ required_error: missing, invalid_type_error: FIELD_MESSAGES.email })
    .trim()
    .min(1, missing)
    .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.email)
    .email(FIELD_MESSAGES.email);

/** The login identifier: an e-mail address or a username, trimmed. */
export const identifierField = (messages: { missing: string; tooLong: string }) =>
  z
    .string({ required_error: messages.missing, invalid_type_error: messages.missing })
    .trim()
    .min(1, messages.missing)
    .max(EMAIL_MAX_LENGTH, messages.tooLong);

/* ------------------------------------------------------------------------------------ password */

/** A password being chosen (sign-up, reset, change): 8 to 128 characters, kept as typed. */
export const newPasswordField = (messages: { missing?: string; notText?: string } = {}) =>
  z
    .string({
      required_error: messages.missing ?? FIELD_MESSAGES.passwordTooShort,
      invalid_type_error: messages.notText ?? messages.missing ?? FIELD_MESSAGES.passwordTooShort,
    })
    .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

/** The repeat of a chosen password: whether it matches is the form's check. */
export const confirmPasswordField = (missing: string = FIELD_MESSAGES.confirmPasswordMissing) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

/** A password typed to prove who one is (login, the current password); `tooLong` never reveals a rule. */
export const typedPasswordField = (messages: { missing: string; tooLong: string; notText?: string }) =>
  z
    .string({ required_error: messages.missing, invalid_type_error: messages.notText ?? messages.missing })
    .min(1, messages.missing)
    .max(TYPED_PASSWORD_MAX_LENGTH, messages.tooLong);

/* ------------------------------------------------------------------------- name and address */

/** Required text, trimmed, with its own words for missing (or blank), too long and not text. */
export const requiredText = (max: number, messages: { missing: string; tooLong: string; notText?: string }) =>
  z
    .string({ required_error: messages.missing, invalid_type_error: messages.notText ?? messages.missing })
    .trim()
    .min(1, messages.missing)
    .max(max, messages.tooLong);

/** A field named by its label: 'City is required.', 'City must be at most 100 characters.', 'City must be text.' */
export const labelledText = (label: string, max: number) =>
  requiredText(max, {
    missing: `${label} is required.`,
    tooLong: `${label} must be at most ${max} characters.`,
    notText: `${label} must be text.`,
  });

/** A person's name as the sign-up and contact forms ask for it. */
export const personName = () =>
  requiredText(NAME_MAX_LENGTH, { missing: FIELD_MESSAGES.nameMissing, tooLong: FIELD_MESSAGES.nameTooLong });

/**
 * An Indian PIN code: 6 digits, the first not 0 (the first digit is the postal zone, 1 to 9).
 * The spec names the field zip_code and gives no rule; the site serves members in India.
 */
export const PIN_CODE = /^[1-9][0-9]{5}$/;
/** The same rule for an input's `pattern` attribute. */
export const PIN_CODE_PATTERN = "[1-9][0-9]{5}";
export const PIN_CODE_LENGTH = 6;

export const isPinCode = (value: string): boolean => PIN_CODE.test(value);

/** A zip code input's native attributes. */
export const PIN_CODE_INPUT = {
  inputMode: "numeric",
  pattern: PIN_CODE_PATTERN,
  maxLength: PIN_CODE_LENGTH,
  title: FIELD_MESSAGES.pinCode,
  autoComplete: "postal-code",
} as const;

export const pinCodeField = () =>
  z
    .string({ required_error: "PIN code is required.", invalid_type_error: "PIN code must be text." })
    .trim()
    .min(1, "PIN code is required.")
    .max(PIN_CODE_LENGTH, FIELD_MESSAGES.pinCode)
    .regex(PIN_CODE, FIELD_MESSAGES.pinCode);

/**
 * The profile's address and billing fields (spec 1 §5: all required), the same for the page's
 * billing form and the API's body. The mobile number differs in form (text or number) and stays
 * with each tier; the payout details have their own form (shared/payoutAccount.ts), so changing
 * a UPI id never asks for an address (issue 45 §2).
 */
export const BILLING_FIELDS = {
  name: labelledText("Name", NAME_MAX_LENGTH),
  address: labelledText("Address", ADDRESS_MAX_LENGTH),
  city: labelledText("City", PLACE_MAX_LENGTH),
  state: labelledText("State", PLACE_MAX_LENGTH),
  zip_code: pinCodeField(),
} as const;

/** The spec's whole profile body: the billing fields and the payout text. */
export const PROFILE_FIELDS = {
  ...BILLING_FIELDS,
  withdrawal_account_information: labelledText("Withdrawal account information", PAYOUT_ACCOUNT_MAX_LENGTH),
} as const;

/* ------------------------------------------------------------------------------------- contact */

const contactText = (missing: string, max: number) =>
  requiredText(max, { missing, tooLong: `Please keep it under ${max} characters.` });

/** The contact form's text fields (spec 1 §5: all required), the same for the page and the API. */
export const CONTACT_FIELDS = {
  name: personName(),
  email_address: emailField(),
  mobile_number: mobileNumberText(),
  subject: contactText("Please enter a subject.", 200),
  message: contactText("Please enter your message.", 5000),
} as const;

/** A whole number from `min` to `max`; anything else (a fraction, text, out of range) gets `message`. */
export const wholeNumberIn = (bounds: { min: number; max: number }, message: string, missing = message) =>
  z
    .number({ required_error: missing, invalid_type_error: message })
    .int(message)
    .min(bounds.min, message)
    .max(bounds.max, message);
