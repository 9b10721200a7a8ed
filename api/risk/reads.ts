import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberRisk } from "../db/schema";
import { getSetting } from "../site/settings";
import { DEFAULT_RISK_POLICY, type RiskLevel, type RiskPolicy } from "../../shared/risk";

/**
 * Risk reads with no side effects (issue 21): the operator's policy and a member's stored score.
 * Apart from the scoring (score.ts), which applies restrictions (api/members) and reads these.
 */

/** The operator's risk settings, any field they never set taken from the defaults. */
export async function riskPolicy(db: Db | Tx): Promise<RiskPolicy> {
  return riskPolicyOf(await getSetting(db, "risk_policy"));
}

/** The policy from the setting's stored value (none: the defaults), read by a statement that also reads more. */
export function riskPolicyOf(value: unknown): RiskPolicy {
  const stored = (value ?? {}) as Partial<RiskPolicy>;
  return {
    ...DEFAULT_RISK_POLICY,
    ...stored,
    weights: { ...DEFAULT_RISK_POLICY.weights, ...stored.weights },
    thresholds: { ...DEFAULT_RISK_POLICY.thresholds, ...stored.thresholds },
  };
}

/** A member's score and step while nothing was ever recorded for them. */
export const NO_SCORE = { score: 0, level: "none" as RiskLevel, updatedAt: null };

/** A member's score and step as stored (none when nothing was ever recorded). */
export async function memberScore(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(memberRisk).where(eq(memberRisk.userId, userId));
  return row ?? { userId, ...NO_SCORE, reasons: [] as string[] };
}
