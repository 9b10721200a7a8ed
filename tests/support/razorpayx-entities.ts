import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * What the API of the local RazorpayX (tests/support/razorpayx.ts) keeps and speaks: the contact,
 * fund account and payout entities, RazorpayX-shaped ids and error bodies, the validation each
 * create goes through (the same messages and `field`s as theirs), and the wire (a request's JSON
 * body in, a JSON answer out). The server calls these with the maps it owns; payout status moves
 * and their webhooks are in razorpayx-webhooks.ts.
 */

export type LocalPayoutStatus =
  "queued" | "pending" | "processing" | "processed" | "reversed" | "failed" | "rejected" | "cancelled";

export const STATUSES: readonly LocalPayoutStatus[] = [
  "queued",
  "pending",
  "processing",
  "processed",
  "reversed",
  "failed",
  "rejected",
  "cancelled",
];

export interface LocalPayout {
  id: string;
  fund_account_id: string;
  amount: number;
  currency: string;
  mode: string;
  purpose: string;
  reference_id: string | null;
  narration: string | null;
  notes: Record<string, string>;
  status: LocalPayoutStatus;
  utr: string | null;
  failure_reason: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  fees: number;
  tax: number;
  batch_id: null;
  created_at: number;
  entity: "payout";
  idempotency_key: string;
}

export interface LocalContact {
  id: string;
  entity: "contact";
  name: string;
  email: string | null;
  contact: string | null;
  type: string | null;
  reference_id: string | null;
  active: boolean;
  notes: Record<string, string>;
  created_at: number;
}

