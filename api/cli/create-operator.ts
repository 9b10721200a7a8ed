import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseConfig } from "../config";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailField, newPasswordField } from "../../shared/fields";
import { openDatabase } from "../db/client";
import { ensurePlatformAccounts } from "../ledger/ledger";
import { createOrPromoteOperator } from "../accounts/operators";
import { isUsableTotpSecret, newTotpSecret, totpUri } from "../accounts/secondFactor";
import { OPERATOR_ROLES, isOperatorRole, type OperatorRole } from "../../shared/operatorRoles";

/**
 * `npm run operator:create -- --email x --password y [--name z] [--totp-secret BASE32]
 * [--role owner|payouts|support|content|moderation]`: creates an operator (an owner unless `--role`
 * says otherwise; `--role` may repeat or list roles with commas), or promotes the member with that e-mail, and sets their password and the secret of
 * their second factor (generated unless given), printed with an otpauth:// URI for an
 * authenticator app. Running it again for the same operator replaces both. Opens the same database the server uses
 * (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first: embedded PGlite
 * allows one process at a time).
 */
const USAGE =
  "Usage: npm run operator:create -- --email <email> --password <password> [--name <name>] [--totp-secret <base32>] [--role owner|payouts|support|content|moderation]";

export function parseOperatorArgs(argv: string[]): {
  email: string;
  password: string;
  name?: string;
  totpSecret?: string;
  roles: OperatorRole[];
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      "totp-secret": { type: "string" },
      role: { type: "string", multiple: true },
    },
    strict: true,
  });
  const email = emailField().safeParse(values.email ?? "");
  if (!email.success) throw new Error(`A valid --email is required.\n${USAGE}`);
  const password = values.password ?? "";
  if (!newPasswordField().safeParse(password).success)
    throw new Error(
      `--password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.\n${USAGE}`,
    );
  const totpSecret = values["totp-secret"]?.trim().toUpperCase();
  if (totpSecret !== undefined && !isUsableTotpSecret(totpSecret))
    throw new Error(`--totp-secret must be base32 of at least 160 bits (32 characters A-Z, 2-7).\n${USAGE}`);
  const roles = (values.role ?? ["owner"]).flatMap((r) => r.split(",")).map((r) => r.trim().toLowerCase());
  const unknown = roles.filter((r) => !isOperatorRole(r));
  if (unknown.length || !roles.length)
    throw new Error(
      `--role must be one of ${OPERATOR_ROLES.join(", ")} (got ${unknown.join(", ") || "none"}).\n${USAGE}`,
    );
  return {
    email: email.data,
    password,
    roles: [...new Set(roles as OperatorRole[])],
    name: values.name?.trim() || undefined,
    ...(totpSecret ? { totpSecret } : {}),
  };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseOperatorArgs>;
  try {
    args = parseOperatorArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 2;
    return;
  }
  const config = parseConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
  });
  try {
    await ensurePlatformAccounts(database.db);
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
  } finally {
    await database.close();
  }
}

// Runs when started as a command; importing the module (tests) only gives the argument parser.
// Compare real paths so a run through a symlinked checkout still counts as the entry point.
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1]))
  await main();
