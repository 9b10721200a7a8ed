import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc } from "drizzle-orm";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { contactMessages } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";

const THANKS =
  "Thank you! Your message has been successfully received. We will be in touch with you shortly.";
const MOBILE_MSG = "Please enter a valid 10-digit Indian mobile number";

const message = (extra: Record<string, unknown> = {}) => ({
  name: "Meera",
  email_address: "meera@example.com",
  mobile_number: "9876543210",
  subject: "Withdrawal question",
  message: "When is my withdrawal paid?",
  consent: true,
  ...extra,
});

describe.each(drivers("one"))("contact form (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const send = (obj: unknown, cookie?: string) =>
    t.request("/userMessageRoute/userMessageSave_post", { obj, cookie });
  const stored = async () => Number((await t.deps.db.select({ n: count() }).from(contactMessages))[0]!.n);
  const latest = async () =>
    (await t.deps.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0]!;

  it("stores a visitor's message without an account", async () => {
    const res = await send(message({ name: "  Meera  " }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, msg: THANKS });
    expect(await latest()).toMatchObject({
      userId: null,
      name: "Meera",
      email: "meera@example.com",
      mobileNumber: "9876543210",
      subject: "Withdrawal question",
      message: "When is my withdrawal paid?",
    });
  });

  it("files a logged-in member's message under their account", async () => {
    const m = await createMember(t.deps.db, {
      name: "Member",
      email: "member@example.com",
      password: "member-pass-1",
    });
    const login = await t.request("/userRoute/login", {
      obj: { email_userName: "member@example.com", password: "member-pass-1", loginRemember_state: false },
    });
    const res = await send(message({ subject: "From a member" }), sessionCookie(login.setCookie));
    expect(res.status).toBe(200);
    expect(await latest()).toMatchObject({ userId: m.id, subject: "From a member" });
    // A stale cookie does not block the form: the message is stored as a visitor's.
    expect((await send(message({ subject: "Stale" }), "sid=expired-token")).status).toBe(200);
    expect(await latest()).toMatchObject({ userId: null, subject: "Stale" });
  });

  it.each([
    ["a 9-digit mobile", { mobile_number: "987654321" }, MOBILE_MSG],
    ["a mobile starting with 0", { mobile_number: "0987654321" }, MOBILE_MSG],
    ["a mobile with letters", { mobile_number: "98765abcde" }, MOBILE_MSG],
    ["a numeric mobile", { mobile_number: 9876543210 }, MOBILE_MSG],
    ["no consent", { consent: false }, "Please agree to the terms of use and the privacy policy."],
    ["a blank name", { name: "   " }, "Please enter your name."],
    ["a bad e-mail", { email_address: "meera-at-example" }, "Please enter a valid email address."],
    ["an empty message", { message: "" }, "Please enter your message."],
    ["an extra field", { userId: "someone-else" }, "Unexpected field: userId."],
  ])("refuses %s with a clear message and stores nothing", async (_label, extra, expected) => {
    const before = await stored();
    const res = await send(message(extra));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error_msg: expected, error_code: "invalid_input" });
    expect(await stored()).toBe(before);
  });

  it("refuses bodies that are not an obj", async () => {
    const before = await stored();
    for (const init of [
      { json: message() },
      { json: { obj: "nonsense" } },
      { rawBody: "{", method: "POST" },
    ]) {
      const res = await t.request("/userMessageRoute/userMessageSave_post", init);
      expect(res.status).toBe(400);
    }
    const { consent: _c, ...noConsent } = message();
    expect((await send(noConsent)).body.error_msg).toBe(
      "Please agree to the terms of use and the privacy policy.",
    );
    expect(await stored()).toBe(before);
  });
});
