/**
 * What the View Ads page and the ad tabs it opens share (spec 2 §4): the channel names, the
 * messages, the `target||seconds` link form and the sounds.
 */
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPES,
  CAMPAIGN_TYPE_LABELS,
  isCampaignType,
  type CampaignType,
} from "../../shared/campaign";

export type AdType = CampaignType;

export const AD_TYPES: ReadonlyArray<{ value: AdType; label: string }> = CAMPAIGN_TYPES.map((value) => ({
  value,
  label: CAMPAIGN_TYPE_LABELS[value],
}));

export const isAdType = isCampaignType;

/** Each ad type's tab reports on its own channel; the View Ads windows tell each other about clicks. */
export const AD_CHANNEL: Record<AdType, string> = {
  window: "window_PTCAds_channel",
  iframe: "iframe_PTCAds_channel",
  youtube: "youtube_PTCAds_channel",
};
export const CLICK_CHANNEL = "PTCAds_click_channel";

/** A tab's report: success, or an abort (closed, reloaded or hidden before the end). */
export interface AdTabMessage {
  isSuccess?: boolean;
  isAbortFromIframePage?: boolean;
  isAbortFromWaitPage?: boolean;
  /** The view the report is about, so only the window that started it acts on it. */
  viewToken?: string;
}

export interface ClickMessage {
  locked: boolean;
}

/** Sends one message on a broadcast channel (and to the opener, when it is this site's page). */
export function tellOpener(type: AdType, message: AdTabMessage): void {
  try {
    const ch = new BroadcastChannel(AD_CHANNEL[type]);
    ch.postMessage(message);
    ch.close();
  } catch {
    /* no BroadcastChannel: the opener message below still reaches the page */
  }
  try {
    window.opener?.postMessage({ channel: AD_CHANNEL[type], ...message }, window.location.origin);
  } catch {
    /* the opener is gone or another site */
  }
}

/** Splits the iframe and YouTube pages' `target||seconds` link. */
export function splitAdLink(link: string): { target: string; seconds: number | null } {
  const at = link.lastIndexOf("||");
  if (at < 0) return { target: link, seconds: null };
  const seconds = Number(link.slice(at + 2));
  return { target: link.slice(0, at), seconds: Number.isInteger(seconds) && seconds > 0 ? seconds : null };
}

/** The English fallback of a failed view; the pages show `earn.ptc.operationFailed` in the page's language. */
export const FAILED = CAMPAIGN_MESSAGES.operationFailed;
