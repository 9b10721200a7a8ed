import { describe, expect, it } from "vitest";
import { razorpaySignature } from "../support/razorpayx";
import {
  closeAfterEach,
  start,
  receiver,
  client,
  vpaFundAccount,
  payoutBody,
} from "../support/razorpayx-kit";

/**
 * The local RazorpayX's webhooks, limits and control endpoints over real HTTP: signed webhooks,
 * event names, the failures it makes on purpose (a stalled create, a webhook before the create's
 * answer), `auto`, 429 past its rate, /_local.
 */
closeAfterEach();

describe("local RazorpayX webhooks", () => {
  it("signs each webhook with the webhook secret, one event id across its copies", async () => {
    const hook = await receiver();
    const local = await start({ webhookUrl: hook.url });
    const call = client(local);
    const fa = await vpaFundAccount(local);
    const created = await call("POST", "/v1/payouts", payoutBody(local, fa), { "X-Payout-Idempotency": "k" });

    expect(await local.advance(created.json.id, "processed", { utr: "998877665544" })).toEqual([200]);
    const [one] = hook.received;
    expect(one?.headers["content-type"]).toBe("application/json");
    expect(one?.headers["x-razorpay-signature"]).toBe(
      razorpaySignature(one?.body ?? "", local.webhookSecret),
    );
    expect(one?.headers["x-razorpay-event-id"]).toMatch(/^evt_/);
    const event = JSON.parse(one?.body ?? "{}");
    expect(event).toMatchObject({
      entity: "event",
      account_id: "acc_local0000001",
      event: "payout.processed",
      contains: ["payout"],
      payload: { payout: { entity: { id: created.json.id, status: "processed", utr: "998877665544" } } },
    });
    expect(Number.isInteger(event.created_at)).toBe(true);

    hook.received.length = 0;
    const statuses = await local.advance(created.json.id, "reversed", {
      reason: "Beneficiary account is closed",
      copies: 5,
    });
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(hook.received).toHaveLength(5);
    expect(new Set(hook.received.map((r) => r.headers["x-razorpay-event-id"])).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(JSON.parse(hook.received[0]?.body ?? "{}").payload.payout.entity).toMatchObject({
      status: "reversed",
      failure_reason: "Beneficiary account is closed",
      status_details: {
        description: "Beneficiary account is closed",
        source: "beneficiary_bank",
        reason: "beneficiary_account_is_closed",
      },
    });

    // A provider retry resends the same event; a forged one does not verify.
    const firstId = hook.received[0]?.headers["x-razorpay-event-id"];
    hook.received.length = 0;
    await local.resend(created.json.id, 2);
    expect(hook.received.map((r) => r.headers["x-razorpay-event-id"])).toEqual([firstId, firstId]);
    hook.received.length = 0;
    await local.advance(created.json.id, "reversed", { secret: "not-the-secret" });
    expect(hook.received[0]?.headers["x-razorpay-signature"]).not.toBe(
      razorpaySignature(hook.received[0]?.body ?? "", local.webhookSecret),
    );
    expect(await local.sendRaw('{"event":"payout.processed"}', "00")).toBe(200);
    expect(hook.received[1]?.headers["x-razorpay-signature"]).toBe("00");
  });

  it("names the event of each status as RazorpayX does", async () => {
    const hook = await receiver();
    const local = await start({ webhookUrl: hook.url });
    const fa = await vpaFundAccount(local);
    const created = await client(local)("POST", "/v1/payouts", payoutBody(local, fa), {
      "X-Payout-Idempotency": "k",
    });
    const events: Record<string, string> = {
      queued: "payout.queued",
      pending: "payout.pending",
      processing: "payout.initiated",
      processed: "payout.processed",
      reversed: "payout.reversed",
      failed: "payout.failed",
      rejected: "payout.rejected",
      cancelled: "payout.updated",
    };
    for (const status of Object.keys(events)) await local.advance(created.json.id, status as "queued");
    expect(hook.received.map((r) => JSON.parse(r.body).event)).toEqual(Object.values(events));
    expect(JSON.parse(hook.received.at(-1)?.body ?? "{}").payload.payout.entity.status).toBe("cancelled");
  });

  it("lets a create time out while its payout exists, and answers the retry at once", async () => {
    const local = await start();
    const call = client(local);
    const fa = await vpaFundAccount(local);
    local.stallCreates(1, 5_000);
    const body = payoutBody(local, fa);
    const timedOut = call(
      "POST",
      "/v1/payouts",
      body,
      { "X-Payout-Idempotency": "slow" },
      AbortSignal.timeout(200),
    );
    await expect(timedOut).rejects.toMatchObject({ name: "TimeoutError" });
    expect(local.payoutsByReference("wd-1")).toHaveLength(1);
    const retry = await call("POST", "/v1/payouts", body, { "X-Payout-Idempotency": "slow" });
    expect(retry.json.id).toBe(local.payoutsByReference("wd-1")[0]?.id);
    expect(local.payouts.size).toBe(1);
  });

  it("can deliver a payout's webhook before answering its create", async () => {
    const hook = await receiver();
    const local = await start({ webhookUrl: hook.url });
    const fa = await vpaFundAccount(local);
    local.webhookBeforeAnswer("processed", { utr: "111122223333" });
    let answered = false;
    let answeredBeforeWebhook: boolean | null = null;
    hook.onWebhook = () => {
      answeredBeforeWebhook = answered;
    };
    const created = await client(local)("POST", "/v1/payouts", payoutBody(local, fa), {
      "X-Payout-Idempotency": "k",
    });
    answered = true;
    expect(answeredBeforeWebhook).toBe(false);
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]?.body ?? "{}").payload.payout.entity).toMatchObject({
      id: created.json.id,
      status: "processed",
    });
    // The create answers the payout as created; fetching it shows where it is now.
    expect(created.json.status).toBe("processing");
    expect((await client(local)("GET", `/v1/payouts/${created.json.id}`)).json.utr).toBe("111122223333");
  });

  it("settles payouts by itself with `auto`", async () => {
    const hook = await receiver();
    const delivered = new Promise<void>((resolve) => (hook.onWebhook = () => resolve()));
    const local = await start({
      webhookUrl: hook.url,
      auto: {
        delayMs: 10,
        outcome: (_p, vpa) =>
          vpa.includes("fail") ? { status: "failed", reason: "Bank offline" } : { status: "processed" },
      },
    });
    const fa = await vpaFundAccount(local, "will.fail@okaxis");
    const created = await client(local)("POST", "/v1/payouts", payoutBody(local, fa), {
      "X-Payout-Idempotency": "k",
    });
    await delivered;
    expect(local.payouts.get(created.json.id)).toMatchObject({
      status: "failed",
      failure_reason: "Bank offline",
    });
    expect(JSON.parse(hook.received[0]?.body ?? "{}").event).toBe("payout.failed");
  });
});

