import type { Endpoint } from "./endpoint";
import type { AgeCheck, OptionalPurpose, PrivacyPurpose } from "../privacyNotice";

/** One purpose of the privacy notice as the member's latest consent row has it (issue 44 §1). */
export interface ConsentPurposeState {
  purpose: PrivacyPurpose;
  /** Needed to run the account: withdrawn only by closing it. */
  required: boolean;
  granted: boolean;
  /** When the latest choice was made (ISO), and under which notice; null when never asked. */
  since: string | null;
  notice_version: number | null;
}

/** The member's privacy state: the notice in force, what is due at their next visit, each purpose. */
export interface PrivacyState {
  notice_version: number;
  /** The member has not accepted this version of the notice (or any). */
  notice_due: boolean;
  /** The member has given no age answer yet. */
  age_due: boolean;
  /** What the age answer is (the owner's setting). */
  age_check: AgeCheck;
  purposes: ConsentPurposeState[];
}

/** Settings: give or withdraw an optional purpose (JSON body). */
export interface ConsentChangeBody {
  purpose: OptionalPurpose;
  granted: boolean;
}

/**
 * The step at the next visit (JSON body): the notice's version it showed (always; accepted when due), the optional
 * purposes chosen, and the age answer the owner's check asks (when due).
 */
export interface PrivacyAcceptBody {
  privacy_notice_version: number;
  marketing_mails?: boolean;
  date_of_birth?: string;
  adult_declaration?: boolean;
}

/** The owner's privacy settings (issue 44 §3). */
export interface PrivacySettings {
  age_check: AgeCheck;
}

/** What sign-up shows and asks: the notice's version and the owner's age check. */
export interface PrivacyNoticeInfo {
  notice_version: number;
  age_check: AgeCheck;
}

export interface PrivacyEndpoints {
  "/userRoute/privacy_notice": Endpoint<PrivacyNoticeInfo>;
  "/userRoute/privacy_get": Endpoint<PrivacyState>;
  "/userRoute/privacy_consent_patch": Endpoint<string, ConsentChangeBody>;
  "/userRoute/privacy_accept": Endpoint<string, PrivacyAcceptBody>;
  "/adminRoute/privacy/settings": Endpoint<PrivacySettings, PrivacySettings, string>;
}
