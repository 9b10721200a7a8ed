import type { GrievanceOfficer } from "./contracts/support";

/**
 * The grievance officer's rule (issue 44; IT Rules 2021, rule 3(2), read 2026-11-29): a complaint
 * is acknowledged within 24 hours and resolved within 15 days. The owner may shorten the clocks,
 * never lengthen them; these bounds are the API's, the console form's and its inputs'.
 */
export const GRIEVANCE_CLOCK_LIMITS = {
  acknowledge_hours: { min: 1, max: 24 },
  resolve_days: { min: 1, max: 15 },
} as const;

/** Until the owner names one: no officer, the rule's clocks. */
export const DEFAULT_GRIEVANCE_OFFICER: GrievanceOfficer = {
  name: "",
  email: "",
  address: "",
  acknowledge_hours: GRIEVANCE_CLOCK_LIMITS.acknowledge_hours.max,
  resolve_days: GRIEVANCE_CLOCK_LIMITS.resolve_days.max,
};
