import { PRIVACY_NOTICE_VERSION } from "../../shared/privacyNotice";

/**
 * What every sign-up through the API now sends (issue 44): the privacy notice's version accepted
 * and an adult's date of birth (the default age check). Spread into a sign-up body.
 */
export const SIGN_UP_PRIVACY = {
  privacy_notice_version: PRIVACY_NOTICE_VERSION,
  date_of_birth: "1990-01-15",
} as const;
