import { describe, expect, it } from "vitest";
import { humanCheckFromForm } from "../../app/utils/human-check.server";

describe("humanCheckFromForm", () => {
  const form = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.set(k, v);
    return fd;
  };
  const request = (cookie?: string) =>
    new Request("http://localhost/login", { method: "POST", headers: cookie ? { cookie } : {} });

  it("reads the widget's payload", () => {
    expect(humanCheckFromForm(form({ altcha: "abc", email: "x" }), request("hc_img=tok"))).toEqual({
      altcha: "abc",
    });
  });

  it("reads the picture's answer, trimmed, with the token from the picture's cookie", () => {
    expect(
      humanCheckFromForm(form({ human_check_answer: "  k7mpx " }), request("sid=s; hc_img=tok.1-_; toast=t")),
    ).toEqual({ image_token: "tok.1-_", image_answer: "k7mpx" });
  });

  it("ignores a token posted in the form: only the cookie's counts", () => {
    expect(
      humanCheckFromForm(form({ human_check_token: "forged", human_check_answer: "k7mpx" }), request()),
    ).toEqual({ image_answer: "k7mpx" });
  });

  it("is undefined when nothing (or only blanks) was sent", () => {
    expect(humanCheckFromForm(form({ email: "x" }), request("hc_img=tok"))).toBeUndefined();
    expect(humanCheckFromForm(form({ altcha: "", human_check_answer: "   " }), request())).toBeUndefined();
  });
});
