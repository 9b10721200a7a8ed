import type { Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { embeddedDatabaseHolder, embeddedDatabaseInUse } from "../db/embeddedLock";

/**
 * The database an operator's command works on: PostgreSQL when DATABASE_URL is set, else the
 * embedded one — refused (a message and exit code 1) while a running site holds it, since two
 * processes on one embedded data directory would corrupt it.
 */
export async function openCommandDatabase(config: Config): Promise<Database | undefined> {
  if (!config.DATABASE_URL) {
    const holder = embeddedDatabaseHolder(config.DATA_DIR);
    if (holder !== undefined) {
      console.error(embeddedDatabaseInUse(config.DATA_DIR, holder));
      process.exitCode = 1;
      return undefined;
    }
  }
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
  });
}
