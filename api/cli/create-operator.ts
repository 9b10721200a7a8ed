import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseConfig } from "../config";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailField, newPasswordField } from "../../shared/fields";
import { openCommandDatabase } from "./database";
import { ensurePlatformAccounts } from "../ledger/ledger";
import { changeOperatorRoles, createOrPromoteOperator, removeOperator } from "../accounts/operators";
import { isUsableTotpSecret, newTotpSecret, totpUri } from "../accounts/secondFactor";
import { DomainError } from "../lib/errors";
import { OPERATOR_ROLES, isOperatorRole, type OperatorRole } from "../../shared/operatorRoles";

/**
 * The operators' command (`npm run operator:create -- …`), three ways:
 *
 * - `--email x --password y [--name z] [--totp-secret BASE32] [--role owner|payouts|support|content|moderation]`
 *   creates an operator (an owner unless `--role` says otherwise; `--role` may repeat or list
 *   roles with commas), or promotes the member with that e-mail, and sets their password and the
 *   secret of their second factor (generated unless given), printed with an otpauth:// URI for an
 *   authenticator app. Running it again for the same operator replaces all three.
 * - `--email x --role r[,r…]` (no password): replaces an existing operator's roles, nothing else.
 * - `--email x --remove`: takes the operator role away; the account is a plain member again.
 *
 * Every change ends all the account's sessions and is audited (actor `cli`, roles before and
 * after). It opens the same database the server uses: DATABASE_URL, else the embedded one in
 * DATA_DIR, which it refuses to open while a site runs on it (embedded PGlite allows one process
 * at a time: a write made beside the running site would be lost).
 */
const ROLE_LIST = OPERATOR_ROLES.join("|");
const USAGE = [
  `Usage: npm run operator:create -- --email <email> --password <password> [--name <name>] [--totp-secret <base32>] [--role ${ROLE_LIST}]`,
  `       npm run operator:create -- --email <email> --role <role>[,<role>…]   (an operator's roles, nothing else)`,
  "       npm run operator:create -- --email <email> --remove                  (back to a plain member)",
].join("\n");

export type OperatorCommand =
  | {
      change?: undefined;
      email: string;
      password: string;
      name?: string;
      totpSecret?: string;
      roles: OperatorRole[];
    }
  | { change: "roles"; email: string; roles: OperatorRole[] }
  | { change: "remove"; email: string; roles?: undefined };

function parseRoles(given: string[]): OperatorRole[] {
  const roles = given.flatMap((r) => r.split(",")).map((r) => r.trim().toLowerCase());
  const unknown = roles.filter((r) => !isOperatorRole(r));
  if (unknown.length || !roles.length)
    throw new Error(
      `--role must be one of ${OPERATOR_ROLES.join(", ")} (got ${unknown.join(", ") || "none"}).\n${USAGE}`,
    );
  return [...new Set(roles as OperatorRole[])];
}

export function parseOperatorArgs(argv: string[]): OperatorCommand {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      "totp-secret": { type: "string" },
      role: { type: "string", multiple: true },
      remove: { type: "boolean" },
    },
    strict: true,
  });
  const email = emailField().safeParse(values.email ?? "");
  if (!email.success) throw new Error(`A valid --email is required.\n${USAGE}`);
  if (values.remove) {
    if (values.password !== undefined || values.role || values.name !== undefined || values["totp-secret"])
      throw new Error(`--remove takes only --email.\n${USAGE}`);
    return { change: "remove", email: email.data };
  }
  if (values.password === undefined && values.role) {
    if (values.name !== undefined || values["totp-secret"] !== undefined)
      throw new Error(`--name and --totp-secret need --password.\n${USAGE}`);
    return { change: "roles", email: email.data, roles: parseRoles(values.role) };
  }
  const password = values.password ?? "";
  if (!newPasswordField().safeParse(password).success)
    throw new Error(
      `--password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.\n${USAGE}`,
    );
  const totpSecret = values["totp-secret"]?.trim().toUpperCase();
  if (totpSecret !== undefined && !isUsableTotpSecret(totpSecret))
    throw new Error(`--totp-secret must be base32 of at least 160 bits (32 characters A-Z, 2-7).\n${USAGE}`);
  return {
    email: email.data,
    password,
    roles: parseRoles(values.role ?? ["owner"]),
    name: values.name?.trim() || undefined,
    ...(totpSecret ? { totpSecret } : {}),
  };
}

async function main(): Promise<void> {
  let args: OperatorCommand;
  try {
    args = parseOperatorArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 2;
    return;
  }
  const config = parseConfig();
  const database = await openCommandDatabase(config);
  if (!database) return;
  try {
    await ensurePlatformAccounts(database.db);
    if (args.change) {
      const done =
        args.change === "remove"
          ? await removeOperator(database.db, args)
          : await changeOperatorRoles(database.db, args);
      console.log(
        args.change === "remove"
          ? `${done.email} is no longer an operator (was: ${done.rolesBefore.join(", ")}). ${done.sessionsEnded} session(s) ended.`
          : `Roles of ${done.email}: ${done.rolesBefore.join(", ")} → ${done.rolesAfter.join(", ")}. ${done.sessionsEnded} session(s) ended.`,
      );
      return;
    }
    const totpSecret = args.totpSecret ?? newTotpSecret();
    const result = await createOrPromoteOperator(database.db, { ...args, totpSecret });
    console.log(
      result.created
        ? `Operator created: ${result.email} (username ${result.userName}).`
        : `Existing member promoted to operator: ${result.email} (username ${result.userName}); password updated.`,
    );
    console.log(`Roles: ${args.roles.join(", ")}.`);
    console.log(
      [
        "Second factor: add this account to an authenticator app (it asks for a 6-digit code at each sign-in).",
        `  secret: ${totpSecret}`,
        `  URI:    ${totpUri({ secret: totpSecret, account: result.email, issuer: config.SITE_NAME })}`,
      ].join("\n"),
    );
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    console.error(e.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

// Runs when started as a command; importing the module (tests) only gives the argument parser.
// Compare real paths so a run through a symlinked checkout still counts as the entry point.
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1]))
  await main();
