/**
 * An erased member (issue 44 §2, ADR 0033) keeps their id (the pseudonymous id the books use) and
 * a user name `erased-<16 hex>`, which no sign-up can make (user names are letters, digits and
 * underscores). Wherever operators would see a member's name they see "erased member" instead.
 */
export const ERASED_USER_NAME = /^erased-[0-9a-f]{16}$/;

export const isErasedUserName = (userName: string | null | undefined): boolean =>
  typeof userName === "string" && ERASED_USER_NAME.test(userName);

/** The console's words for an erased member (the console is in English). */
export const ERASED_MEMBER = "erased member";

/** The name the console shows for a member: theirs, or "erased member". */
export const shownMemberName = (userName: string): string =>
  isErasedUserName(userName) ? ERASED_MEMBER : userName;
