/**
 * The spec's one-account-per-device rules (spec 1 §5). They run in the browser only, before a
 * form is sent: they are a convenience, the server enforces what protects money.
 *
 * Storage keys: 'user' holds the remembered account e-mail, 'userAlreadyRegistered' marks the
 * device as having an account.
 */
import type { TFunction } from "i18next";
import { normalizeIdentifier } from "../../shared/fields";

export const STORED_USER_KEY = "user";
export const STORED_REGISTERED_KEY = "userAlreadyRegistered";

/** The spec's dot-stripped form, case-insensitive: what the API compares too. */
const comparable = normalizeIdentifier;

/** True when the typed identifier names the stored account: its full e-mail or the part before the @. */
export function identifierMatchesAccount(storedEmail: string, typed: string): boolean {
  const account = comparable(storedEmail);
  const id = comparable(typed);
  if (!account || !id) return false;
  const local = account.split("@")[0] ?? account;
  return id === account || id === local;
}

/**
 * The login rule: a device that remembers an account may only log in to that account. The refusal
 * is in the page's language with its `t` (pub.login.accountSwitching); the English without one.
 */
export function loginSwitchError(
  storedEmail: string | null | undefined,
  typed: string,
  t?: TFunction,
): string | null {
  if (!storedEmail) return null;
  if (identifierMatchesAccount(storedEmail, typed)) return null;
  if (t) return t("pub.login.accountSwitching", { email: storedEmail });
  return `Account switching is restricted. Please log in with ${storedEmail}.`;
}

/**
 * The sign-up rule: a device that remembers an account may only sign up with that same e-mail
 * (pub.signup.multipleAccounts with the page's `t`; the English without one).
 */
export function signupAccountError(
  storedEmail: string | null | undefined,
  typedEmail: string,
  t?: TFunction,
): string | null {
  if (!storedEmail) return null;
  if (comparable(typedEmail) === comparable(storedEmail)) return null;
  if (t) return t("pub.signup.multipleAccounts");
  return "Multiple accounts from the same IP address are not allowed.";
}

/* Storage access: private modes and old browsers may refuse localStorage, which must not break a form. */

export function readRememberedAccount(): string | null {
  try {
    return window.localStorage.getItem(STORED_USER_KEY) || null;
  } catch {
    return null;
  }
}

export function rememberAccount(email: string): void {
  try {
    window.localStorage.setItem(STORED_USER_KEY, email);
    window.localStorage.setItem(STORED_REGISTERED_KEY, "true");
  } catch {
    // storage unavailable: the rule simply does not apply on this device
  }
}

export function forgetAccount(): void {
  try {
    window.localStorage.removeItem(STORED_USER_KEY);
    window.localStorage.removeItem(STORED_REGISTERED_KEY);
  } catch {
    // storage unavailable
  }
}
