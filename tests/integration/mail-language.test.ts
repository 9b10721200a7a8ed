import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { contactMessages, users } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { sendVerificationMail } from "../../api/accounts/emailVerification";
import { requestEmailChange } from "../../api/accounts/profile";
import { replyAsOperator } from "../../api/support/support";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Mails in the member's language (issue 23): the language stored on the account chooses the
 * mail's subject and fixed words; none stored (null) is English, the specification's words.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
const SITE = "Rupee Rewards";

let seq = 0;
async function member(t: TestApi, language: "en" | "hi" | null) {
  seq += 1;
  const email = `lang${seq}@example.com`;
  const created = await createMember(t.deps.db, { name: `Asha ${seq}`, email, password: "first-password-1" });
  await t.deps.db.update(users).set({ language }).where(eq(users.id, created.id));
  return { ...created, name: `Asha ${seq}` };
}

const forgot = (t: TestApi, email: string) =>
  t.request("/userRoute/userLoginforgot_password_send_mail", { obj: { email_address: email } });

describe.each(drivers("one"))("mails in the member's language (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver);
  });
  afterAll(() => t.close());

  const mailTo = (email: string) => t.mails.filter((m) => m.to === email).at(-1)!;

  it("sends the sign-up verification mail in Hindi to a member whose language is hi", async () => {
    const m = await member(t, "hi");
    await sendVerificationMail(t.deps.db, t.deps.mailer, {
      userId: m.id,
      origin: "http://localhost:3000",
      siteName: SITE,
    });
    const mail = mailTo(m.email);
    expect(mail.subject).toBe(`${SITE} के लिए अपना ई-मेल पता पक्का करें`);
    expect(mail.text).toContain(`नमस्ते ${m.name},`);
    expect(mail.text).toContain("24 घंटे के अंदर यह लिंक खोलें");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]+/);
    expect(mail.text).not.toContain("Hello");
    expect(mail.html).toContain(`<p>नमस्ते ${m.name},</p>`);
    expect(mail.html).not.toMatch(/[०-९]/);
  });

  it("sends the verification mail in English, word for word, when no language is stored", async () => {
    const m = await member(t, null);
    await sendVerificationMail(t.deps.db, t.deps.mailer, {
      userId: m.id,
      origin: "http://localhost:3000",
      siteName: SITE,
    });
    const mail = mailTo(m.email);
    expect(mail.subject).toBe(`Confirm your e-mail address for ${SITE}`);
    const link = /http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    expect(mail.text).toBe(
      [
        `Hello ${m.name},`,
        `Welcome to ${SITE}. Open this link within 24 hours to confirm that this address is yours:`,
        link,
        "If you did not sign up, ignore this e-mail.",
      ].join("\n\n"),
    );
    expect(mail.html).toBe(
      `<p>Hello ${m.name},</p>` +
        `<p>Welcome to ${SITE}. Open this link within 24 hours to confirm that this address is yours:</p>` +
        `<p><a href="${link}">${link}</a></p>` +
        `<p>If you did not sign up, ignore this e-mail.</p>`,
    );
  });

  it("a sign-up from a Hindi page stores hi and sends the verification mail in Hindi", async () => {
    const res = await t.request("/userRoute/signUp", {
      headers: { "accept-language": "hi-IN,hi;q=0.9" },
      obj: {
        name: "Ravi",
        mobile_number: 9876543210,
        email_address: "ravi.hindi@example.com",
        password: "correct-horse-1",
        ...SIGN_UP_PRIVACY,
      },
    });
    expect(res.status).toBe(200);
    const [stored] = await t.deps.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, "ravi.hindi@example.com"));
    expect(stored?.language).toBe("hi");
    const mail = mailTo("ravi.hindi@example.com");
    expect(mail.subject).toContain("पक्का करें");
    expect(mail.text.startsWith("नमस्ते Ravi,")).toBe(true);
  });

  it("sends the password reset mail in the account's language: Hindi for hi", async () => {
    const m = await member(t, "hi");
    expect((await forgot(t, m.email.toUpperCase())).status).toBe(200);
    const mail = mailTo(m.email);
    expect(mail.subject).toBe("अपना पासवर्ड रीसेट करें");
    expect(mail.text).toContain(`नमस्ते ${m.name},`);
    expect(mail.text).toContain(`हमें आपके ${SITE} खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।`);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/password-reset-form\/[A-Za-z0-9_-]+/);
    expect(mail.html).toContain("1 घंटे के अंदर");
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[०-९]/);
  });

  it("sends the password reset mail in English, word for word, for an account with no language", async () => {
    const m = await member(t, null);
    expect((await forgot(t, m.email)).status).toBe(200);
    const mail = mailTo(m.email);
    expect(mail.subject).toBe("Reset your password");
    const link = /http:\/\/localhost:3000\/password-reset-form\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    expect(mail.text).toBe(
      [
        `Hello ${m.name},`,
        "",
        `We received a request to reset the password of your ${SITE} account.`,
        "Open this link within 1 hour to choose a new password:",
        "",
        link,
        "",
        "If you did not ask for this, ignore this e-mail: your password stays the same.",
      ].join("\n"),
    );
    expect(mail.html).toBe(
      `<p>Hello ${m.name},</p>` +
        `<p>We received a request to reset the password of your ${SITE} account. ` +
        `Open this link within 1 hour to choose a new password:</p>` +
        `<p><a href="${link}">${link}</a></p>` +
        `<p>If you did not ask for this, ignore this e-mail: your password stays the same.</p>`,
    );
    expect(DEVANAGARI.test(`${mail.subject}${mail.text}${mail.html}`)).toBe(false);
  });

  it("an English account (en) gets English too", async () => {
    const m = await member(t, "en");
    expect((await forgot(t, m.email)).status).toBe(200);
    expect(mailTo(m.email).subject).toBe("Reset your password");
  });

  it("the e-mail change link and notice follow the account's language; the HTML stays escaped", async () => {
    const hi = await member(t, "hi");
    await requestEmailChange(t.deps.db, t.deps.mailer, {
      member: { id: hi.id, sessionId: 0 },
      email: "new.home+<b>@example.com",
      currentPassword: "first-password-1",
      origin: "http://localhost:3000",
      siteName: "R&R",
    });
    const link = t.mails.find((m) => m.to === "new.home+<b>@example.com")!;
    expect(link.subject).toBe("R&R के लिए अपना नया ई-मेल पता पक्का करें");
    expect(link.html).toContain("<b>new.home+&#60;b&#62;@example.com</b>");
    expect(link.html).toContain("अपने R&#38;R खाते के लिए");
    const notice = mailTo(hi.email);
    expect(notice.subject).toBe("आपका R&R ई-मेल पता बदलने का अनुरोध किया गया");
    expect(notice.text.startsWith(`नमस्ते ${hi.name},`)).toBe(true);

    const en = await member(t, null);
    await requestEmailChange(t.deps.db, t.deps.mailer, {
      member: { id: en.id, sessionId: 0 },
      email: "other.home@example.com",
      currentPassword: "first-password-1",
      origin: "http://localhost:3000",
      siteName: SITE,
    });
    const enLink = mailTo("other.home@example.com");
    expect(enLink.subject).toBe(`Confirm your new e-mail address for ${SITE}`);
    expect(
      enLink.text.startsWith(
        `Open this link within one hour to use other.home@example.com for your ${SITE} account:`,
      ),
    ).toBe(true);
    expect(mailTo(en.email).subject).toBe(`A change of your ${SITE} e-mail address was requested`);
  });

  it("an operator's reply keeps the operator's words and wraps them in the member's language", async () => {
    const operator = await member(t, null);
    const hi = await member(t, "hi");
    const en = await member(t, null);
    const write = async (who: { id: string; email: string; name: string }) => {
      const [row] = await t.deps.db
        .insert(contactMessages)
        .values({
          userId: who.id,
          name: who.name,
          email: who.email,
          mobileNumber: "9876543210",
          subject: "Payment",
          message: "Where is my money?",
        })
        .returning({ id: contactMessages.id });
      return row!.id;
    };
    const deps = { db: t.deps.db, mailer: t.deps.mailer, clock: () => new Date() };
    await replyAsOperator(deps, { messageId: await write(hi), operatorId: operator.id, body: "It is sent." });
    const hiMail = mailTo(hi.email);
    expect(hiMail.subject).toBe("Re: Payment");
    expect(hiMail.text).toBe(
      `नमस्ते ${hi.name},\n\nIt is sent.\n\nआप यह बातचीत अपने सहायता पेज पर देख सकते हैं और वहीं जवाब दे सकते हैं।\n\n---\nआपका संदेश "Payment":\n> Where is my money?\n`,
    );
    await replyAsOperator(deps, { messageId: await write(en), operatorId: operator.id, body: "It is sent." });
    expect(mailTo(en.email).text).toBe(
      `Hello ${en.name},\n\nIt is sent.\n\nYou can see this conversation and reply on your support page.\n\n---\nYour message "Payment":\n> Where is my money?\n`,
    );
  });
});
