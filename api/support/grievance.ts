import { and, asc, count, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactMessages } from "../db/schema";
import type { OverviewData } from "../../shared/contracts/overview";
import { getSetting, updateSettingAudited } from "../site/settings";
import type { GrievanceClocks, GrievanceOfficer, MessageStatus } from "../../shared/contracts/support";
import type { ContactMessageInput } from "./contact";
import type { Mailer } from "../site/mailer";
import { mailWords } from "../lib/mailWords";
import { formatTime } from "../../shared/time";
import type { Locale } from "../../shared/i18n/locale";
import { log } from "../../shared/log.server";

/**
 * Grievances (issue 44; the IT Rules 2021 require a grievance officer who acknowledges a complaint
 * within 24 hours and resolves it within 15 days). A grievance is a support message of kind
 * `grievance`: operators answer and close it where they answer every message. It is acknowledged
 * at once — the answer to the form carries its reference — and the resolution clock runs from then
 * for the owner's `resolve_days`.
 */

const HOUR_MS = 60 * 60 * 1000;

/** What the complainant quotes: "GRV-000123". */
export function grievanceReference(id: number): string {
  return `GRV-${String(id).padStart(6, "0")}`;
}

/** The officer and the clocks, as the owner set them (the defaults until then). */
export function grievanceOfficer(db: Db): Promise<GrievanceOfficer> {
  return getSetting(db, "grievance_officer");
}

/** A grievance's clocks: acknowledged when filed, resolved `resolve_days` after. */
export function grievanceClocks(
  m: { id: number; createdAt: Date; status: MessageStatus },
  officer: Pick<GrievanceOfficer, "resolve_days">,
  now: Date,
): GrievanceClocks {
  const resolveBy = new Date(m.createdAt.getTime() + officer.resolve_days * 24 * HOUR_MS);
  return {
    reference: grievanceReference(m.id),
    acknowledged_at: m.createdAt.toISOString(),
    resolve_by: resolveBy.toISOString(),
    overdue: m.status !== "closed" && now.getTime() > resolveBy.getTime(),
  };
}

/** Files a grievance (with a member signed in, under their account); answers its reference and clocks. */
export async function fileGrievance(
  db: Db,
  input: ContactMessageInput,
  userId: string | null,
  now: Date,
): Promise<GrievanceClocks> {
  const [officer, [row]] = await Promise.all([
    grievanceOfficer(db),
    db
      .insert(contactMessages)
      .values({ ...input, userId, kind: "grievance", createdAt: now, updatedAt: now })
      .returning({ id: contactMessages.id }),
  ]);
  return grievanceClocks({ id: row!.id, createdAt: now, status: "open" }, officer, now);
}

/**
 * The acknowledgement mail: the reference and the date it will be resolved by, in the language the
 * grievance was written in. A mail that fails is logged; the grievance stays filed (the page
 * showed its reference already).
 */
export async function mailGrievanceReceived(
  mailer: Mailer,
  input: { to: string; name: string; subject: string; site: string; locale: Locale },
  filed: GrievanceClocks,
): Promise<boolean> {
  const words = mailWords(input.locale);
  try {
    await mailer.send({
      to: input.to,
      subject: words.grievance.subject(input.site, filed.reference),
      text: `${words.hello(input.name)}\n\n${words.grievance.received(input.subject, filed.reference)}\n\n${words.grievance.resolveBy(formatTime(filed.resolve_by, input.locale))}\n`,
    });
    return true;
  } catch (e) {
    log.error({ err: e, reference: filed.reference }, "grievance acknowledgement mail failed");
    return false;
  }
}

/** How many grievances are not closed, how many are past their time, and the five due first. */
export async function openGrievances(db: Db, now: Date): Promise<OverviewData["grievances"]> {
  const officer = await grievanceOfficer(db);
  const notClosed = and(eq(contactMessages.kind, "grievance"), ne(contactMessages.status, "closed"));
  const dueBefore = new Date(now.getTime() - officer.resolve_days * 24 * HOUR_MS);
  const [[counts], first] = await Promise.all([
    // Both counts in one pass over the open grievances.
    db
      .select({
        open: count(),
        overdue: sql<number>`count(*) filter (where ${lt(contactMessages.createdAt, dueBefore)})`,
      })
      .from(contactMessages)
      .where(notClosed),
    db
      .select()
      .from(contactMessages)
      .where(notClosed)
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(5),
  ]);
  return {
    open: Number(counts?.open ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    first: first.map((m) => {
      const clocks = grievanceClocks(m, officer, now);
      return {
        id: m.id,
        reference: clocks.reference,
        subject: m.subject,
        resolve_by: clocks.resolve_by,
        overdue: clocks.overdue,
      };
    }),
  };
}

/** The owner names the grievance officer and sets the clocks: audited, before and after. */
export async function setGrievanceOfficer(
  db: Db,
  actorUserId: string,
  value: GrievanceOfficer,
): Promise<void> {
  await updateSettingAudited(db, {
    actorUserId,
    key: "grievance_officer",
    value,
    action: "grievance.officer",
  });
}
