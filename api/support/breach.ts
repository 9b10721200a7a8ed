import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Deps } from "../deps";
import { breachIncidents, breachRecipients, memberErasures, users } from "../db/schema";
import { DomainError } from "../lib/errors";
import { recordAudit } from "../site/audit";
import { mailWords } from "../lib/mailWords";
import { paged } from "../db/paging";
import { PAGE_SIZE } from "../../shared/pagination";
import { log } from "../../shared/log.server";
import type { Locale } from "../../shared/i18n/locale";
import type {
  BreachIncidentList,
  BreachNoticeBody,
  BreachSent,
  MemberBreachNotice,
} from "../../shared/contracts/housekeeping";

/**
 * The breach notice (issue 44 §5, ADR 0035). The owner writes the notice in English and Hindi and
 * picks the members (all, or a list of ids); sending records the incident with its time of
 * discovery and one row per member, then mails each member in their language. A row is claimed
 * before its mail goes out and marked once it went, so a second send of the same form (its key is
 * unique), a double click or a second node never mails a member twice; a mail that failed stays
 * claimed for MAIL_LEASE_MS and is tried again by the housekeeping job. Each member also sees the
 * notice on their dashboard until they dismiss it.
 *
 * A breach notice is a legal duty (DPDP Act 2023 s.8(6); DPDP Rules 2025 rule 7), not marketing:
 * nothing a member chose about marketing mails or consent suppresses it. The Board must be told
 * within 72 hours of discovery (rule 7(2), read 2026-11-29): the console shows the clock until the
 * owner records when it was done.
 */

const HOUR_MS = 60 * 60 * 1000;
/** The Data Protection Board's report is due this long after discovery (DPDP Rules 2025, rule 7(2)). */
export const BOARD_NOTICE_HOURS = 72;
/** Mails one claim takes. */
export const BREACH_MAIL_BATCH = 100;
/** A claimed row whose mail did not go out is tried again after this. */
export const MAIL_LEASE_MS = 10 * 60 * 1000;

export const BREACH_MESSAGES = {
  unknownIds: (ids: string[]) =>
    `Unknown member ids: ${ids.slice(0, 20).join(", ")}${ids.length > 20 ? ` and ${ids.length - 20} more` : ""}.`,
  noRecipients: "The notice reaches no member.",
  keyReused: "This form was sent already with other words: open the breach tool again.",
  notFound: "No such breach notice.",
  boardBeforeDiscovery: "board_notified_at must not be before the breach was discovered.",
  sent: "Breach notice sent.",
  boardSaved: "Board notice time saved.",
  dismissed: "Notice dismissed.",
} as const;

/** The words a breach mail adds to the owner's text, in both languages. */
const LEGAL_NOTE: Record<Locale, string> = {
  en: "We send you this notice because the law requires us to tell you about a breach of your personal data. It is not a marketing mail.",
  hi: "यह सूचना हम आपको इसलिए भेज रहे हैं क्योंकि क़ानून के अनुसार आपके व्यक्तिगत डेटा के उल्लंघन की जानकारी देना हमारा दायित्व है। यह प्रचार का मेल नहीं है।",
};

/** Members the notice may reach: members (not operators), not erased. */
const reachable = and(
  eq(users.role, "member"),
  sql`not exists (select 1 from ${memberErasures} e where e.user_id = ${users.id})`,
);

/** The members of a list that are not reachable members (unknown ids), in the order given. */
async function unknownIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), reachable));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The recipients a body names: all reachable members, or its list (refused when any id is unknown). */
async function checkRecipients(db: Db, body: BreachNoticeBody): Promise<number> {
  if (body.audience === "list") {
    const unknown = await unknownIds(db, body.member_ids);
    if (unknown.length) throw new DomainError("invalid_input", BREACH_MESSAGES.unknownIds(unknown));
    if (body.member_ids.length === 0) throw new DomainError("invalid_input", BREACH_MESSAGES.noRecipients);
    return body.member_ids.length;
  }
  const [row] = await db.select({ n: count() }).from(users).where(reachable);
  const n = Number(row?.n ?? 0);
  if (n === 0) throw new DomainError("invalid_input", BREACH_MESSAGES.noRecipients);
  return n;
}

/** The confirm step: how many members the notice would reach (nothing is written). */
export async function previewBreachNotice(db: Db, body: BreachNoticeBody): Promise<{ recipients: number }> {
  return { recipients: await checkRecipients(db, body) };
}

const sameWords = (a: typeof breachIncidents.$inferSelect, b: BreachNoticeBody) =>
  a.subjectEn === b.subject_en &&
  a.bodyEn === b.body_en &&
  a.subjectHi === b.subject_hi &&
  a.bodyHi === b.body_hi &&
  a.audience === b.audience &&
  a.discoveredAt.getTime() === Date.parse(b.discovered_at);

/**
 * Records the incident and its recipients in one transaction, audited (who, when, how many). The
 * same key sent again answers the incident it made (`duplicate`), or is refused with other words.
 */
