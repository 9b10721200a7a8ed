import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { startLocalRazorpayX, type LocalRazorpayX } from "./razorpayx";

/**
 * What the local RazorpayX's own tests share (tests/unit/razorpayx-local-*.test.ts): starting it
 * (closed after each test), a webhook receiver, an API client with basic auth, a fund account and
 * a payout body.
 */

export interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What the receiver does before answering each webhook (default: nothing). */
  onWebhook?: (r: Received) => void;
  server: Server;
}

const closers: (() => Promise<void>)[] = [];

/** Registers, in the calling test file, the closing of what each test started. */
export function closeAfterEach() {
  afterEach(async () => {
    while (closers.length) await closers.pop()?.();
  });
}

export async function start(opts: Parameters<typeof startLocalRazorpayX>[0] = {}): Promise<LocalRazorpayX> {
  const local = await startLocalRazorpayX(opts);
  closers.push(() => local.close());
  return local;
}

/** A webhook receiver answering 200 to everything and keeping what it got. */
export async function receiver(): Promise<Receiver> {
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

export function client(local: LocalRazorpayX, auth = `${local.keyId}:${local.keySecret}`) {
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
export async function vpaFundAccount(local: LocalRazorpayX, address = "member@okaxis"): Promise<string> {
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

export function payoutBody(local: LocalRazorpayX, fundAccountId: string, over: Record<string, unknown> = {}) {
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
