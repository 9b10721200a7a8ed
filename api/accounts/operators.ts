import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens, sessions, users } from "../db/schema";
import { DomainError } from "../lib/errors";
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

/** What a role change or a removal did, for the command's answer. */
export interface OperatorChange {
  id: string;
  email: string;
  userName: string;
  rolesBefore: OperatorRole[];
  rolesAfter: OperatorRole[];
  sessionsEnded: number;
}

export const notAnOperator = (email: string) =>
  `No operator has the e-mail ${email}. To make a member an operator, give --password too.`;

/**
 * Changes an operator's roles, or (`roles` empty) takes the operator role away: a plain member
 * again, without the second factor. Either way every session of the account ends (the next one
 * starts at a sign-in under the new roles) and the change is audited under the actor `cli` with
 * the roles before and after, in one transaction. Only the command line calls it.
 */
async function changeOperator(db: Db, email: string, roles: OperatorRole[]): Promise<OperatorChange> {
  const normalized = normalizeEmail(email);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKey(normalized)))
      .for("update");
    if (!before || before.role !== "operator") throw new DomainError("not_found", notAnOperator(normalized));
    const removal = roles.length === 0;
    await tx
      .update(users)
      .set(
        removal
          ? { role: "member", operatorRoles: [], totpSecret: null, totpLastStep: null }
          : { operatorRoles: roles },
      )
      .where(eq(users.id, before.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, before.id))
      .returning({ id: sessions.id });
    // A sign-in halfway (password given, authenticator code not yet): it starts again too.
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, before.id), eq(accountTokens.purpose, "second_factor")));
    await recordAudit(tx, {
      actorUserId: "cli",
      action: removal ? "operator.remove" : "operator.roles",
      target: `user:${before.id}`,
      before: { role: before.role, roles: before.operatorRoles },
      after: removal
        ? { role: "member", roles: [], secondFactor: "removed", sessionsEnded: ended.length }
        : { role: "operator", roles, sessionsEnded: ended.length },
    });
    return {
      id: before.id,
      email: before.email,
      userName: before.userName,
      rolesBefore: before.operatorRoles,
      rolesAfter: roles,
      sessionsEnded: ended.length,
    };
  });
}

/** An operator's roles replaced by `roles` (at least one). */
export function changeOperatorRoles(
  db: Db,
  input: { email: string; roles: OperatorRole[] },
): Promise<OperatorChange> {
  const roles = [...new Set(input.roles)];
  if (roles.length === 0) throw new DomainError("invalid_input", "Give at least one role.");
  return changeOperator(db, input.email, roles);
}

/** The operator role taken away: a plain member again. */
export function removeOperator(db: Db, input: { email: string }): Promise<OperatorChange> {
  return changeOperator(db, input.email, []);
}
