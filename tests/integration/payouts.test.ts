import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi } from "../support/api";
import { razorpaySignature } from "../support/razorpayx";
import { balances, newOperator } from "../support/money";
import { payoutWebhooks, payoutEvents } from "../../api/db/schema";
import { reconcilePayouts } from "../../api/payouts/send";
import { payoutsWorld } from "../support/payouts";

/**
 * Issue 22 §3: payouts through RazorpayX's protocol, against the local stand-in over real HTTP
 * both ways (the site calls its API; it calls the site's webhook endpoint), on both databases:
 * processed, failed, reversed, one webhook five times at once, forged signatures, a timed-out
 * create, a webhook before the create's answer, racing approvals, reconciliation. The operator's
 * rules (four eyes, the daily limit, batches, send again, bank files) are in
 * payouts-rules.test.ts. Each test ends with the ledger invariant (tests/support/payouts.ts).
 */
describe.each(drivers("both"))("payouts through RazorpayX (%s)", (driver) => {
  const w = payoutsWorld(driver);

  it("approve sends one payout to the bound UPI id; processed makes it Success with the UTR", async () => {
    const { m, vpa, id } = await w.requested(120);
    const res = await w.settle(w.op1, id);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/sent to RazorpayX/);
    expect((await w.withdrawal(id)).status).toBe("Pending");
    const [p] = w.atProvider(id);
    expect(w.atProvider(id)).toHaveLength(1);
    expect(p).toMatchObject({
      amount: 12_000,
      currency: "INR",
      mode: "UPI",
      purpose: "payout",
      reference_id: id,
    });
    expect(p!.idempotency_key).toBe(id);
    expect(w.rzp.fundAccounts.get(p!.fund_account_id)?.vpa?.address).toBe(vpa);

    // Approving it again sends nothing.
    const again = await w.settle(w.op2, id);
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe("payout_in_flight");
    expect(w.atProvider(id)).toHaveLength(1);

    expect(await w.rzp.advance(p!.id, "processed", { utr: "412345678901" })).toEqual([200]);
    const row = await w.withdrawal(id);
    expect(row).toMatchObject({ status: "Success", remark: "UTR 412345678901" });
    const page = (await w.t.request("/userAmount/userBalanceData_get", { cookie: m.cookie })).body.msg;
    expect(page.withdrawal_Records[0]).toMatchObject({
      withdrawal_status: "Success",
      remark: "UTR 412345678901",
    });
    expect(page.total_withdrawal_amount).toBe("120.000");
  });

  it("a failed payout is refunded once, with the provider's reason as the remark", async () => {
    const { m, id } = await w.requested(80);
    await w.settle(w.op1, id);
    const [p] = w.atProvider(id);
    expect((await balances(w.t, m.id)).withdrawable).toBe(0);
    expect(
      await w.rzp.advance(p!.id, "failed", { reason: "Beneficiary bank is offline", copies: 3 }),
    ).toEqual([200, 200, 200]);
    expect(await w.withdrawal(id)).toMatchObject({ status: "Reject", remark: "Beneficiary bank is offline" });
    expect((await balances(w.t, m.id)).withdrawable).toBe(80_000);
    expect(await w.entries(`payout-refund:${(await w.attempts(id))[0]!.id}`)).toBe(1);
  });

  it("processed then reversed gives the money back once", async () => {
    const { m, id } = await w.requested(60);
    await w.settle(w.op1, id);
    const [p] = w.atProvider(id);
    await w.rzp.advance(p!.id, "processed", { utr: "512345678901", copies: 2 });
    expect((await w.withdrawal(id)).status).toBe("Success");
    expect(
      await w.rzp.advance(p!.id, "reversed", { reason: "Beneficiary account is closed", copies: 2 }),
    ).toEqual([200, 200]);
    expect(await w.withdrawal(id)).toMatchObject({
      status: "Reject",
      remark: "Beneficiary account is closed",
    });
    expect((await balances(w.t, m.id)).withdrawable).toBe(60_000);
    const [a] = await w.attempts(id);
    expect(await w.entries(`payout-paid:${a!.id}`)).toBe(1);
    expect(await w.entries(`payout-reversal:${a!.id}`)).toBe(1);
  });

  it("the same webhook five times at once has one effect", async () => {
    const { id } = await w.requested(70);
    await w.settle(w.op1, id);
    const [p] = w.atProvider(id);
    expect(await w.rzp.advance(p!.id, "processed", { utr: "612345678901", copies: 5 })).toEqual([
      200, 200, 200, 200, 200,
    ]);
    const [a] = await w.attempts(id);
    expect(await w.entries(`payout-paid:${a!.id}`)).toBe(1);
    const events = await w.t.deps.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, a!.id), eq(payoutEvents.status, "processed")));
    expect(events).toHaveLength(1);
    const hooks = await w.t.deps.db
      .select({ verdict: payoutWebhooks.verdict })
      .from(payoutWebhooks)
      .where(and(eq(payoutWebhooks.providerPayoutId, p!.id), eq(payoutWebhooks.status, "processed")));
    expect(hooks.map((h) => h.verdict).sort()).toEqual([
      "applied",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
  });

  it("refuses a webhook with a wrong signature, keeps it with its verdict and changes nothing", async () => {
    const { id } = await w.requested(40);
    await w.settle(w.op1, id);
    const [p] = w.atProvider(id);
    expect(
      await w.rzp.advance(p!.id, "processed", { utr: "712345678901", secret: "not-the-secret" }),
    ).toEqual([400]);
    expect((await w.withdrawal(id)).status).toBe("Pending");
    const body = JSON.stringify({
      event: "payout.processed",
      payload: { payout: { entity: { id: p!.id } } },
    });
    expect(await w.rzp.sendRaw(body, razorpaySignature(body, "forged"))).toBe(400);
    expect(await w.rzp.sendRaw(body, "not-hex")).toBe(400);
    const refused = await w.t.deps.db
      .select()
      .from(payoutWebhooks)
      .where(eq(payoutWebhooks.verdict, "bad_signature"));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect((await w.withdrawal(id)).status).toBe("Pending");
    // The real one, once it comes, settles it.
    expect(await w.rzp.resend(p!.id)).toEqual([200]);
    expect((await w.withdrawal(id)).status).toBe("Success");
  });

  it("a create that timed out is asked again with the same key: one payout at the provider", async () => {
    const { id } = await w.requested(55);
    w.rzp.stallCreates(1, 1500);
    const res = await w.settle(w.op1, id);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/did not answer yet/);
    const [a] = await w.attempts(id);
    expect(a).toMatchObject({ status: "created", providerPayoutId: null });
    expect(w.atProvider(id)).toHaveLength(1); // the provider made it; we never heard
    w.now += 3 * 60_000;
    expect(await reconcilePayouts(w.t.deps)).toBeGreaterThanOrEqual(1);
    // Asked again under the withdrawal's own id (the stalled create's answer never reached us).
    const creates = w.rzp.requests.filter((r) => r.method === "POST" && r.path === "/v1/payouts");
    expect(creates.filter((r) => r.idempotencyKey === id).length).toBeGreaterThanOrEqual(1);
    expect(w.atProvider(id)[0]!.idempotency_key).toBe(id);
    expect(w.atProvider(id)).toHaveLength(1);
    const [after] = await w.attempts(id);
    expect(after!.providerPayoutId).toBe(w.atProvider(id)[0]!.id);
    await w.rzp.advance(after!.providerPayoutId!, "processed", { utr: "812345678901" });
    expect((await w.withdrawal(id)).status).toBe("Success");
  });

  it("a webhook that comes before the create's answer settles it; the late answer changes nothing", async () => {
    const { id } = await w.requested(45);
    w.rzp.webhookBeforeAnswer("processed", { utr: "912345678901" });
    const res = await w.settle(w.op1, id);
    expect(res.status).toBe(200);
    const row = await w.withdrawal(id);
    expect(row).toMatchObject({ status: "Success", remark: "UTR 912345678901" });
    const [a] = await w.attempts(id);
    expect(a).toMatchObject({ status: "processed", providerPayoutId: w.atProvider(id)[0]!.id });
    expect(await w.entries(`payout-paid:${a!.id}`)).toBe(1);
  });

  it("two operators approving the same withdrawal at once make one payout", async () => {
    const { id } = await w.requested(65);
    const answers = await Promise.all([w.settle(w.op1, id), w.settle(w.op2, id), w.settle(w.op1, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(w.atProvider(id)).toHaveLength(1);
    expect(await w.attempts(id)).toHaveLength(1);
  });

  it("reconciliation settles a payout whose webhook never came", async () => {
    const { m, id } = await w.requested(35);
    await w.settle(w.op1, id);
    const [p] = w.atProvider(id);
    w.rzp.setStatus(p!.id, "failed", { reason: "Invalid beneficiary VPA" });
    // Not due yet: nothing is asked.
    expect(await reconcilePayouts(w.t.deps)).toBe(0);
    w.now += 30 * 60_000;
    expect(await reconcilePayouts(w.t.deps)).toBeGreaterThanOrEqual(1);
    expect(await w.withdrawal(id)).toMatchObject({ status: "Reject", remark: "Invalid beneficiary VPA" });
    expect((await balances(w.t, m.id)).withdrawable).toBe(35_000);
    // The webhook, late, is a duplicate.
    expect(await w.rzp.resend(p!.id)).toEqual([200]);
    expect((await balances(w.t, m.id)).withdrawable).toBe(35_000);
  });
});

describe("payouts without a provider", () => {
  it("answer the webhook address 404 and approve as paid by hand", async () => {
    const t = await startTestApi(drivers("both")[0]!);
    try {
      const hook = await t.request("/webhooks/payouts/razorpayx", { rawBody: "{}" });
      expect(hook.status).toBe(404);
      const ov = await t.request("/adminRoute/payouts", { cookie: (await newOperator(t)).cookie });
      expect(ov.body.msg.mode).toBe("manual");
    } finally {
      await t.close();
    }
  });
});
