import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { DomainError } from "../../api/lib/errors";
import { DOMAIN_ERROR_CODES } from "../../shared/errors";
import { ApiError, STATUS_BY_CODE, codeForStatus, refusal } from "../../api/http";

/** A one-route app answering with the envelope for whatever the handler throws. */
function answerTo(thrown: unknown) {
  const app = new Hono();
  app.get("/", () => {
    throw thrown;
  });
  app.onError((err, c) => refusal(c, err) ?? c.json({ unexpected: true }, 500));
  return app.request("/");
}

describe("domain errors at the HTTP boundary", () => {
  it("maps every code to a client or server status", () => {
    for (const code of DOMAIN_ERROR_CODES) {
      expect(STATUS_BY_CODE[code], code).toBeGreaterThanOrEqual(400);
    }
    expect(STATUS_BY_CODE).toMatchObject({
      invalid_input: 400,
      insufficient_balance: 400,
      bind_payment: 400,
      invalid_amount: 400,
      invalid_credentials: 401,
      forbidden: 403,
      not_found: 404,
      already_claimed: 409,
      already_settled: 409,
      gift_code_expired: 410,
      rate_limited: 429,
      too_soon: 429,
      unavailable: 503,
    });
  });

  it("answers a DomainError with its status, message, code and extra fields", async () => {
    const res = await answerTo(
      new DomainError("bind_payment", "Please bind your payment information.", { bind_payment: true }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error_msg: "Please bind your payment information.",
      error_code: "bind_payment",
      bind_payment: true,
    });
    const limited = await answerTo(
      new DomainError("rate_limited", "Too many attempts.", { retry_after_ms: 5 }),
    );
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error_code: "rate_limited", retry_after_ms: 5 });
  });

  it("gives HTTP-level refusals a code from their status", async () => {
    const res = await answerTo(new ApiError(400, "Invalid request body."));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error_msg: "Invalid request body.",
      error_code: "invalid_input",
    });
    expect(codeForStatus(404)).toBe("not_found");
    expect(codeForStatus(502)).toBe("unavailable");
    expect(codeForStatus(500)).toBe("server_error");
  });

  it("leaves anything else to the server's 500 answer", async () => {
    const res = await answerTo(new Error("bug"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ unexpected: true });
  });
});
