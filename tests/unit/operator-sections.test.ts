import { describe, expect, it } from "vitest";
import { OPERATOR_SECTIONS, sectionsFor } from "../../app/utils/operator-sections";
import { OPERATOR_ROLES, isOperatorRole, mayUse } from "../../shared/operatorRoles";

describe("the console's sections by role", () => {
  it("opens everything to the owner and one part to each other role", () => {
    expect(sectionsFor(["owner"])).toEqual(OPERATOR_SECTIONS);
    expect(sectionsFor(["support"]).map((s) => s.label)).toEqual(["Members", "Messages", "Rights Requests"]);
    expect(sectionsFor(["payouts"]).map((s) => s.label)).toEqual([
      "Members",
      "Withdrawals",
      "Payouts",
      "Risk",
      "Ledger Check",
    ]);
    expect(sectionsFor(["content"]).map((s) => s.label)).toEqual(["Content"]);
    expect(sectionsFor(["moderation"]).map((s) => s.label)).toEqual([
      "Members",
      "Risk",
      "Campaigns",
      "Cheat Log",
      "Postbacks",
      "Games",
    ]);
    expect(sectionsFor(["payouts", "support"]).map((s) => s.label)).toEqual([
      "Members",
      "Withdrawals",
      "Payouts",
      "Risk",
      "Messages",
      "Rights Requests",
      "Ledger Check",
    ]);
    expect(sectionsFor([])).toEqual([]);
  });

  it("knows the five roles and nothing else", () => {
    expect(OPERATOR_ROLES).toEqual(["owner", "payouts", "support", "content", "moderation"]);
    expect(isOperatorRole("payouts")).toBe(true);
    expect(isOperatorRole("root")).toBe(false);
    expect(mayUse(["content"], ["payouts"])).toBe(false);
    expect(mayUse(["owner"], ["payouts"])).toBe(true);
  });
});
