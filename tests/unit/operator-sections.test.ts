import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  OPERATOR_SECTIONS,
  SECTION_GROUPS,
  sectionGroupsFor,
  sectionsFor,
} from "../../app/utils/operator-sections";
import { OPERATOR_ROLES, isOperatorRole, mayUse } from "../../shared/operatorRoles";

describe("the console's sections by role", () => {
  it("opens everything to the owner and one part to each other role", () => {
    expect(sectionsFor(["owner"])).toEqual(OPERATOR_SECTIONS);
    expect(sectionsFor(["support"]).map((s) => s.label)).toEqual(["Members", "Messages", "Rights Requests"]);
    expect(sectionsFor(["payouts"]).map((s) => s.label)).toEqual([
      "Members",
      "Risk",
      "Withdrawals",
      "Payouts",
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
      "Risk",
      "Messages",
      "Rights Requests",
      "Withdrawals",
      "Payouts",
      "Ledger Check",
    ]);
    expect(sectionsFor([])).toEqual([]);
  });

  it("puts every console page's section in exactly one of the four groups, in the issue's grouping", () => {
    expect(SECTION_GROUPS).toEqual(["Business", "Money", "Earning", "Site"]);
    const byGroup = Object.fromEntries(
      SECTION_GROUPS.map((g) => [g, OPERATOR_SECTIONS.filter((s) => s.group === g).map((s) => s.label)]),
    );
    expect(byGroup).toEqual({
      Business: ["Overview", "Members", "Risk", "Messages", "Rights Requests"],
      Money: ["Withdrawals", "Payouts", "Adjustments", "Gift Codes", "Payout Methods", "Tax", "Ledger Check"],
      Earning: ["Ad Pricing", "Campaigns", "Cheat Log", "Short Links", "Task Walls", "Postbacks", "Games"],
      Site: ["Content", "Settings", "Audit Log", "Retention", "Breach Notice"],
    });
    // Listed group by group, each path once.
    const order = OPERATOR_SECTIONS.map((s) => SECTION_GROUPS.indexOf(s.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const paths = OPERATOR_SECTIONS.map((s) => s.to);
    expect(new Set(paths).size).toBe(paths.length);
    // Every page of the console (app/routes/admin+, its first path segment) belongs to a section.
    const firstSegments = new Set(
      readdirSync("app/routes/admin+")
        .filter((f) => f !== "_layout.tsx")
        .map((f) => f.replace(/\.tsx$/, "").split(/[._]/)[0]!),
    );
    expect([...firstSegments].map((seg) => (seg ? `/admin/${seg}` : "/admin")).sort()).toEqual(
      [...paths].sort(),
    );
  });

  it("builds the menu of a role from the groups it opens, each with that role's sections only", () => {
    expect(sectionGroupsFor(["owner"]).map((g) => [g.group, g.sections.length])).toEqual([
      ["Business", 5],
      ["Money", 7],
      ["Earning", 7],
      ["Site", 5],
    ]);
    expect(sectionGroupsFor(["support"]).map((g) => [g.group, g.sections.map((s) => s.label)])).toEqual([
      ["Business", ["Members", "Messages", "Rights Requests"]],
    ]);
    expect(sectionGroupsFor(["content"]).map((g) => [g.group, g.sections.map((s) => s.label)])).toEqual([
      ["Site", ["Content"]],
    ]);
    expect(sectionGroupsFor(["moderation"]).map((g) => [g.group, g.sections.map((s) => s.label)])).toEqual([
      ["Business", ["Members", "Risk"]],
      ["Earning", ["Campaigns", "Cheat Log", "Postbacks", "Games"]],
    ]);
    // Each role keeps exactly the sections it had: grouping changes the order, not who sees what.
    for (const role of ["owner", "payouts", "support", "content", "moderation"] as const)
      expect(
        sectionGroupsFor([role])
          .flatMap((g) => g.sections)
          .map((s) => s.to)
          .sort(),
      ).toEqual(
        OPERATOR_SECTIONS.filter((s) => role === "owner" || s.roles.includes(role))
          .map((s) => s.to)
          .sort(),
      );
    expect(sectionGroupsFor([])).toEqual([]);
  });

  it("knows the five roles and nothing else", () => {
    expect(OPERATOR_ROLES).toEqual(["owner", "payouts", "support", "content", "moderation"]);
    expect(isOperatorRole("payouts")).toBe(true);
    expect(isOperatorRole("root")).toBe(false);
    expect(mayUse(["content"], ["payouts"])).toBe(false);
    expect(mayUse(["owner"], ["payouts"])).toBe(true);
  });
});
