import type { Tx } from "../db/client";
import { profileCorrections } from "../db/schema";
import { recordAnsweredRequest } from "./rightsRequests";

/**
 * Corrections are logged (issue 44 §2; DPDP Act 2023 s.12): each change of a member's profile data
 * is a row naming the field with the old and new values masked (first and last character kept),
 * in the same transaction as the change, and a correction request answered at once on the rights
 * clock. The member's export and the operators' rights list show them; the values themselves stay
 * only on the account.
 */

/** "Asha Rao" → "A••••••o"; short values are all dots; empty stays empty. */
export function maskValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const chars = [...String(value)];
  if (chars.length === 0) return "";
  if (chars.length <= 2) return "•".repeat(chars.length);
  return `${chars[0]}${"•".repeat(Math.min(chars.length - 2, 12))}${chars[chars.length - 1]}`;
}

/** Logs the fields whose value changed between `before` and `after`; answers how many. */
export async function logCorrections(
  tx: Tx,
  input: {
    userId: string;
    actorUserId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    now?: Date;
  },
): Promise<number> {
  const now = input.now ?? new Date();
  const changed = Object.keys(input.after).filter(
    (k) => String(input.before[k] ?? "") !== String(input.after[k] ?? ""),
  );
  if (changed.length === 0) return 0;
  await tx.insert(profileCorrections).values(
    changed.map((field) => ({
      userId: input.userId,
      field,
      oldMasked: maskValue(input.before[field]),
      newMasked: maskValue(input.after[field]),
      actorUserId: input.actorUserId,
      createdAt: now,
    })),
  );
  await recordAnsweredRequest(tx, {
    userId: input.userId,
    kind: "correction",
    now,
    detail: { fields: changed },
  });
  return changed.length;
}
