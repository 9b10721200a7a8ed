import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens, payoutMethods, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { hashToken, newToken } from "../lib/ids";
import { escapeHtml, type Mailer } from "../site/mailer";
import { mailWords } from "../lib/mailWords";
import { milliToRupeeString } from "../../shared/money";
import type { Locale } from "../../shared/i18n/locale";
import { FIELD_MESSAGES, PASSWORD_MIN_LENGTH } from "../../shared/fields";
import { emailKey, hashPassword, normalizeEmail, verifyPassword } from "./accounts";
import { memberBalances } from "../ledger/ledger";
import { MailDeliveryError, sendNotice } from "./passwordReset";
import { activePayoutMethods } from "../withdrawals/payoutMethods";
import { revokeOtherSessions } from "../sessions/sessions";
import { getSetting } from "../site/settings";
import { recordPayoutAccount } from "../risk/policy";
import type { AccountSummary, ProfileData } from "../../shared/contracts/accounts";
import { log } from "../../shared/log.server";
import { logCorrections } from "../members/corrections";
import { bankAccountView } from "./bankAccountView";
import { pick } from "../content/localized";

export const PROFILE_MESSAGES = {
  saved: "Profile Updated Successfully!",
  unknownMethod: "Please choose a withdrawal method from the list.",
  passwordChanged: "Password changed successfully.",
  wrongPassword: "Current password is incorrect.",
  shortPassword: FIELD_MESSAGES.passwordTooShort,
  samePassword: "New password must differ from the current password.",
  emailSent: "A verification link has been sent to your new email address.",
  emailInUse: "The new email is already in use. Please choose a different email.",
  emailWait: "Already Email update reset registered",
  mailFailed: "We could not send the e-mail right now. Please try again later.",
  emailNeedsPassword: "Please enter your current password to change your e-mail address.",
  payoutNeedsPassword: "Please enter your current password to change your payout details.",
  noPassword:
    "Your account has no password yet. Set one with I Forgot My Password on the login page, then try again.",
} as const;

export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

export async function profileData(db: Db, userId: string, locale: Locale = "en"): Promise<ProfileData> {
  const [u] = await db
    .select({ user: users, methodName: payoutMethods.name })
    .from(users)
    .leftJoin(payoutMethods, eq(payoutMethods.id, users.payoutMethodId))
    .where(eq(users.id, userId));
  const { withdrawable } = await memberBalances(db, userId);
  const methods = await activePayoutMethods(db);
  return {
    name: u?.user.name ?? "",
    address: u?.user.address ?? "",
    city: u?.user.city ?? "",
    state: u?.user.state ?? "",
    zip_code: u?.user.zipCode ?? "",
    mobile_number: u?.user.mobileNumber ?? null,
    withdrawal_method: u?.methodName ?? null,
    withdrawal_account_information: u?.user.payoutAccountInfo ?? "",
    available_balance: milliToRupeeString(withdrawable),
    other_data_withdrawalMethodArray: methods.map((m) => ({
      withdrawalMethod_name: m.name,
      // The name stays the method's key (the form sends it back); the label and hint are the reader's (issue 45).
      withdrawalMethod_label: pick(locale, m.name, m.nameHi),
      withdrawalMethod_details: pick(locale, m.details, m.detailsHi),
      withdrawalMethod_minimumAmount: milliToRupeeString(m.minimumAmount),
    })),
    ...bankAccountView(
      u?.methodName ?? null,
      u?.user.payoutAccountInfo ?? null,
      u?.user.payoutBank,
      u?.user.name ?? "",
    ),
  };
}

export interface ProfileInput {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  mobileNumber: number;
  /** Both left out: the payout details stay as they are (the page's billing form, issue 45). */
  methodName?: string;
  accountInfo?: string;
}

/**
 * Checks the member's current password before a change that could hand the account or its money
 * to someone holding only a stolen session. A member without a password (Google only) is told
 * how to set one.
 */
export async function requireCurrentPassword(
  db: Db,
  userId: string,
  password: string | undefined,
  missingMessage: string,
): Promise<{ email: string; name: string; language: string | null }> {
  const [u] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      name: users.name,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.passwordHash) throw new DomainError("invalid_input", PROFILE_MESSAGES.noPassword);
  if (!password) throw new DomainError("invalid_input", missingMessage);
  if (!(await verifyPassword(u.passwordHash, password)))
    throw new DomainError("wrong_password", PROFILE_MESSAGES.wrongPassword);
  return { email: u.email, name: u.name, language: u.language };
}