export async function createBreachNotice(
  db: Db,
  actorUserId: string,
  body: BreachNoticeBody,
  now: Date,
): Promise<{ id: number; recipients: number; duplicate: boolean }> {
  await checkRecipients(db, body);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(breachIncidents)
      .values({
        requestKey: body.key,
        discoveredAt: new Date(body.discovered_at),
        subjectEn: body.subject_en,
        bodyEn: body.body_en,
        subjectHi: body.subject_hi,
        bodyHi: body.body_hi,
        audience: body.audience,
        createdBy: actorUserId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: breachIncidents.requestKey })
      .returning({ id: breachIncidents.id });
    if (!made) {
      const [existing] = await tx
        .select()
        .from(breachIncidents)
        .where(eq(breachIncidents.requestKey, body.key));
      if (!existing || !sameWords(existing, body))
        throw new DomainError("conflict", BREACH_MESSAGES.keyReused);
      return { id: existing.id, recipients: existing.recipients, duplicate: true };
    }
    const chosen = body.audience === "list" ? and(reachable, inArray(users.id, body.member_ids)) : reachable;
    const inserted = await tx
      .insert(breachRecipients)
      .select(
        tx
          .select({
            incidentId: sql<number>`${made.id}::bigint`.as("incident_id"),
            userId: sql<string>`${users.id}`.as("user_id"),
            claimedAt: sql<Date | null>`null::timestamptz`.as("claimed_at"),
            mailedAt: sql<Date | null>`null::timestamptz`.as("mailed_at"),
            dismissedAt: sql<Date | null>`null::timestamptz`.as("dismissed_at"),
          })
          .from(users)
          .where(chosen),
      )
      .returning({ userId: breachRecipients.userId });
    const recipients = inserted.length;
    if (recipients === 0) throw new DomainError("invalid_input", BREACH_MESSAGES.noRecipients);
    await tx.update(breachIncidents).set({ recipients }).where(eq(breachIncidents.id, made.id));
    await recordAudit(tx, {
      actorUserId,
      action: "breach.notice",
      target: `breach:${made.id}`,
      after: {
        discovered_at: body.discovered_at,
        audience: body.audience,
        recipients,
        subject_en: body.subject_en,
      },
    });
    return { id: made.id, recipients, duplicate: false };
  });
}

/**
 * Mails an incident's members not mailed yet, a batch at a time, until none is left or `budgetMs`
 * has passed: each batch claims its rows (FOR UPDATE SKIP LOCKED, rows whose claim lapsed included),
 * mails each member in their language, and marks those mailed. Answers how many this call mailed.
 */
export async function mailBreachNotices(
  deps: Pick<Deps, "db" | "mailer" | "clock" | "config">,
  incidentId: number,
  { budgetMs = Infinity, batch = BREACH_MAIL_BATCH }: { budgetMs?: number; batch?: number } = {},
): Promise<number> {
  const { db, mailer } = deps;
  const started = Date.now();
  const [incident] = await db.select().from(breachIncidents).where(eq(breachIncidents.id, incidentId));
  if (!incident) return 0;
  let mailed = 0;
  while (Date.now() - started < budgetMs) {
    const now = deps.clock();
    const lapsed = new Date(now.getTime() - MAIL_LEASE_MS);
    const due = db
      .select({ userId: breachRecipients.userId })
      .from(breachRecipients)
      .where(
        and(
          eq(breachRecipients.incidentId, incidentId),
          isNull(breachRecipients.mailedAt),
          or(isNull(breachRecipients.claimedAt), lt(breachRecipients.claimedAt, lapsed)),
        ),
      )
      .limit(batch)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(breachRecipients)
      .set({ claimedAt: now })
      .where(and(eq(breachRecipients.incidentId, incidentId), inArray(breachRecipients.userId, due)))
      .returning({ userId: breachRecipients.userId });
    if (claimed.length === 0) break;
    const people = await db
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((c) => c.userId),
        ),
      );
    const done: string[] = [];
    for (const p of people) {
      const locale: Locale = p.language === "hi" ? "hi" : "en";
      const words = mailWords(locale);
      const subject = locale === "hi" ? incident.subjectHi : incident.subjectEn;
      const text = locale === "hi" ? incident.bodyHi : incident.bodyEn;
      try {
        await mailer.send({
          to: p.email,
          subject: `${deps.config.SITE_NAME}: ${subject}`,
          text: `${words.hello(p.name)}\n\n${text}\n\n${LEGAL_NOTE[locale]}\n`,
        });
        done.push(p.id);
      } catch (e) {
        log.error({ err: e, incident: incidentId }, "breach notice mail failed; tried again later");
      }
    }
    if (done.length)
      await db
        .update(breachRecipients)
        .set({ mailedAt: deps.clock() })
        .where(and(eq(breachRecipients.incidentId, incidentId), inArray(breachRecipients.userId, done)));
    mailed += done.length;
  }
  return mailed;
}

/** Incidents with members still to mail (the housekeeping job resumes them). */
export async function resumeBreachMails(
  deps: Pick<Deps, "db" | "mailer" | "clock" | "config">,
): Promise<number> {
  const open = await deps.db
    .selectDistinct({ id: breachRecipients.incidentId })
    .from(breachRecipients)
    .where(isNull(breachRecipients.mailedAt))
    .limit(20);
  let mailed = 0;
  for (const { id } of open) mailed += await mailBreachNotices(deps, id, { budgetMs: 60_000 });
  return mailed;
}

