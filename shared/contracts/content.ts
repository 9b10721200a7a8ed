import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";

/**
 * The public site on the wire (spec 1 §1–§3): the navigation bar's login check with the data of
 * the page asking (FAQ, home sections, payment proof, policy pages), the home page's statistics
 * and the contact form. HTML fields are sanitised by the API.
 */

/** One FAQ entry (answer is HTML). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** One home page section (message is HTML). */
export interface HomeSection {
  title: string;
  message: string;
}

/** One paid withdrawal on the payment proof page. */
export interface PaymentProofRow {
  time: string;
  userName: string;
  withdrawal_method: string;
  balance: string;
}

/** The navigation-bar check (checkLogin_for_navBar): login status, plus each asked-for flag's data. */
export interface NavBarData {
  isLogin: boolean;
  /** With `faq=true`. */
  other_data_faqArray?: FaqEntry[];
  /** With `faq=true`. */
  other_data_homepage_Array?: HomeSection[];
  /** With `paymentProof=true`. */
  paymentProof_data?: PaymentProofRow[];
  /** With `paymentProof=true`. */
  paymentProof_pagination?: Pagination;
  /** With `privacy_policy=true`. */
  privacy_policy_data?: string;
  /** With `dmca=true`. */
  dmca_data?: string;
  /** With `terms_of_use=true`. */
  terms_of_use_data?: string;
}

/** The home page's statistics (userWebstatisticsGet); the withdrawn total in whole rupees. */
export interface PublicStatistics {
  users: number;
  userCompletedTask: number;
  visitorsLast30Days: number;
  totalWithdrawalAmount: number;
}

/** The contact form (public page and member support), with the consent box ticked (`{obj}`). */
export interface ContactBody {
  name: string;
  email_address: string;
  mobile_number: string;
  subject: string;
  message: string;
  consent: true;
}

export interface ContentEndpoints {
  "/checkLogin_for_navBar": Endpoint<NavBarData>;
  "/userRoute/userWebstatisticsGet": Endpoint<PublicStatistics>;
  "/userMessageRoute/userMessageSave_post": Endpoint<string, ContactBody>;
}
