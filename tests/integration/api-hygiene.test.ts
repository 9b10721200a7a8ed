import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { addPayoutMethod, newMember, newOperator, type TestMember } from "../support/money";
import { contactMessages, payoutMethods, users } from "../../api/db/schema";
import { encodeObj } from "../../shared/obj.server";
import { createApi } from "../../api/app";

/**
 * Input hygiene at the API's door (docs/api.md, "Envelope"): text with control characters or
 * lone surrogates, oversized and non-JSON bodies, and cross-site requests are refused with the
 * envelope and a clear message, and nothing is written.
 */
const CONTACT = "/userMessageRoute/userMessageSave_post";
const contact = (extra: Record<string, unknown> = {}) => ({
  name: "Meera",
  email_address: "meera@example.com",
  mobile_number: "9876543210",
  subject: "Withdrawal question",
  message: "When is my withdrawal paid?",
  consent: true,
  ...extra,
});
const THANKS =
  "Thank you! Your message has been successfully received. We will be in touch with you shortly.";
const REFUSED = { success: false, error_msg: "Cross-site request refused.", error_code: "forbidden" };

describe.each(drivers("one"))("API input hygiene (%s)", (driver) => {
  let t: TestApi;
  let member: TestMember;
  let operator: TestMember;
  beforeAll(async () => {
    t = await startTestApi(driver);
    member = await newMember(t);
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
  });
  afterAll(() => t.close());

  const storedMessages = async () =>
    Number((await t.deps.db.select({ n: count() }).from(contactMessages))[0]!.n);

  describe("control characters and lone surrogates", () => {
    it("refuses a NUL in the contact form's name with 400, storing nothing", async () => {
      const before = await storedMessages();
      const res = await t.request(CONTACT, { obj: contact({ name: "A\u0000b" }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error_msg: 'The field "name" contains a character that is not allowed.',
        error_code: "invalid_input",
      });
      expect(await storedMessages()).toBe(before);
    });

    it("refuses every control character but tab and newlines, and lone surrogates, in any text field", async () => {
      const before = await storedMessages();
      for (const [field, value] of [
        ["subject", "a\u0001b"],
        ["message", "line\u001bone"],
        ["message", "del\u007f"],
        ["email_address", "m\u0000@example.com"],
        ["subject", "half \ud83d"],
        ["message", "\udc00 alone"],
      ] as const) {
        const res = await t.request(CONTACT, { obj: contact({ [field]: value }) });
        expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.body.error_msg).toBe(`The field "${field}" contains a character that is not allowed.`);
      }
      expect(await storedMessages()).toBe(before);
    });

    it("keeps tab, CRLF newlines and paired surrogates", async () => {
      const res = await t.request(CONTACT, {
        obj: contact({ message: "Line one\r\nLine two\tand 🔒 नमस्ते" }),
      });
      expect(res.body).toEqual({ success: true, msg: THANKS });
    });

    it("refuses unsafe text in an extra field, a field name and deep inside a value", async () => {
      const extra = await t.request(CONTACT, { obj: contact({ note: "x\u0000" }) });
      expect(extra.body.error_msg).toBe('The field "note" contains a character that is not allowed.');
      const key = await t.request(CONTACT, { obj: { ...contact(), "na\u0000me": "x" } });
      expect(key.status).toBe(400);
      expect(key.body.error_msg).toBe("A field name contains a character that is not allowed.");
      const deep = await t.request("/userRoute/login", {
        obj: { email_userName: "a@example.com", password: "p", human_check: { payload: ["ok", "\u0002"] } },
      });
      expect(deep.status).toBe(400);
      expect(deep.body.error_msg).toBe(
        'The field "human_check.payload[1]" contains a character that is not allowed.',
      );
    });

    it("refuses unsafe text in plain JSON bodies, outside the obj too", async () => {
      const res = await t.request("/adminRoute/payoutMethods", {
        json: { name: "UPI\u0000", details: "d", minimum_amount: 100 },
        cookie: operator.cookie,
      });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe('The field "name" contains a character that is not allowed.');
      expect((await t.deps.db.select().from(payoutMethods)).map((m) => m.name)).toEqual(["UPI"]);
      // Escaped in the JSON text: the parsed string holds the lone surrogate.
      const raw = await t.request(CONTACT, {
        rawBody: `{"obj": ${JSON.stringify(encodeObj(t.deps.config.objSecret, contact()))}, "x": "\\ud800"}`,
      });
      expect(raw.status).toBe(400);
      expect(raw.body.error_msg).toBe('The field "x" contains a character that is not allowed.');
    });

    it("refuses unsafe text in query strings and in the path", async () => {
      const token = await t.request("/userRoute/verify_reset_token?token=abc%00def");
      expect(token.status).toBe(400);
      expect(token.body).toEqual({
        success: false,
        error_msg: 'The field "token" contains a character that is not allowed.',
        error_code: "invalid_input",
      });
      const name = await t.request("/checkLogin_for_navBar?fa%01q=true");
      expect(name.status).toBe(400);
      expect(name.body.error_msg).toBe("A field name contains a character that is not allowed.");
      const path = await t.request("/adminRoute/payoutMethods/1%00", {
        method: "PATCH",
        json: { name: "UPI", details: "d", minimum_amount: 100, active: true },
        cookie: operator.cookie,
      });
      expect(path.status).toBe(400);
      expect(path.body).toEqual({
        success: false,
        error_msg: "The address contains a character that is not allowed.",
        error_code: "invalid_input",
      });
      const settle = await t.request("/adminRoute/withdrawals/%1b/settle", {
        json: { action: "approve" },
        cookie: operator.cookie,
      });
      expect(settle.status).toBe(400);
      // Tabs, newlines and encoded text that is not UTF-8 are not control characters.
      const fine = await t.request("/userRoute/verify_reset_token?token=a%09b%0D%0A%ED%A0%80");
      expect(fine.body.error_msg).toBe("Token Verification Failed!");
    });

    it("leaves the member's data untouched when a profile field holds a NUL", async () => {
      const [before] = await t.deps.db.select().from(users).where(eq(users.id, member.id));
      const res = await t.request("/userRoute/userProfileData_patch", {
        method: "PATCH",
        obj: {
          name: "Test\u0000Member",
          address: "12 MG Road",
          city: "Pune",
          state: "Maharashtra",
          zip_code: "411001",
          mobile_number: 9876543210,
          withdrawal_method: "UPI",
          withdrawal_account_information: "member@upi",
        },
        cookie: member.cookie,
      });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe('The field "name" contains a character that is not allowed.');
      const [after] = await t.deps.db.select().from(users).where(eq(users.id, member.id));
      expect(after).toEqual(before);
    });
  });

  describe("body size and type", () => {
    it("refuses a body over 64 KiB with 413 before reading it", async () => {
      const before = await storedMessages();
      const res = await t.request(CONTACT, {
        json: { obj: "x".repeat(64 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        success: false,
        error_msg: "Request body too large.",
        error_code: "invalid_input",
      });
      const declared = await t.request(CONTACT, {
        rawBody: "{}",
        headers: { "content-length": String(10 * 1024 * 1024) },
      });
      expect(declared.status).toBe(413);
      expect(await storedMessages()).toBe(before);
    });

    it("accepts a long message in a multi-byte script well under the limit", async () => {
      const res = await t.request(CONTACT, { obj: contact({ message: "नमस्ते ".repeat(700).trim() }) });
      expect(res.body).toEqual({ success: true, msg: THANKS });
    });

    it("refuses a form, text or missing content type where JSON is read, with 415", async () => {
      const body = JSON.stringify({ obj: encodeObj(t.deps.config.objSecret, contact()) });
      const before = await storedMessages();
      for (const contentType of [
        "application/x-www-form-urlencoded",
        "text/plain",
        "multipart/form-data; boundary=x",
        null,
      ]) {
        const res = await t.request(CONTACT, { rawBody: body, contentType });
        expect(res.status, String(contentType)).toBe(415);
        expect(res.body).toEqual({
          success: false,
          error_msg: "Send the request body as JSON (Content-Type: application/json).",
          error_code: "invalid_input",
        });
      }
      expect(await storedMessages()).toBe(before);
      const charset = await t.request(CONTACT, {
        rawBody: body,
        contentType: "application/json; charset=utf-8",
      });
      expect(charset.body).toEqual({ success: true, msg: THANKS });
    });
  });

  describe("cross-site requests", () => {
    const post = (headers: Record<string, string>) =>
      t.request("/userRoute/logout", { method: "POST", headers });

    it("refuses Origin: null and another site's origin", async () => {
      expect(await post({ origin: "null" }).then((r) => [r.status, r.body])).toEqual([403, REFUSED]);
      expect(await post({ origin: "https://evil.example" }).then((r) => [r.status, r.body])).toEqual([
        403,
        REFUSED,
      ]);
    });

    it("without PUBLIC_ORIGIN, accepts the address the request came to (http or https)", async () => {
      expect((await post({ origin: "http://localhost:3000" })).status).toBe(200);
      expect((await post({ origin: "https://localhost:3000" })).status).toBe(200);
      // X-Forwarded-Host counts only behind a trusted proxy.
      const forwarded = await post({ origin: "https://evil.example", "x-forwarded-host": "evil.example" });
      expect(forwarded.status).toBe(403);
    });

    it("without Origin, refuses cross-site and same-site fetches and accepts the rest", async () => {
      expect(await post({ "sec-fetch-site": "cross-site" }).then((r) => [r.status, r.body])).toEqual([
        403,
        REFUSED,
      ]);
      expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
      expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(200);
      expect((await post({ "sec-fetch-site": "none" })).status).toBe(200);
      expect((await post({})).status).toBe(200);
    });

    it("leaves reading requests alone", async () => {
      const res = await t.request("/userRoute/userWebstatisticsGet", {
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      expect(res.status).toBe(200);
    });

    it("with PUBLIC_ORIGIN, accepts only it, whatever the Host says", async () => {
      // The same deps and database, configured with a public origin.
      const configured = createApi({
        ...t.deps,
        config: { ...t.deps.config, PUBLIC_ORIGIN: "https://rewards.example/" },
      });
      const status = async (headers: Record<string, string>) =>
        (
          await configured.fetch(
            new Request("http://localhost:3000/userRoute/logout", {
              method: "POST",
              headers: { host: "localhost:3000", ...headers },
            }),
          )
        ).status;
      expect(await status({ origin: "https://rewards.example" })).toBe(200);
      expect(await status({ origin: "http://localhost:3000" })).toBe(403);
      expect(await status({ origin: "https://localhost:3000" })).toBe(403);
      expect(await status({ origin: "http://rewards.example" })).toBe(403);
      expect(await status({ origin: "null" })).toBe(403);
      expect(await status({ "sec-fetch-site": "cross-site" })).toBe(403);
      expect(await status({})).toBe(200);
    });
  });
});
