import type { DomainErrorCode } from "../../shared/errors";

/** A domain rule's refusal: a code for the machines (shared/errors.ts), a message for the member. */
export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    /** Extra answer fields the contract defines (e.g. `bind_payment`, `time_left`). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/**
 * A service outside the site that the request needed (a shortener) failed or did not answer:
 * `unavailable`, answered 502 (a bad gateway) rather than the 503 of our own services.
 */
export class UpstreamError extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
    this.name = "UpstreamError";
  }
}
