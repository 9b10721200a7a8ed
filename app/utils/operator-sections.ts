import { mayUse, type OperatorRole } from "../../shared/operatorRoles";

/**
 * The console's sections and the roles that open each (the owner opens all). The API checks the
 * same roles on every endpoint behind a section; this only hides what a role cannot use.
 */
export const OPERATOR_SECTIONS: { to: string; label: string; roles: OperatorRole[] }[] = [
  { to: "/admin", label: "Overview", roles: ["owner"] },
  { to: "/admin/members", label: "Members", roles: ["payouts", "support", "moderation"] },
  { to: "/admin/adjustments", label: "Adjustments", roles: ["owner"] },
  { to: "/admin/withdrawals", label: "Withdrawals", roles: ["payouts"] },
  { to: "/admin/payouts", label: "Payouts", roles: ["payouts"] },
  { to: "/admin/risk", label: "Risk", roles: ["payouts", "moderation"] },
  { to: "/admin/gift-codes", label: "Gift Codes", roles: ["owner"] },
  { to: "/admin/payout-methods", label: "Payout Methods", roles: ["owner"] },
  { to: "/admin/settings", label: "Settings", roles: ["owner"] },
  { to: "/admin/tax", label: "Tax", roles: ["owner"] },
  { to: "/admin/messages", label: "Messages", roles: ["support"] },
  { to: "/admin/rights-requests", label: "Rights Requests", roles: ["support"] },
  { to: "/admin/content", label: "Content", roles: ["content"] },
  { to: "/admin/ads", label: "Ad Pricing", roles: ["owner"] },
  { to: "/admin/campaigns", label: "Campaigns", roles: ["moderation"] },
  { to: "/admin/short-links", label: "Short Links", roles: ["owner"] },
  { to: "/admin/ad-cheat-log", label: "Cheat Log", roles: ["moderation"] },
  { to: "/admin/task-walls", label: "Task Walls", roles: ["owner"] },
  { to: "/admin/postbacks", label: "Postbacks", roles: ["moderation"] },
  { to: "/admin/games", label: "Games", roles: ["moderation"] },
  { to: "/admin/audit", label: "Audit Log", roles: ["owner"] },
  { to: "/admin/retention", label: "Retention", roles: ["owner"] },
  { to: "/admin/breach", label: "Breach Notice", roles: ["owner"] },
  { to: "/admin/ledger", label: "Ledger Check", roles: ["payouts"] },
];

/** The sections an operator with `roles` may open, in the menu's order. */
export function sectionsFor(roles: readonly OperatorRole[]) {
  return OPERATOR_SECTIONS.filter((s) => mayUse(roles, s.roles));
}
