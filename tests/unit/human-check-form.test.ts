import { describe, expect, it } from "vitest";
import { humanCheckFromForm } from "../../app/utils/human-check.server";

describe("humanCheckFromForm", () => {
  const form = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.set(k, v);
    return fd;
  };

  it("reads the widget's payload", () => {
    expect(humanCheckFromForm(form({ altcha: "abc", email: "x" }))).toEqual({ altcha: "abc" });
  });

  it("reads the image challenge's token and answer, trimmed", () => {
    expect(humanCheckFromForm(form({ human_check_token: "tok", human_check_answer: "  k7mpx " }))).toEqual({
      image_token: "tok",
      image_answer: "k7mpx",
    });
  });

  it("is undefined when nothing (or only blanks) was sent", () => {
    expect(humanCheckFromForm(form({ email: "x" }))).toBeUndefined();
    expect(humanCheckFromForm(form({ altcha: "", human_check_answer: "   " }))).toBeUndefined();
  });
});
