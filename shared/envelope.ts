import type { DomainErrorCode } from "./errors";

/** The API's response envelope (docs/api.md), as its clients read it. */
export interface ApiBody<T = unknown> {
  success: boolean;
  msg?: T;
  error_msg?: unknown;
  /** Why the request was refused (shared/errors.ts); pages decide by it, not by error_msg. */
  error_code?: DomainErrorCode;
  time_left?: number;
  jwtMiddleware_error?: boolean;
  jwtMiddleware_token_not_found_error?: boolean;
  jwtMiddleware_user_not_found_error?: boolean;
  [key: string]: unknown;
}
