import { parseConfig } from "../config";
import { createMailer } from "../site/mailer";
import { runHousekeeping } from "../housekeeping/job";
import { RETENTION_LABELS } from "../../shared/retention";
import { openCommandDatabase } from "./database";

/**
 * The housekeeping job on demand (`npm run housekeeping`): the run every node makes about hourly
 * (api/housekeeping/job.ts, ADR 0035) — the retention sweep, the dormant-account job, breach-notice
 * mails left to send and data exports left unmade — once, printing what each part did. Safe beside
 * running nodes on PostgreSQL (each part claims its rows with SKIP LOCKED); like the operators'
 * command it refuses the embedded database while a site runs on it. Exit code 1 when a part failed
 * (its error is logged).
 */
async function main(): Promise<void> {
  const config = parseConfig();
  const database = await openCommandDatabase(config);
  if (!database) return;
  try {
    const run = await runHousekeeping({
      db: database.db,
      config,
      clock: () => new Date(),
      mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    });
    for (const r of run.retention ?? [])
      console.log(
        `${RETENTION_LABELS[r.kind].label}: ${r.deleted} deleted in ${r.statements} statement(s), older than ${r.cutoff}.`,
      );
    if (run.dormant)
      console.log(
        `Dormant accounts: ${run.dormant.warned} warned, ${run.dormant.erased} erased, ${run.dormant.paidOut} paid out, ${run.dormant.skipped} skipped.`,
      );
    if (run.breachMails !== undefined) console.log(`Breach notices: ${run.breachMails} mail(s) sent.`);
    if (run.exports) console.log(`Data exports: ${run.exports.made} made, ${run.exports.expired} expired.`);
    if (!run.retention || !run.dormant || run.breachMails === undefined || !run.exports) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
