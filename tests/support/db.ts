import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "../../api/db/client";

/**
 * Integration tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL
 * is set. Each call gets a fresh, migrated database of its own.
 */
export type Driver = "pglite" | "postgres";

export function drivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export async function freshDatabase(driver: Driver): Promise<Database> {
  if (driver === "pglite") return openDatabase({});
  const base = process.env.TEST_DATABASE_URL!;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), maxConnections: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
