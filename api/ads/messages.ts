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

/**
 * What a refused view start or claim tells the member (issue 45 §2): what went wrong and what to
 * do, one text per refusal reason of api/ads/refusals.ts. The View Ads page shows it under the
 * spec's "Operation failed. Please try again."; the view itself stays open to try again.
 */
export const AD_REFUSAL_MESSAGES = {
  tooEarly:
    "The ad's timer has not ended yet. Keep the ad open until the timer ends, then come back to this tab.",
  expired:
    "This ad view has ended: it was started again, or not claimed within 30 minutes of its timer. Press View Ad to start again.",
  alreadyPaid:
    "This ad view has already been paid. Choose another ad, or view this one again when it is listed.",
  notYours:
    "This ad link does not match an ad view you started. Press View Ad on the PTC Ads page to start again.",
  interval: "You viewed this ad recently. It is listed again once its waiting time has passed.",
  dailyLimit: "This ad has had all its views for today. Please choose another ad or try again tomorrow.",
  unavailable: "This ad is no longer available. Please choose another ad.",
  ownAd: "This is your own ad: you cannot earn from viewing it.",
} as const;