export interface LocalFundAccount {
  id: string;
  entity: "fund_account";
  contact_id: string;
  account_type: string;
  vpa?: { address: string; username: string; handle: string };
  bank_account?: { name: string; ifsc: string; account_number: string; bank_name: null };
  active: boolean;
  created_at: number;
}

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `prefix_` and 14 letters or digits, as RazorpayX's ids. */
export function newId(prefix: string): string {
  let id = "";
  for (let i = 0; i < 14; i++) id += ALNUM[randomInt(ALNUM.length)];
  return `${prefix}_${id}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A RazorpayX error body: always this shape, `field` when one input is at fault. */
export function errorBody(description: string, field?: string) {
  return {
    error: {
      code: "BAD_REQUEST_ERROR",
      description,
      source: "NA",
      step: "NA",
      reason: "NA",
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

export const invalid = (description: string, field?: string) => new ApiError(400, description, field);

/** Sorted-key JSON, so the same body sent with its keys in another order is still the same body. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

export type Body = Record<string, unknown>;

function optionalString(
  body: Body,
  field: string,
  max: number,
  pattern?: RegExp,
  hint?: string,
): string | null {
  const v = body[field];
  if (v === undefined || v === null || v === "") return null;
  if (typeof v !== "string") throw invalid(`The ${field} must be a string.`, field);
  if (v.length > max) throw invalid(`The ${field} may not be greater than ${max} characters.`, field);
  if (pattern && !pattern.test(v)) throw invalid(hint ?? `The ${field} format is invalid.`, field);
  return v;
}

function notesOf(body: Body): Record<string, string> {
  const v = body.notes;
  if (v === undefined || v === null) return {};
  if (typeof v !== "object" || Array.isArray(v)) throw invalid("The notes must be an object.", "notes");
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 15) throw invalid("The notes may not have more than 15 items.", "notes");
  const notes: Record<string, string> = {};
  for (const [k, value] of entries) {
    if (typeof value !== "string" && typeof value !== "number")
      throw invalid("The notes values must be strings or numbers.", "notes");
    if (String(value).length > 256)
      throw invalid("The notes values may not be longer than 256 characters.", "notes");
    notes[k] = String(value);
  }
  return notes;
}

/** The payout as the API (and the webhooks) show it: without the key we keep it under. */
export function payoutEntity(p: LocalPayout) {
  return {
    id: p.id,
    entity: p.entity,
    fund_account_id: p.fund_account_id,
    amount: p.amount,
    currency: p.currency,
    notes: { ...p.notes },
    fees: p.fees,
    tax: p.tax,
    status: p.status,
    purpose: p.purpose,
    utr: p.utr,
    mode: p.mode,
    reference_id: p.reference_id,
    narration: p.narration,
    batch_id: p.batch_id,
    failure_reason: p.failure_reason,
    status_details: p.status_details ? { ...p.status_details } : null,
    created_at: p.created_at,
  };
}

const VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT = /^[A-Za-z0-9]{5,35}$/;
const NARRATION = /^[A-Za-z0-9 ]{1,30}$/;
const MODES = ["UPI", "IMPS", "NEFT", "RTGS"];
const CONTACT_TYPES = ["vendor", "customer", "employee", "self"];
const MAX_BODY = 1024 * 1024;

/** POST /v1/contacts. */
export function createContact(
  contacts: Map<string, LocalContact>,
  body: Body,
): { status: number; json: unknown } {
  const name = body.name;
  if (typeof name !== "string" || !name.trim()) throw invalid("The name field is required.", "name");
  if (name.length > 50) throw invalid("The name may not be greater than 50 characters.", "name");
  const email = optionalString(
    body,
    "email",
    100,
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    "The email must be a valid email address.",
  );
  const contact = optionalString(body, "contact", 15, /^\+?[0-9]{8,14}$/, "The contact format is invalid.");
  const type = optionalString(body, "type", 20);
  if (type !== null && !CONTACT_TYPES.includes(type)) throw invalid("Invalid type: " + type, "type");
  const referenceId = optionalString(body, "reference_id", 40);
  const notes = notesOf(body);
  // RazorpayX answers the existing contact for the same details instead of making another.
  for (const c of contacts.values())
    if (
      c.name === name &&
      c.email === email &&
      c.contact === contact &&
      c.type === type &&
      c.reference_id === referenceId
    )
      return { status: 200, json: c };
  const c: LocalContact = {
    id: newId("cont"),
    entity: "contact",
    name,
    email,
    contact,
    type,
    reference_id: referenceId,
    active: true,
    notes,
    created_at: nowSeconds(),
  };
  contacts.set(c.id, c);
  return { status: 201, json: c };
}

/** POST /v1/fund_accounts: a VPA or a bank account, for a contact made before. */
export function createFundAccount(
  contacts: ReadonlyMap<string, LocalContact>,
  fundAccounts: Map<string, LocalFundAccount>,
  body: Body,
): { status: number; json: unknown } {
  const contactId = body.contact_id;
  if (typeof contactId !== "string" || !contactId)
    throw invalid("The contact id field is required.", "contact_id");
  if (!contacts.has(contactId)) throw invalid("The id provided does not exist", "contact_id");
  const type = body.account_type;
  let fa: LocalFundAccount;
  const base = {
    id: "",
    entity: "fund_account" as const,
    contact_id: contactId,
    active: true,
    created_at: 0,
  };
  if (type === "vpa") {
    const address = (body.vpa as { address?: unknown } | undefined)?.address;
    if (typeof address !== "string" || !VPA.test(address))
      throw invalid("Invalid VPA. Please enter a valid Virtual Payment Address", "vpa.address");
    const [username = "", handle = ""] = address.split("@");
    fa = { ...base, account_type: "vpa", vpa: { address, username, handle } };
  } else if (type === "bank_account") {
    const b = (body.bank_account ?? {}) as { name?: unknown; ifsc?: unknown; account_number?: unknown };
    if (typeof b.name !== "string" || b.name.trim().length < 3 || b.name.length > 120)
      throw invalid("The name must be between 3 and 120 characters.", "bank_account.name");
    if (typeof b.ifsc !== "string" || !IFSC.test(b.ifsc))
      throw invalid("Invalid IFSC Code", "bank_account.ifsc");
    if (typeof b.account_number !== "string" || !BANK_ACCOUNT.test(b.account_number))
      throw invalid("The account number format is invalid.", "bank_account.account_number");
    fa = {
      ...base,
      account_type: "bank_account",
      bank_account: { name: b.name, ifsc: b.ifsc, account_number: b.account_number, bank_name: null },
    };
  } else {
    throw invalid("The selected account type is invalid.", "account_type");
  }
  for (const existing of fundAccounts.values())
    if (
      existing.contact_id === contactId &&
      existing.account_type === fa.account_type &&
      existing.vpa?.address === fa.vpa?.address &&
      existing.bank_account?.ifsc === fa.bank_account?.ifsc &&
      existing.bank_account?.account_number === fa.bank_account?.account_number &&
      existing.bank_account?.name === fa.bank_account?.name
    )
      return { status: 200, json: existing };
  fa.id = newId("fa");
  fa.created_at = nowSeconds();
  fundAccounts.set(fa.id, fa);
  return { status: 201, json: fa };
}

/** The fields of a payout create, checked as RazorpayX checks them (the caller adds id, key and time). */
export function validatePayout(
  body: Body,
  fundAccounts: ReadonlyMap<string, LocalFundAccount>,
  accountNumber: string,
): Omit<LocalPayout, "id" | "idempotency_key" | "created_at"> {
  if (body.account_number !== accountNumber)
    throw invalid("The account number is invalid.", "account_number");
  const faId = body.fund_account_id;
  if (typeof faId !== "string" || !faId)
    throw invalid("The fund account id field is required.", "fund_account_id");
  const fa = fundAccounts.get(faId);
  if (!fa) throw invalid("The id provided does not exist", "fund_account_id");
  const amount = body.amount;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount))
    throw invalid("The amount must be an integer.", "amount");
  if (amount < 100) throw invalid("Minimum transaction amount should be 100 paise", "amount");
  if (body.currency !== "INR") throw invalid("The selected currency is invalid.", "currency");
  const mode = body.mode;
  if (typeof mode !== "string" || !MODES.includes(mode))
    throw invalid("The selected mode is invalid.", "mode");
  if ((mode === "UPI") !== (fa.account_type === "vpa"))
    throw invalid(
      `Invalid combination of payout mode (${mode}) and beneficiary account type (${fa.account_type})`,
      "mode",
    );
  const purpose = body.purpose;
  if (typeof purpose !== "string" || !purpose.trim())
    throw invalid("The purpose field is required.", "purpose");
  if (body.queue_if_low_balance !== undefined && typeof body.queue_if_low_balance !== "boolean")
    throw invalid("The queue if low balance field must be true or false.", "queue_if_low_balance");
  const referenceId = optionalString(body, "reference_id", 40);
  const narration = optionalString(
    body,
    "narration",
    30,
    NARRATION,
    "Narration should be alphanumeric with spaces, maximum 30 characters",
  );
  return {
    entity: "payout",
    fund_account_id: faId,
    amount,
    currency: "INR",
    notes: notesOf(body),
    fees: 0,
    tax: 0,
    status: "processing",
    purpose,
    utr: null,
    mode,
    reference_id: referenceId,
    narration,
    batch_id: null,
    failure_reason: null,
    status_details: null,
  };
}

/** GET /v1/payouts: filtered by reference, fund account or status, newest first, paged. */
export function listPayouts(
  payouts: ReadonlyMap<string, LocalPayout>,
  accountNumber: string,
  query: URLSearchParams,
): unknown {
  if (query.get("account_number") !== accountNumber)
    throw invalid("The account number is invalid.", "account_number");
  const reference = query.get("reference_id");
  const fundAccount = query.get("fund_account_id");
  const status = query.get("status");
  const count = Math.min(100, Math.max(1, Number(query.get("count") ?? 10) || 10));
  const skip = Math.max(0, Number(query.get("skip") ?? 0) || 0);
  const items = [...payouts.values()]
    .filter(
      (p) =>
        (reference === null || p.reference_id === reference) &&
        (fundAccount === null || p.fund_account_id === fundAccount) &&
        (status === null || p.status === status),
    )
    .reverse() // newest first, as RazorpayX lists
    .slice(skip, skip + count)
    .map(payoutEntity);
  return { entity: "collection", count: items.length, items };
}

// --- The wire: request bodies in, JSON answers out ---

export function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === "" ? null : s;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new ApiError(413, "The request body is too large."));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function parseBody(text: string): Body {
  if (!text.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid("The request body is not valid JSON.");
  }
  if (!json || typeof json !== "object" || Array.isArray(json))
    throw invalid("The request body must be a JSON object.");
  return json as Body;
}

export function sendJson(res: ServerResponse, status: number, json: unknown) {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(json);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}
