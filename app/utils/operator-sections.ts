import { mayUse, type OperatorRole } from "../../shared/operatorRoles";

/** The console menu's groups, in the sidebar's order. */
export const SECTION_GROUPS = ["Business", "Money", "Earning", "Site"] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

export interface OperatorSection {
  to: string;
  label: string;
  roles: OperatorRole[];
  group: SectionGroup;
}

/**
 * The console's sections, grouped, and the roles that open each (the owner opens all). The API
 * checks the same roles on every endpoint behind a section; this only hides what a role cannot use.
 * Listed in the menu's order: group by group, each section in exactly one.
 */
export const OPERATOR_SECTIONS: OperatorSection[] = [
  { group: "Business", to: "/admin", label: "Overview", roles: ["owner"] },
  { group: "Business", to: "/admin/members", label: "Members", roles: ["payouts", "support", "moderation"] },
  { group: "Business", to: "/admin/risk", label: "Risk", roles: ["payouts", "moderation"] },
  { group: "Business", to: "/admin/messages", label: "Messages", roles: ["support"] },
  { group: "Business", to: "/admin/rights-requests", label: "Rights Requests", roles: ["support"] },
  { group: "Money", to: "/admin/withdrawals", label: "Withdrawals", roles: ["payouts"] },
  { group: "Money", to: "/admin/payouts", label: "Payouts", roles: ["payouts"] },
  { group: "Money", to: "/admin/adjustments", label: "Adjustments", roles: ["owner"] },
  { group: "Money", to: "/admin/gift-codes", label: "Gift Codes", roles: ["owner"] },
  { group: "Money", to: "/admin/payout-methods", label: "Payout Methods", roles: ["owner"] },
  { group: "Money", to: "/admin/tax", label: "Tax", roles: ["owner"] },
  { group: "Money", to: "/admin/ledger", label: "Ledger Check", roles: ["payouts"] },
  { group: "Earning", to: "/admin/ads", label: "Ad Pricing", roles: ["owner"] },
  { group: "Earning", to: "/admin/campaigns", label: "Campaigns", roles: ["moderation"] },
  { group: "Earning", to: "/admin/ad-cheat-log", label: "Cheat Log", roles: ["moderation"] },
  { group: "Earning", to: "/admin/short-links", label: "Short Links", roles: ["owner"] },
  { group: "Earning", to: "/admin/task-walls", label: "Task Walls", roles: ["owner"] },
  { group: "Earning", to: "/admin/postbacks", label: "Postbacks", roles: ["moderation"] },
  { group: "Earning", to: "/admin/games", label: "Games", roles: ["moderation"] },
  { group: "Site", to: "/admin/content", label: "Content", roles: ["content"] },
  { group: "Site", to: "/admin/settings", label: "Settings", roles: ["owner"] },
  { group: "Site", to: "/admin/audit", label: "Audit Log", roles: ["owner"] },
  { group: "Site", to: "/admin/retention", label: "Retention", roles: ["owner"] },
  { group: "Site", to: "/admin/breach", label: "Breach Notice", roles: ["owner"] },
];

/** The sections an operator with `roles` may open, in the menu's order. */
export function sectionsFor(roles: readonly OperatorRole[]): OperatorSection[] {
  return OPERATOR_SECTIONS.filter((s) => mayUse(roles, s.roles));
}

/** The menu for `roles`: each group with the sections they open; a group with none is left out. */
export function sectionGroupsFor(
  roles: readonly OperatorRole[],
): { group: SectionGroup; sections: OperatorSection[] }[] {
  const open = sectionsFor(roles);
  return SECTION_GROUPS.map((group) => ({ group, sections: open.filter((s) => s.group === group) })).filter(
    (g) => g.sections.length > 0,
  );
}
