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
