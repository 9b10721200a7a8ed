/**
 * Operators' roles, least privilege first: an operator has one or more; `owner` may do everything
 * (roles, settings, configuration), the others one part of the console each. The API checks the
 * role of every operator endpoint; the console shows only the sections the roles open.
 */
export const OPERATOR_ROLES = ["owner", "payouts", "support", "content", "moderation"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  owner: "Owner: everything, including roles and settings",
  payouts: "Payouts: the withdrawal queue",
  support: "Support: members' messages",
  content: "Content: the site's words",
  moderation: "Moderation: campaigns, the cheat log, postbacks, games",
};

export function isOperatorRole(v: unknown): v is OperatorRole {
  return typeof v === "string" && (OPERATOR_ROLES as readonly string[]).includes(v);
}

/** Whether an operator with `roles` may use what any of `allowed` may (the owner may use all). */
export function mayUse(roles: readonly OperatorRole[], allowed: readonly OperatorRole[]): boolean {
  return roles.includes("owner") || roles.some((r) => allowed.includes(r));
}

/** The answer when an operator's roles do not open an endpoint (403). */
export const ROLE_REFUSED = "Your operator role does not allow this.";
