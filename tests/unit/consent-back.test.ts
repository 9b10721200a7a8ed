import { describe, expect, it } from "vitest";
import { consentBack } from "../../app/utils/consent-back";

/** The consent step's way back (issue 44): a path of this site only, never the step itself. */
describe("the consent step's back", () => {
  const site = "https://rewards.example";

  it("goes back to the member page that sent the visit, with its query", () => {
    expect(consentBack("/member/withdraw", site)).toBe("/member/withdraw");
    expect(consentBack("/member/task-wall?page=2", site)).toBe("/member/task-wall?page=2");
    expect(consentBack(`${site}/member/settings#privacy`, site)).toBe("/member/settings#privacy");
  });

  it("never leaves the site, nor loops to the step: the dashboard instead", () => {
    for (const back of [
      null,
      "",
      "//evil.example/member/withdraw",
      "https://evil.example/member/withdraw",
      "/\\evil.example",
      "javascript:alert(1)",
      "/member/consent",
      "/member/consent?back=%2Fmember%2Fwithdraw",
      "/",
    ])
      expect(consentBack(back, site), String(back)).toBe("/member/dashboard");
  });
});
