import type { ProviderStatus } from "../../shared/contracts/payouts";
import type { PayoutDestination } from "./destination";

/**
 * What the site needs of a payout provider (RazorpayX today: razorpayx.ts). A second provider
 * implements the same: make (once) the member's fund account, create a payout under an
 * idempotency key, fetch one, and read and verify its webhooks.
 */

/** A payout as the provider reports it. */
export interface ProviderPayout {
  id: string;
  status: ProviderStatus;
  utr: string | null;
  failureReason: string | null;
  referenceId: string | null;
  amountPaise: number | null;
}

/** A webhook read: the event's id and name and the payout it carries. */
export interface ProviderWebhook {
  eventId: string | null;
  event: string;
  payout: ProviderPayout;
}

/**
 * The provider did not answer (timeout, connection refused, 5xx, 429): nothing is known of the
 * request's effect. The caller keeps the attempt and asks again later with the same key.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

/** The provider refused the request (4xx): its description, e.g. an invalid VPA. */
export class ProviderRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "ProviderRefusedError";
  }
}

export interface PayoutProvider {
  /** The channel name kept with each attempt ("razorpayx"). */
  readonly channel: "razorpayx";
  /** Makes the member's contact and fund account for a destination (the caller keeps them). */
  createFundAccount(input: {
    userId: string;
    name: string;
    email: string;
    destination: PayoutDestination;
  }): Promise<{ contactId: string; fundAccountId: string }>;
  /** Creates a payout; the same idempotency key and body answer the same payout. */
  createPayout(input: {
    idempotencyKey: string;
    fundAccountId: string;
    amountPaise: number;
    mode: string;
    referenceId: string;
    narration: string;
  }): Promise<ProviderPayout>;
  fetchPayout(providerPayoutId: string): Promise<ProviderPayout>;
  /** Whether a webhook's raw body carries the provider's signature (in constant time). */
  verifyWebhook(rawBody: string, header: (name: string) => string | undefined): boolean;
  /** The webhook's payout, or null when the body is not a payout event. */
  parseWebhook(rawBody: string, header: (name: string) => string | undefined): ProviderWebhook | null;
}
