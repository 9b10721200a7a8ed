import type { Deps } from "../deps";
import { runRetention } from "./retention";
import type { RetentionRun } from "../../shared/retention";
import { runDormant, type DormantRun } from "../members/dormant";
import { resumeBreachMails } from "../support/breach";
import { expireExports, makePendingExports } from "../members/export";
import { publicOrigin } from "../config";
import { log } from "../../shared/log.server";

/**
 * The housekeeping job (issue 44 §4, §5; ADR 0035): the retention sweep, the dormant-account job,
 * breach notices still to mail, and members' data exports a stopped node left unmade or whose link
 * expired, about once an hour on every node (each run waits a random
 * 50–150 % of the period, so nodes started together drift apart). Each part claims its rows with
 * FOR UPDATE SKIP LOCKED, so nodes running at once share the work. Tracked in deps.inFlight, so a
 * stopping node waits for a run it started; stop() ends the timer.
 */
/** What one run did, part by part; a part that failed (logged) is missing. */
export interface HousekeepingRun {
  retention?: RetentionRun[];
  dormant?: DormantRun;
  breachMails?: number;
  exports?: { made: number; expired: number };
}

export type HousekeepingDeps = Pick<Deps, "db" | "mailer" | "config" | "clock">;

export async function runHousekeeping(deps: HousekeepingDeps): Promise<HousekeepingRun> {
  const now = deps.clock();
  const run: HousekeepingRun = {};
  const part = async <K extends keyof HousekeepingRun>(
    key: K,
    name: string,
    work: () => Promise<HousekeepingRun[K]>,
  ) => {
    try {
      run[key] = await work();
    } catch (e) {
      log.error({ err: e }, `housekeeping: ${name} failed`);
    }
  };
  await part("retention", "retention", () => runRetention(deps.db, now));
  await part("dormant", "dormant accounts", () => runDormant(deps, now));
  await part("breachMails", "breach notice mails", () => resumeBreachMails(deps));
  await part("exports", "data exports", async () => {
    const options = {
      now,
      mailer: deps.mailer,
      site: deps.config.SITE_NAME,
      origin: publicOrigin(deps.config),
    };
    let made = 0;
    let expired = 0;
    for (let n; (n = await makePendingExports(deps.db, options)) > 0;) made += n;
    for (let n; (n = await expireExports(deps.db, now)) > 0;) expired += n;
    return { made, expired };
  });
  return run;
}

export function startHousekeeping(deps: Deps, everyMs = 60 * 60_000): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void deps.inFlight
          .track(runHousekeeping(deps))
          .catch((e: unknown) => log.error({ err: e }, "housekeeping failed"))
          .finally(schedule);
      },
      Math.round(everyMs * (0.5 + Math.random())),
    );
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
