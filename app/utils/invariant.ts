/**
 * A loader's or an action's precondition: when it fails, the route answers with a thrown
 * Response (the error boundary shows it by its status), never a raw error. `status` is 400 unless
 * said otherwise.
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: number | ResponseInit = 400,
): asserts condition {
  if (condition) return;
  throw new Response(message, typeof init === "number" ? { status: init } : init);
}

/** The answer to a request no form of the page sends (an unknown intent, a malformed id). */
export const INVALID_REQUEST = "Invalid Request";
