import type { Deps } from "../deps";
import { runRetention } from "./retention";
import { runDormant } from "../members/dormant";
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
export async function runHousekeeping(deps: Deps): Promise<void> {
  const now = deps.clock();
  for (const [name, part] of [
    ["retention", () => runRetention(deps.db, now)],
    ["dormant accounts", () => runDormant(deps, now)],
    ["breach notice mails", () => resumeBreachMails(deps)],
    [
      "data exports",
      async () => {
        const options = {
          now,
          mailer: deps.mailer,
          site: deps.config.SITE_NAME,
          origin: publicOrigin(deps.config),
        };
        while ((await makePendingExports(deps.db, options)) > 0);
        while ((await expireExports(deps.db, now)) > 0);
      },
    ],
  ] as const) {
    try {
      await part();
    } catch (e) {
      log.error({ err: e }, `housekeeping: ${name} failed`);
    }
  }
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