/**
 * Saves the profile and binds the payout method, which must be one of the active methods.
 * Changing where money is paid needs the current password; the account's address is told and
 * the member's other sessions end. A new payout account is recorded for the risk links (the
 * same account on another member is a shared_payout signal); a failure there is logged, the
 * profile is saved either way.
 */
export async function updateProfile(
  db: Db,
  mailer: Mailer,
  member: { id: string; sessionId: number },
  input: ProfileInput & { currentPassword?: string; siteName: string },
): Promise<void> {
  const { methodName, accountInfo } = input;
  const payout = methodName !== undefined && accountInfo !== undefined ? { methodName, accountInfo } : null;
  const [method] = payout
    ? await db
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(and(eq(payoutMethods.name, payout.methodName), eq(payoutMethods.active, true)))
    : [];
  if (payout && !method) throw new DomainError("payment_method", PROFILE_MESSAGES.unknownMethod);
  const [stored] = await db
    .select({ methodId: users.payoutMethodId, accountInfo: users.payoutAccountInfo })
    .from(users)
    .where(eq(users.id, member.id));
  const payoutChanged =
    !!payout && (stored?.methodId !== method?.id || stored?.accountInfo !== payout.accountInfo);
  const account = payoutChanged
    ? await requireCurrentPassword(db, member.id, input.currentPassword, PROFILE_MESSAGES.payoutNeedsPassword)
    : undefined;
  const after = {
    name: input.name,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    mobileNumber: input.mobileNumber,
    ...(payout && method ? { payoutMethodId: method.id, payoutAccountInfo: payout.accountInfo } : {}),
  };
  // The change and its correction log (fields, old and new masked) in one transaction (issue 44 §2).
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: users.name,
        address: users.address,
        city: users.city,
        state: users.state,
        zipCode: users.zipCode,
        mobileNumber: users.mobileNumber,
        payoutMethodId: users.payoutMethodId,
        payoutAccountInfo: users.payoutAccountInfo,
      })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    // Free text replaces a bank account's own fields (they are read from the text again).
    const fields = payoutChanged ? { ...after, payoutBank: null } : after;
    await tx.update(users).set(fields).where(eq(users.id, member.id));
    if (before) await logCorrections(tx, { userId: member.id, actorUserId: member.id, before, after });
  });
  if (payout && account)
    await afterPayoutChange(db, mailer, member, {
      account,
      methodName: payout.methodName,
      accountInfo: payout.accountInfo,
      siteName: input.siteName,
    });
}

/**
 * After the payout details changed: the new account is recorded for the risk links (the same
 * account on another member is a shared_payout signal; a failure there is logged, the change
 * stands), the member's other sessions end and the account's address is told.
 */
export async function afterPayoutChange(
  db: Db,
  mailer: Mailer,
  member: { id: string; sessionId: number },
  input: {
    account: { email: string; name: string; language: string | null };
    methodName: string;
    accountInfo: string;
    siteName: string;
  },
): Promise<void> {
  await recordPayoutAccount(db, {
    userId: member.id,
    methodName: input.methodName,
    accountInfo: input.accountInfo,
  }).catch((e: unknown) => {
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
    log.error(
      {
        memberId: member.id,
        cause: cause instanceof Error ? cause.message.slice(0, 200) : "unknown error",
      },
      "risk: the payout account was not recorded",
    );
  });
  await revokeOtherSessions(db, member.id, member.sessionId);
  const words = mailWords(input.account.language);
  await sendNotice(mailer, {
    to: input.account.email,
    name: input.account.name,
    words,
    subject: words.payoutChanged.subject(input.siteName),
    lines: [
      words.payoutChanged.changedTo(input.siteName, input.methodName),
      words.signedOut,
      words.payoutChanged.ifNotYou,
    ],
  });
}

/** The settings page's and the member layout's summary: both read in the session check itself. */
export function accountData(member: { email: string; withdrawable: number }): AccountSummary {
  return { email_address: member.email, available_balance: milliToRupeeString(member.withdrawable) };
}