/** Sends a notice: records it, then mails for up to `budgetMs` (the rest in the background and by the job). */
export async function sendBreachNotice(
  deps: Deps,
  actorUserId: string,
  body: BreachNoticeBody,
  budgetMs = 10_000,
): Promise<BreachSent> {
  const made = await createBreachNotice(deps.db, actorUserId, body, deps.clock());
  const started = Date.now();
  await mailBreachNotices(deps, made.id, { budgetMs });
  const outOfTime = Date.now() - started >= budgetMs;
  const [row] = await deps.db
    .select({ n: count() })
    .from(breachRecipients)
    .where(and(eq(breachRecipients.incidentId, made.id), sql`${breachRecipients.mailedAt} is not null`));
  const mailed = Number(row?.n ?? 0);
  // Out of time with members left: the rest in the background (a failed mail waits for the job).
  if (outOfTime && mailed < made.recipients)
    void deps.inFlight
      .track(mailBreachNotices(deps, made.id))
      .catch((e: unknown) => log.error({ err: e }, "breach notice mails failed"));
  return { ...made, mailed, message: BREACH_MESSAGES.sent };
}

/** The incidents, newest first, with the Board's clock and how many members were mailed. */
export async function listBreachIncidents(db: Db, page: number, now: Date): Promise<BreachIncidentList> {
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(breachIncidents),
    page,
    PAGE_SIZE.operatorLists,
    db
      .select({
        i: breachIncidents,
        createdBy: users.userName,
        mailed: sql<number>`(select count(*)::int from ${breachRecipients} r where r.incident_id = ${breachIncidents.id} and r.mailed_at is not null)`,
      })
      .from(breachIncidents)
      .leftJoin(users, eq(users.id, breachIncidents.createdBy))
      .orderBy(desc(breachIncidents.createdAt), desc(breachIncidents.id)),
  );
  return {
    records: rows.map(({ i, createdBy, mailed }) => {
      const due = new Date(i.discoveredAt.getTime() + BOARD_NOTICE_HOURS * HOUR_MS);
      return {
        id: i.id,
        discovered_at: i.discoveredAt.toISOString(),
        board_due_at: due.toISOString(),
        board_notified_at: i.boardNotifiedAt?.toISOString() ?? null,
        board_overdue: i.boardNotifiedAt === null && now.getTime() > due.getTime(),
        subject_en: i.subjectEn,
        audience: i.audience,
        recipients: i.recipients,
        mailed: Number(mailed),
        created_by: createdBy,
        created_at: i.createdAt.toISOString(),
      };
    }),
    pagination,
  };
}

/** The owner records when the Board was notified (audited, before and after). */
export async function setBoardNotified(db: Db, actorUserId: string, id: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [i] = await tx.select().from(breachIncidents).where(eq(breachIncidents.id, id)).for("update");
    if (!i) throw new DomainError("not_found", BREACH_MESSAGES.notFound);
    if (at.getTime() < i.discoveredAt.getTime())
      throw new DomainError("invalid_input", BREACH_MESSAGES.boardBeforeDiscovery);
    await tx.update(breachIncidents).set({ boardNotifiedAt: at }).where(eq(breachIncidents.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: "breach.board_notified",
      target: `breach:${id}`,
      before: { board_notified_at: i.boardNotifiedAt?.toISOString() ?? null },
      after: { board_notified_at: at.toISOString() },
    });
  });
}

/** The member's notices not dismissed, newest first, in their language. */
export async function memberBreachNotices(db: Db, userId: string): Promise<MemberBreachNotice[]> {
  const rows = await db
    .select({ i: breachIncidents, language: users.language })
    .from(breachRecipients)
    .innerJoin(breachIncidents, eq(breachIncidents.id, breachRecipients.incidentId))
    .innerJoin(users, eq(users.id, breachRecipients.userId))
    .where(and(eq(breachRecipients.userId, userId), isNull(breachRecipients.dismissedAt)))
    .orderBy(desc(breachIncidents.id))
    .limit(10);
  return rows.map(({ i, language }) => ({
    id: i.id,
    subject: language === "hi" ? i.subjectHi : i.subjectEn,
    body: language === "hi" ? i.bodyHi : i.bodyEn,
    sent_at: i.createdAt.toISOString(),
  }));
}

/** The member dismisses a notice of theirs (again: the same answer; another's: not found). */
export async function dismissBreachNotice(db: Db, userId: string, id: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ dismissedAt: breachRecipients.dismissedAt })
    .from(breachRecipients)
    .where(and(eq(breachRecipients.incidentId, id), eq(breachRecipients.userId, userId)));
  if (!row) throw new DomainError("not_found", BREACH_MESSAGES.notFound);
  await db
    .update(breachRecipients)
    .set({ dismissedAt: now })
    .where(
      and(
        eq(breachRecipients.incidentId, id),
        eq(breachRecipients.userId, userId),
        isNull(breachRecipients.dismissedAt),
      ),
    );
}
