import { parseConfig } from "../config";
import { openDatabase } from "../db/client";
import { embeddedDatabaseHolder, embeddedDatabaseInUse } from "../db/embeddedLock";
import { createMailer } from "../site/mailer";
import { runRetention } from "../housekeeping/retention";
import { runDormant } from "../members/dormant";
import { resumeBreachMails } from "../support/breach";
import { RETENTION_LABELS } from "../../shared/retention";

/**
 * The housekeeping job on demand (`npm run housekeeping`): the retention sweep, the dormant-account
 * job and breach-notice mails left to send, once, as every node runs them about hourly
 * (api/housekeeping/job.ts, ADR 0035). Safe beside running nodes on PostgreSQL (each part claims
 * its rows with SKIP LOCKED); like the operators' command it refuses the embedded database while
 * a site runs on it.
 */
async function main(): Promise<void> {
  const config = parseConfig();
  if (!config.DATABASE_URL) {
    const holder = embeddedDatabaseHolder(config.DATA_DIR);
    if (holder !== undefined) {
      console.error(embeddedDatabaseInUse(config.DATA_DIR, holder));
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
  });
  try {
    const deps = {
      db: database.db,
      config,
      clock: () => new Date(),
      mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    };
    for (const run of await runRetention(deps.db, deps.clock()))
      console.log(
        `${RETENTION_LABELS[run.kind].label}: ${run.deleted} deleted in ${run.statements} statement(s), older than ${run.cutoff}.`,
      );
    const dormant = await runDormant(deps);
    console.log(
      `Dormant accounts: ${dormant.warned} warned, ${dormant.erased} erased, ${dormant.paidOut} paid out, ${dormant.skipped} skipped.`,
    );
    console.log(`Breach notices: ${await resumeBreachMails(deps)} mail(s) sent.`);
  } finally {
    await database.close();
  }
}

await main();
