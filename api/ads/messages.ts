import { CAMPAIGN_MESSAGES } from "../../shared/campaign";

/** The ads' messages: the wizard's (shared/campaign.ts) and the API's own, word for word. */
export const PTC_MESSAGES = {
  ...CAMPAIGN_MESSAGES,
  notFound: "Campaign not found.",
  cannotActivate: "This campaign cannot be activated.",
  cannotPause: "This campaign cannot be paused.",
  viewNotFound: "View not found.",
  settingsSaved: "Ad settings saved.",
  paused: CAMPAIGN_MESSAGES.paused,
  rejected: "Campaign rejected and refunded.",
} as const;
