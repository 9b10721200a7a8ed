import { describe, expect, it } from "vitest";
import { FORGOT_LINK_HI, mailWords } from "../../api/lib/mailWords";
import en from "../../app/i18n/en";
import hi from "../../app/i18n/hi";
import { localizeMessage, registerMessages } from "../../shared/i18n/apiMessages";
import { HINDI_API_MESSAGES } from "../../shared/i18n/apiMessages.hi";
import { PROFILE_MESSAGES } from "../../api/accounts/profile";

registerMessages("hi", HINDI_API_MESSAGES);

/**
 * The security notices send a member who did not make a change to the login page's "I Forgot My
 * Password" link: each language's mail names that link as the member's login page shows it.
 */
describe("the link the security notices name", () => {
  const notices = (language: string) => {
    const w = mailWords(language);
    return {
      payoutChanged: w.payoutChanged.ifNotYou,
      emailChanged: w.emailChanged.ifNotYou,
      emailChangeRequested: w.emailChangeRequested.ifNotYou,
    };
  };

  it("is the Hindi login page's link text in a Hindi mail (the payout change's notice first)", () => {
    expect(FORGOT_LINK_HI).toBe(hi.pub.login.forgotPassword);
    for (const [name, text] of Object.entries(notices("hi"))) {
      expect(text, name).toContain(`"${hi.pub.login.forgotPassword}"`);
      expect(text, name).not.toContain(en.pub.login.forgotPassword);
    }
  });

  it("is the specification's 'I Forgot My Password' in an English mail", () => {
    for (const [name, text] of Object.entries(notices("en")))
      expect(text, name).toContain(en.pub.login.forgotPassword);
  });

  it("is the same on a Hindi page that tells a member without a password to use it", () => {
    const hindi = localizeMessage("hi", PROFILE_MESSAGES.noPassword);
    expect(hindi).toContain(hi.pub.login.forgotPassword);
    expect(hindi).not.toContain(en.pub.login.forgotPassword);
  });
});