/** Changes the password after checking the current one; every other session of the member ends. */
export async function changePassword(
  db: Db,
  member: { id: string; sessionId: number },
  input: { current: string; next: string },
): Promise<void> {
  const [u] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.id));
  if (!(await verifyPassword(u?.passwordHash ?? null, input.current)))
    throw new DomainError("wrong_password", PROFILE_MESSAGES.wrongPassword);
  if (input.next.length < PASSWORD_MIN_LENGTH)
    throw new DomainError("invalid_input", PROFILE_MESSAGES.shortPassword);
  if (input.next === input.current) throw new DomainError("invalid_input", PROFILE_MESSAGES.samePassword);
  const passwordHash = await hashPassword(input.next);
  await db.update(users).set({ passwordHash }).where(eq(users.id, member.id));
  await revokeOtherSessions(db, member.id, member.sessionId);
}

/**
 * Starts an e-mail change: a single-use link (stored hashed, valid for an hour) goes to the NEW
 * address; the change applies only when it is opened. It needs the current password; the OLD
 * address is told (so its owner can react if it was not them) and the member's other sessions
 * end. One request per wait period: the member's row is locked so two parallel requests cannot
 * both pass the wait check.
 */
export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  input: {
    member: { id: string; sessionId: number };
    email: string;
    currentPassword?: string;
    origin: string;
    siteName: string;
  },
): Promise<void> {
  const userId = input.member.id;
  const newEmail = normalizeEmail(input.email);
  const newKey = emailKey(input.email);
  const account = await requireCurrentPassword(
    db,
    userId,
    input.currentPassword,
    PROFILE_MESSAGES.emailNeedsPassword,
  );
  const wait = await getSetting(db, "email_change_wait_ms");
  const token = newToken();
  const tokenId = await db.transaction(async (tx) => {
    const [me] = await tx
      .select({ emailKey: users.emailKey })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!me || me.emailKey === newKey) throw new DomainError("email_in_use", PROFILE_MESSAGES.emailInUse);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.emailKey, newKey), ne(users.id, userId)));
    if (taken) throw new DomainError("email_in_use", PROFILE_MESSAGES.emailInUse);
    const [last] = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "email_change")))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    const now = Date.now();
    const timeLeft = last ? last.createdAt.getTime() + wait - now : 0;
    if (timeLeft > 0) throw new DomainError("too_soon", PROFILE_MESSAGES.emailWait, { time_left: timeLeft });
    // Only the newest link works.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, "email_change"),
          isNull(accountTokens.usedAt),
        ),
      );
    const [row] = await tx
      .insert(accountTokens)
      .values({
        userId,
        purpose: "email_change",
        tokenHash: hashToken(token),
        newEmail,
        createdAt: new Date(now),
        expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS),
      })
      .returning({ id: accountTokens.id });
    return row!.id;
  });
  const link = `${input.origin}/email-verification/${token}/${encodeURIComponent(newEmail)}`;
  const words = mailWords(account.language);
  try {
    await mailer.send({
      to: newEmail,
      subject: words.emailChange.subject(input.siteName),
      secrets: [token],
      text: `${words.emailChange.openWithin(newEmail, input.siteName)}\n\n${link}\n\n${words.emailChange.ignore}`,
      html: `<p>${words.emailChange.openWithin(`<b>${escapeHtml(newEmail)}</b>`, escapeHtml(input.siteName))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${words.emailChange.ignore}</p>`,
    });
  } catch (e) {
    // No mail went out: drop the token so the member is not made to wait for a link they never got.
    await db.delete(accountTokens).where(eq(accountTokens.id, tokenId));
    throw new MailDeliveryError("E-mail change mail not sent", { cause: e });
  }
  await revokeOtherSessions(db, userId, input.member.sessionId);
  await sendNotice(mailer, {
    to: account.email,
    name: account.name,
    words,
    subject: words.emailChangeRequested.subject(input.siteName),
    lines: [
      words.emailChangeRequested.requested(input.siteName, newEmail),
      words.signedOut,
      words.emailChangeRequested.ifNotYou,
    ],
  });
}

/** Stores the member's language for pages and mails (issue 23). */
export async function setMemberLanguage(db: Db, memberId: string, language: Locale): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, memberId));
}
