import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { razorpaySignature, startLocalRazorpayX, type LocalRazorpayX } from "../support/razorpayx";

/**
 * The local RazorpayX (tests/support/razorpayx.ts) over real HTTP: what the payout tests, the
 * bench and Playwright rely on it to do as the real one does, and the failures it makes on purpose.
 */

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

interface Receiver {
  url: string;
  received: Received[];
  /** What the receiver does before answering each webhook (default: nothing). */
  onWebhook?: (r: Received) => void;
  server: Server;
}

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function start(opts: Parameters<typeof startLocalRazorpayX>[0] = {}): Promise<LocalRazorpayX> {
  const local = await startLocalRazorpayX(opts);
  closers.push(() => local.close());
  return local;
}

/** A webhook receiver answering 200 to everything and keeping what it got. */
async function receiver(): Promise<Receiver> {
  const r: Receiver = { url: "", received: [], server: createServer() };
  r.server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got = { body: Buffer.concat(chunks).toString("utf8"), headers: req.headers };
      r.received.push(got);
      r.onWebhook?.(got);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/webhooks/payouts/razorpayx`;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        r.server.closeAllConnections();
        r.server.close(() => resolve());
      }),
  );
  return r;
}

function client(local: LocalRazorpayX, auth = `${local.keyId}:${local.keySecret}`) {
  const authorization = `Basic ${Buffer.from(auth).toString("base64")}`;
  return async (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${local.url}${path}`, {
      method,
      headers: {
        Authorization: authorization,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { status: res.status, json: await res.json() };
  };
}

/** A contact and a UPI fund account, as the site makes them for a member. */
async function vpaFundAccount(local: LocalRazorpayX, address = "member@okaxis"): Promise<string> {
  const call = client(local);
  const contact = await call("POST", "/v1/contacts", {
    name: "Asha",
    email: "asha@example.test",
    type: "customer",
    reference_id: "user-1",
  });
  const fa = await call("POST", "/v1/fund_accounts", {
    contact_id: contact.json.id,
    account_type: "vpa",
    vpa: { address },
  });
  return fa.json.id as string;
}

function payoutBody(local: LocalRazorpayX, fundAccountId: string, over: Record<string, unknown> = {}) {
  return {
    account_number: local.accountNumber,
    fund_account_id: fundAccountId,
    amount: 15000,
    currency: "INR",
    mode: "UPI",
    purpose: "payout",
    queue_if_low_balance: true,
    reference_id: "wd-1",
    narration: "Rupee Rewards withdrawal",
    ...over,
  };
}

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
