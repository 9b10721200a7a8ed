import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { callApi, memberApi } from "../../app/utils/api.server";

/** A web tier whose API is unreachable (a split deployment with the API down). */
const context = {
  apiFetch: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.2:3000")),
  objSecret: "unit-obj-secret",
  internalToken: "unit-internal-token",
  clientIp: "127.0.0.1",
} as unknown as AppLoadContext;

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("the web tier's API calls", () => {
  it("turn an unreachable API into a 502 answer for the error boundary, never a raw error", async () => {
    const request = new Request("http://localhost:3000/member/withdraw", { headers: { cookie: "sid=x" } });
    for (const call of [
      callApi(request, context, "/userRoute/userDataGet_dashboard"),
      memberApi(request, context, "/userAmount/userWithdrawal_record_post", { obj: { balance: 1 } }),
    ]) {
      const e = await thrown(call);
      expect(e).toBeInstanceOf(Response);
      expect((e as Response).status).toBe(502);
      expect(await (e as Response).text()).toBe("Something went wrong, please try again.");
    }
  });
});
