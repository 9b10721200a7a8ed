import type { PendingOfferWallCredit } from "./taskWalls";
import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { Locale } from "../i18n/locale";

/**
 * Accounts on the wire (spec 1 §2–§8, docs/api: /userRoute): sign-up, login (with the operators'
 * second factor), password reset, e-mail verification, Google sign-in, the dashboard, refer and
 * earn, profile and settings. Amounts are rupee strings (3 decimals), times ISO strings; the
 * state-changing calls answer with the message the page shows.
 */

// ---------------------------------------------------------------------------------------------
// Bodies the pages send

/** What the login and sign-up forms put into the API body as `human_check`. */
export interface HumanCheckAnswer {
  altcha?: string;
  image_token?: string;
  image_answer?: string;
}

/** The login form (`{obj}`). */
export interface LoginBody {
  email_userName: string;
  password: string;
  loginRemember_state: boolean;
  human_check?: HumanCheckAnswer;
}

/** The operator's second step: the ticket from the login answer and the authenticator code (`{obj}`). */
export interface SecondFactorBody {
  ticket: string;
  code: string;
  loginRemember_state: boolean;
}

/** The sign-up form (`{obj}`). */
export interface SignUpBody {
  name: string;
  mobile_number: number;
  email_address: string;
  password: string;
  refer_by?: string;
  human_check?: HumanCheckAnswer;
  /**
   * Issue 44: the version of the privacy notice shown and accepted (required: a sign-up without
   * it, or with an older one, is refused), the optional marketing mails, and the age answer the
   * owner's check asks: the date of birth ("YYYY-MM-DD") or the declaration of being 18 or older.
   */
  privacy_notice_version?: number;
  marketing_mails?: boolean;
  date_of_birth?: string;
  adult_declaration?: boolean;
}

/** Forgot password: where to send the reset link (`{obj}`). */
export interface ForgotPasswordBody {
  email_address: string;
}

/** The reset form: the new password and the link's token (`{obj}`). */
export interface ResetPasswordBody {
  password: string;
  token: string;
}

/** The profile form, with the current password when the payout details change (`{obj}`). */
export interface ProfileBody {
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  mobile_number: string | number;
  /** With withdrawal_account_information, or both left out to keep the payout details (issue 45). */
  withdrawal_method?: string;
  withdrawal_account_information?: string;
  current_password?: string;
}

/** The settings page's e-mail form (`{obj}`). */
export interface EmailChangeBody {
  email_address: string;
  currentPassword_state?: string;
}

