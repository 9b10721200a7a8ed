import { describe, expect, it } from "vitest";
import { closeAfterEach, start, client, vpaFundAccount, payoutBody } from "../support/razorpayx-kit";

/**
 * The local RazorpayX (tests/support/razorpayx.ts) over real HTTP, its API: what the payout tests,
 * the bench and Playwright rely on it to do as the real one does — basic auth, contacts, fund
 * accounts, payouts under their idempotency key.
 */
closeAfterEach();

describe("local RazorpayX API", () => {
  it("refuses a wrong or missing key with RazorpayX's 401", async () => {
    const local = await start();
    const wrong = await client(local, `${local.keyId}:nope`)("GET", "/v1/payouts/pout_x");
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "The api key provided is invalid",
        source: "NA",
        step: "NA",
        reason: "NA",
        metadata: {},
      },
    });
    const missing = await fetch(`${local.url}/v1/contacts`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(401);
    expect(local.requests.map((r) => r.status)).toEqual([401, 401]);
  });

  it("makes a contact, a fund account and a payout, each answered again for the same details", async () => {
    const local = await start();
    const call = client(local);
    const contactBody = {
      name: "Asha",
      email: "asha@example.test",
      type: "customer",
      reference_id: "user-1",
    };
    const contact = await call("POST", "/v1/contacts", contactBody);
    expect(contact.status).toBe(201);
    expect(contact.json).toMatchObject({ entity: "contact", name: "Asha", active: true, contact: null });
    expect(contact.json.id).toMatch(/^cont_[A-Za-z0-9]{14}$/);
    const again = await call("POST", "/v1/contacts", contactBody);
    expect(again.json.id).toBe(contact.json.id);
    expect(local.contacts.size).toBe(1);
    expect((await call("POST", "/v1/contacts", { email: "x@example.test" })).json.error.field).toBe("name");

    const vpa = { contact_id: contact.json.id, account_type: "vpa", vpa: { address: "asha.k@okaxis" } };
    const fa = await call("POST", "/v1/fund_accounts", vpa);
    expect(fa.json).toMatchObject({
      entity: "fund_account",
      contact_id: contact.json.id,
      account_type: "vpa",
      vpa: { address: "asha.k@okaxis", username: "asha.k", handle: "okaxis" },
      active: true,
    });
    expect(fa.json.id).toMatch(/^fa_[A-Za-z0-9]{14}$/);
    expect((await call("POST", "/v1/fund_accounts", vpa)).json.id).toBe(fa.json.id);
    const badVpa = await call("POST", "/v1/fund_accounts", { ...vpa, vpa: { address: "no-handle" } });
    expect(badVpa.status).toBe(400);
    const bank = await call("POST", "/v1/fund_accounts", {
      contact_id: contact.json.id,
      account_type: "bank_account",
      bank_account: { name: "Asha K", ifsc: "HDFC0001234", account_number: "50100012345678" },
    });
    expect(bank.json.bank_account).toEqual({
      name: "Asha K",
      ifsc: "HDFC0001234",
      account_number: "50100012345678",
      bank_name: null,
    });
    const badIfsc = await call("POST", "/v1/fund_accounts", {
      contact_id: contact.json.id,
      account_type: "bank_account",
      bank_account: { name: "Asha K", ifsc: "hdfc1234", account_number: "50100012345678" },
    });
    expect(badIfsc.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", field: "bank_account.ifsc" });

    const payout = await call("POST", "/v1/payouts", payoutBody(local, fa.json.id), {
      "X-Payout-Idempotency": "key-1",
    });
    expect(payout.status).toBe(200);
    expect(payout.json).toMatchObject({
      entity: "payout",
      fund_account_id: fa.json.id,
      amount: 15000,
      currency: "INR",
      status: "processing",
      mode: "UPI",
      utr: null,
      fees: 0,
      tax: 0,
      batch_id: null,
      failure_reason: null,
      status_details: null,
      reference_id: "wd-1",
    });
    expect(payout.json.id).toMatch(/^pout_[A-Za-z0-9]{14}$/);
    expect(payout.json).not.toHaveProperty("idempotency_key");
    const fetched = await call("GET", `/v1/payouts/${payout.json.id}`);
    expect(fetched.json).toEqual(payout.json);
    const listed = await call("GET", `/v1/payouts?account_number=${local.accountNumber}&reference_id=wd-1`);
    expect(listed.json).toEqual({ entity: "collection", count: 1, items: [payout.json] });
    const unknown = await call("GET", "/v1/payouts/pout_00000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.description).toBe("The id provided does not exist");

    // IMPS to a VPA, a foreign business account, too small an amount, a narration with symbols.
    for (const [over, field] of [
      [{ mode: "IMPS" }, "mode"],
      [{ account_number: "1111111111" }, "account_number"],
      [{ amount: 99 }, "amount"],
      [{ narration: "Pay-out!" }, "narration"],
      [{ reference_id: "r".repeat(41) }, "reference_id"],
    ] as const) {
      const refused = await call("POST", "/v1/payouts", payoutBody(local, fa.json.id, over), {
        "X-Payout-Idempotency": `bad-${field}`,
      });
      expect(refused.status, field).toBe(400);
      expect(refused.json.error.field, field).toBe(field);
    }
    expect(local.payouts.size).toBe(1);
  });

  it("keeps one payout per idempotency key and refuses a changed body or a missing header", async () => {
    const local = await start();
    const call = client(local);
    const fa = await vpaFundAccount(local);
    const body = payoutBody(local, fa);
    const first = await call("POST", "/v1/payouts", body, { "X-Payout-Idempotency": "wd-1-a1" });
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await call("POST", "/v1/payouts", reordered, { "X-Payout-Idempotency": "wd-1-a1" });
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(local.payouts.size).toBe(1);

    // A retry after the payout moved answers its current state.
    local.setStatus(first.json.id, "processed", { utr: "123456789012" });
    const third = await call("POST", "/v1/payouts", body, { "X-Payout-Idempotency": "wd-1-a1" });
    expect(third.json).toMatchObject({ id: first.json.id, status: "processed", utr: "123456789012" });

    const changed = await call(
      "POST",
      "/v1/payouts",
      { ...body, amount: 20000 },
      { "X-Payout-Idempotency": "wd-1-a1" },
    );
    expect(changed.status).toBe(400);
    expect(changed.json.error).toMatchObject({
      code: "BAD_REQUEST_ERROR",
      description: "Different request body sent for the same Idempotency Header",
    });
    const missing = await call("POST", "/v1/payouts", body);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({
      description: "X-Payout-Idempotency header is missing",
      field: "X-Payout-Idempotency",
    });
    expect(local.payouts.size).toBe(1);
    expect(local.payoutsByReference("wd-1").map((p) => p.idempotency_key)).toEqual(["wd-1-a1"]);
    expect(
      local.requests.filter((r) => r.path === "/v1/payouts").map((r) => [r.idempotencyKey, r.status]),
    ).toEqual([
      ["wd-1-a1", 200],
      ["wd-1-a1", 200],
      ["wd-1-a1", 200],
      ["wd-1-a1", 400],
      [null, 400],
    ]);
  });
});