describe("local RazorpayX limits and control", () => {
  it("answers 429 past maxRps in a second and counts it", async () => {
    // A fixed clock: all the calls fall in one second, however fast this machine is.
    let now = 1_000_000;
    const local = await start({ maxRps: 3, clock: () => now });
    const call = client(local);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call("GET", "/v1/payouts/pout_none")).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect(local.rateLimited).toBe(2);
    const limited = await call("GET", "/v1/payouts/pout_none");
    expect(limited.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: "Too many requests" });
    // A second later the window has moved on.
    now += 1000;
    expect((await call("GET", "/v1/payouts/pout_none")).status).toBe(404);
    expect(local.requests.map((r) => r.status)).toEqual([404, 404, 404, 429, 429, 429, 404]);
  });

  it("lists and moves payouts through /_local without auth, sending the webhook unless told not to", async () => {
    const hook = await receiver();
    const local = await start({ webhookUrl: hook.url });
    const fa = await vpaFundAccount(local);
    const created = await client(local)("POST", "/v1/payouts", payoutBody(local, fa), {
      "X-Payout-Idempotency": "k",
    });
    const list = await fetch(`${local.url}/_local/payouts`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string }[]).map((p) => p.id)).toEqual([created.json.id]);

    const moved = await fetch(`${local.url}/_local/payouts/${created.json.id}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "failed", reason: "Beneficiary bank is offline" }),
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ payout: { status: "failed" }, webhook: [200] });
    expect(JSON.parse(hook.received[0]?.body ?? "{}").event).toBe("payout.failed");

    const quiet = await fetch(`${local.url}/_local/payouts/${created.json.id}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "reversed", webhook: false }),
    });
    expect(quiet.status).toBe(200);
    expect(hook.received).toHaveLength(1);
    expect(local.payouts.get(created.json.id)?.status).toBe("reversed");

    const badStatus = await fetch(`${local.url}/_local/payouts/${created.json.id}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "paid" }),
    });
    expect(badStatus.status).toBe(400);
    const nowhere = await fetch(`${local.url}/elsewhere`);
    expect(nowhere.status).toBe(404);
    const unknownRoute = await client(local)("GET", "/v1/elsewhere");
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.json.error.code).toBe("BAD_REQUEST_ERROR");
  });
});
