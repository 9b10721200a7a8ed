import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { recordAudit } from "../site/audit";
import { createMember, emailKey, hashPassword, normalizeEmail } from "./accounts";
import type { OperatorRole } from "../../shared/operatorRoles";

/**
 * Creates an operator account, or promotes an existing member (matched by e-mail) and sets the
 * password. Used by the command line; the change is audited with the actor `cli`.
 */
export async function createOrPromoteOperator(
  db: Db,
  input: { email: string; password: string; name?: string; totpSecret: string; roles?: OperatorRole[] },
): Promise<{ id: string; userName: string; email: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const roles: OperatorRole[] = input.roles?.length ? [...new Set(input.roles)] : ["owner"];
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(users.emailKey, emailKey(email)));
  if (existing) {
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: "operator",
          operatorRoles: roles,
          passwordHash,
          totpSecret: input.totpSecret,
          totpLastStep: null,
          ...(input.name ? { name: input.name.trim() } : {}),
        })
        .where(eq(users.id, existing.id));
      // Sessions opened before (with the password alone, or under the old password or second
      // factor) end here: an operator session starts at a sign-in with the authenticator code.
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, existing.id))
        .returning({ id: sessions.id });
      await recordAudit(tx, {
        actorUserId: "cli",
        action: "operator.promote",
        target: `user:${existing.id}`,
        before: { role: existing.role, roles: existing.operatorRoles, name: existing.name },
        after: {
          role: "operator",
          roles,
          name: input.name?.trim() || existing.name,
          password: "changed",
          secondFactor: "set up",
          sessionsEnded: ended.length,
        },
      });
    });
    return { id: existing.id, userName: existing.userName, email: existing.email, created: false };
  }
  const created = await createMember(db, {
    name: input.name?.trim() || (email.split("@")[0] ?? "Operator"),
    email,
    password: input.password,
    role: "operator",
    operatorRoles: roles,
  });
  await db
    .update(users)
    .set({ totpSecret: input.totpSecret, totpLastStep: null })
    .where(eq(users.id, created.id));
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: "cli",
      action: "operator.create",
      target: `user:${created.id}`,
      before: null,
      after: { role: "operator", roles, email, userName: created.userName },
    }),
  );
  return { ...created, created: true };
}