/** The settings page's password form (`{obj}`). */
export interface PasswordChangeBody {
  currentPassword_state: string;
  newPassword_state: string;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Google sign-in's first step: where to send the browser. */
export interface GoogleAuthorization {
  authorization_url: string;
}

/** The session member's e-mail and withdrawable balance (userpassword_and_email_get). */
export interface AccountSummary {
  email_address: string;
  available_balance: string;
  /** Issue 44: a new privacy notice to accept or an age answer to give at this visit (/member/consent). */
  privacy_due?: boolean;
  /** Issue 45: the session is an operator's, past the authenticator code (the menu links to the console). */
  operator?: boolean;
}

/** A dashboard tile's earning source, in the spec's order of keys. */
export type EarningSource = "ptc_ads" | "click_short_link" | "offerWall" | "referral_income" | "bettingGames";

/** One month of the dashboard: the income of each source. */
export interface DashboardMonth {
  monthKey: string;
  monthName: string;
  earningSources: Record<EarningSource, { income: string }>;
}

/** One IST day of the dashboard: own earnings, referral earnings and their sum. */
export interface DashboardDay {
  monthKey: string;
  monthName: string;
  date: string;
  self_earnings: string;
  referral_earnings: string;
  Total_earnings: string;
}

/** A site announcement as the dashboard shows it (HTML sanitised by the API). */
export interface Announcement {
  announcementTime: string;
  announcementMessage: string;
}

/** The dashboard (userDataGet_dashboard): balance, months, days and announcements. */
export interface DashboardData {
  userEmail: string;
  userName: string;
  userAvailableBalance: string;
  user_month_records: DashboardMonth[];
  user_date_records: DashboardDay[];
  other_data_announcementsArray: Announcement[];
  /** Task-wall credits on hold, not yet withdrawable (rupee string; issue 21 §3). */
  pending_offerWall?: string;
  /** The first 5 task-wall credits on hold, the earliest to end first. */
  pending_offerWall_credits?: PendingOfferWallCredit[];
}

/** One referee on the refer-and-earn page, with the referral income they produced so far. */
export interface Referee {
  userName: string;
  income: string;
  date: string;
}

/** The refer-and-earn page (userReferral_record_get). */
export interface ReferralData {
  userName: string;
  available_balance: string;
  referral_data: Referee[];
  other_data_referralRate: { referralRate: string; referralPageText: string };
  pagination: Pagination;
}

/** A payout method a member may bind on the profile page. */
export interface PayoutMethodChoice {
  withdrawalMethod_name: string;
  /** The name in the reader's language (issue 45): what the page shows; the name is what the form sends. */
  withdrawalMethod_label?: string;
  /** The method's hint in the reader's language. */
  withdrawalMethod_details: string;
  withdrawalMethod_minimumAmount: string;
}

/** The profile page (userProfileData_get): the member's details, bound payout method and the choices. */
export interface ProfileData {
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  mobile_number: number | null;
  withdrawal_method: string | null;
  withdrawal_account_information: string;
  available_balance: string;
  other_data_withdrawalMethodArray: PayoutMethodChoice[];
  /** The bound bank account in its own fields (issue 45 §2), the number masked; null when none is bound. */
  bank_account: BankAccountView | null;
  /** A bank method bound with free text that reads as no account number, IFSC and name: to be re-entered. */
  bank_account_reentry: boolean;
}

/** A bank account as the profile shows it: the number masked (••••1234), the bank named from the IFSC when known. */
export interface BankAccountView {
  account_number_masked: string;
  ifsc: string;
  holder: string;
  bank_name: string | null;
}

/** The profile's payout form (`{obj}`, PATCH userPayoutData_patch): only what the method's kind needs. */
export interface PayoutBody {
  withdrawal_method: string;
  /** A UPI method's UPI id (or withdrawal_account_information). */
  upi_id?: string;
  /** Any other method's details (a Paytm number…). */
  withdrawal_account_information?: string;
  bank_account_number?: string;
  bank_account_number_confirm?: string;
  bank_ifsc?: string;
  bank_account_holder?: string;
  current_password?: string;
}

/** The bank of an IFSC, from the packaged list (GET userIfsc_get?ifsc=). */
export interface IfscLookup {
  ifsc: string;
  /** Null when the list does not know the bank (the code may still be right). */
  bank_name: string | null;
}

/**
 * What the operators' restrictions mean for the signed-in member (`/userRoute/userRestrictions_get`),
 * in plain words for the pages' notices: withdrawals held (requests are still accepted and stay
 * Pending), earning suspended (claims, offer credits and game joins are refused).
 */
export interface MemberRestrictions {
  withdrawalsHeld: boolean;
  earningSuspended: boolean;
  /** The notice for the withdraw page, when held. */
  withdrawalsHeldMessage: string | null;
  /** The notice for the earning pages (and the refusal's message), when suspended. */
  earningSuspendedMessage: string | null;
}

export interface AccountEndpoints {
  "/userRoute/signUp": Endpoint<string, SignUpBody>;
  "/userRoute/login": Endpoint<string, LoginBody>;
  "/userRoute/login_second_factor": Endpoint<string, SecondFactorBody>;
  "/userRoute/logout": Endpoint<string>;
  "/userRoute/userLoginforgot_password_send_mail": Endpoint<string, ForgotPasswordBody>;
  "/userRoute/verify_reset_token": Endpoint<string>;
  "/userRoute/reset_password_form_post": Endpoint<string, ResetPasswordBody>;
  "/userRoute/verify_email_token": Endpoint<string>;
  "/userRoute/verify_reset_email_token": Endpoint<string>;
  /** Step one answers where to go; step two (with the code) signs in. */
  "/userRoute/user_signUp_login_google": Endpoint<GoogleAuthorization | string>;
  "/userRoute/userDataGet_dashboard": Endpoint<DashboardData>;
  "/userRoute/userRestrictions_get": Endpoint<MemberRestrictions>;
  "/userRoute/userReferral_record_get": Endpoint<ReferralData>;
  "/userRoute/userProfileData_get": Endpoint<ProfileData>;
  "/userRoute/userProfileData_patch": Endpoint<string, ProfileBody>;
  /** The payout details alone (issue 45 §2): no address asked. */
  "/userRoute/userPayoutData_patch": Endpoint<string, PayoutBody>;
  "/userRoute/userIfsc_get": Endpoint<IfscLookup>;
  "/userRoute/userpassword_and_email_get": Endpoint<AccountSummary>;
  /** The member's language for pages and mails (issue 23). */
  "/userRoute/userLanguage_patch": Endpoint<string, { language: Locale }>;
  "/userRoute/userpassword_and_email_patch": Endpoint<string, EmailChangeBody | PasswordChangeBody>;
}
