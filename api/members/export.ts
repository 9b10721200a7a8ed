import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../db/client";
import { memberExports, users } from "../db/schema";
import { answerBySite, openRightsRequest } from "./rightsRequests";
import { PAGE_SIZE, offsetOf, pageOf, type Pagination } from "../../shared/pagination";
import type { Mailer } from "../site/mailer";
import { log } from "../../shared/log.server";
import { isLocale, type Locale } from "../../shared/i18n/locale";
import { rightsMailWords } from "./rightsMail";
import { taxDataOf } from "../tax/statements";

/**
 * Access (issue 44 §2; DPDP Act 2023 s.11): everything the site holds about a member, as one
 * machine-readable JSON file (`format_version` 1, docs/api/my-data.md) and as the readable page's
 * sections. The file is made in the background (makePendingExports takes pending exports with
 * FOR UPDATE SKIP LOCKED, a few at a time), kept in the database until it is downloaded once or
 * expires, and offered by a link signed with the session secret.
 *
 * Nothing of another member is in it: evidence's lists of other accounts are dropped, a referral
 * is `true`/`false` (never the referrer), and a last pass replaces every id, e-mail, user name and
 * name of any member the file's rows point at (referrer, referrals, game opponents, members sharing
 * a device or a payout account, accounts in risk evidence, related members of ledger entries) with
 * "[another member]", in values only (never a field name).
 */

export const EXPORT_FORMAT_VERSION = 1;
/** How long a ready export may be downloaded. */
export const EXPORT_LINK_HOURS = 24;
/** What replaces another member's identifiers anywhere in the file. */
export const ANOTHER_MEMBER = "[another member]";
const HOUR_MS = 60 * 60 * 1000;

type Json = Record<string, unknown>;

/** One query answering a JSON array of rows (to_jsonb: numbers stay numbers, times ISO text, on both drivers). */
async function jsonRows(db: Db | Tx, query: ReturnType<typeof sql>): Promise<Json[]> {
  const [row] = rowsOf<{ rows: Json[] | string | null }>(
    await db.execute(sql`select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) as rows from (${query}) x`),
  );
  const v = row?.rows ?? [];
  return typeof v === "string" ? (JSON.parse(v) as Json[]) : v;
}

/** The ledger lines on the member's own accounts, newest first (a page, or all of them). */
function ledgerQuery(userId: string, page?: Pagination) {
  const limit = page ? sql`limit ${page.pageSize} offset ${offsetOf(page)}` : sql``;
  return sql`select e.id as entry_id, e.kind, e.memo, l.account_id as account, l.amount, e.created_at
    from journal_lines l join journal_entries e on e.id = l.entry_id
    join ledger_accounts a on a.id = l.account_id
    where a.user_id = ${userId}
    order by e.created_at desc, e.id desc, l.id ${limit}`;
}

async function ledgerCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from journal_lines l join ledger_accounts a on a.id = l.account_id
      where a.user_id = ${userId}`),
  );
  return Number(row?.n ?? 0);
}

/** Every section but the ledger (for the file: each whole; for the page: the newest `cap` of each). */
async function sections(db: Db | Tx, userId: string, cap: number | null) {
  const lim = cap === null ? sql`` : sql`limit ${cap}`;
  const [
    profile,
    payoutAccounts,
    balances,
    withdrawals,
    conversions,
    adViews,
    shortLinks,
    taskWallCredits,
    giftCodes,
    games,
    supportMessages,
    sessions,
    signIns,
    devices,
    addresses,
    riskSignals,
    risk,
    corrections,
    requests,
  ] = await Promise.all([
    jsonRows(
      db,
      sql`select id, name, user_name, email, email_verified_at, mobile_number, language, address, city, state,
        zip_code, google_sub is not null as google_sign_in, referred_by is not null as referred, created_at
        from users where id = ${userId}`,
    ),
    jsonRows(
      db,
      sql`select u.payout_account_info as account, m.name as method from users u
        left join payout_methods m on m.id = u.payout_method_id where u.id = ${userId}
        union all select account_key, 'bound before' from member_payout_accounts where user_id = ${userId}`,
    ),
    jsonRows(db, sql`select id as account, kind, balance from ledger_accounts where user_id = ${userId}`),
    jsonRows(
      db,
      sql`select id, amount, method_name, account_info, status, remark, created_at, settled_at
        from withdrawals where user_id = ${userId} order by created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select id, direction, amount, charge, created_at from conversions where user_id = ${userId}
        order by created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select v.id, c.title as campaign, v.started_at, v.consumed_at, v.amount, v.ip from ad_views v
        left join campaigns c on c.id = v.campaign_id
        where v.user_id = ${userId} and v.consumed_at is not null order by v.consumed_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select t.id, s.name as short_link, t.created_at, t.consumed_at, t.amount, t.ip from short_link_tokens t
        left join short_links s on s.id = t.short_link_id
        where t.user_id = ${userId} and t.consumed_at is not null order by t.consumed_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select t.wall_id, t.transaction_id, t.kind, t.amount, t.held_until, t.released_at, t.cancelled_at
        from offer_wall_transactions t where t.user_id = ${userId} order by t.entry_id desc nulls last ${lim}`,
    ),
    jsonRows(
      db,
      sql`select g.code, c.amount, c.id from gift_code_claims c join gift_codes g on g.id = c.gift_code_id
        where c.user_id = ${userId} order by c.id desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select p.room_id, r.name as room, p.symbol, p.name as shown_as, p.created_at as joined_at, r.status, r.entry_fee, r.prize,
        case when r.winner is null then null when r.winner = p.symbol then 'won'
          when r.winner = 'draw' then 'draw' else 'lost' end as result, r.finished_at
        from game_players p join game_rooms r on r.id = p.room_id
        where p.user_id = ${userId} order by p.created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select m.id, m.kind, m.subject, m.message, m.status, m.created_at,
        coalesce((select jsonb_agg(jsonb_build_object('from', case when r.from_operator then 'operator' else 'you' end,
          'body', r.body, 'created_at', r.created_at) order by r.id)
          from contact_replies r where r.message_id = m.id), '[]'::jsonb) as replies
        from contact_messages m where m.user_id = ${userId} order by m.created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select id, persistent, ip, user_agent, created_at, expires_at from sessions where user_id = ${userId}
        order by created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select kind, ip, device_id, user_agent, created_at from sign_ins where user_id = ${userId}
        order by created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select device_id, user_agent, last_ip, last_kind, first_seen_at, last_seen_at from member_devices
        where user_id = ${userId} order by last_seen_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select ip, first_seen_at, last_seen_at from member_addresses where user_id = ${userId}
        order by last_seen_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select id, kind, summary, evidence - 'accounts' as evidence, cleared_at is not null as cleared, created_at
        from risk_signals where user_id = ${userId} order by created_at desc ${lim}`,
    ),
    jsonRows(db, sql`select score, level, reasons from member_risk where user_id = ${userId}`),
    jsonRows(
      db,
      sql`select field, old_masked, new_masked, actor_user_id = user_id as by_you, created_at
        from profile_corrections where user_id = ${userId} order by created_at desc ${lim}`,
    ),
    jsonRows(
      db,
      sql`select id, kind, status, created_at, due_at, answered_at from rights_requests where user_id = ${userId}
        order by created_at desc ${lim}`,
    ),
  ]);
  const [consents, age, tax] = await Promise.all([
    jsonRows(db, sql`select * from consent_log where user_id = ${userId} order by id desc ${lim}`),
    jsonRows(db, sql`select * from member_age where user_id = ${userId}`),
    taxDataOf(db, userId),
  ]);
  return {
    profile: profile[0] ?? null,
    payout_accounts: payoutAccounts.filter((a) => a.account),
    balances,
    withdrawals,
    conversions,
    claims: {
      ad_views: adViews,
      short_links: shortLinks,
      task_wall_credits: taskWallCredits,
      gift_codes: giftCodes,
    },
    games,
    support_messages: supportMessages,
    sessions,
    sign_ins: signIns,
    devices,
    addresses,
    consents,
    age: age[0] ?? null,
    tax,
    risk: { summary: risk[0] ?? null, signals: riskSignals },
    corrections,
    rights_requests: requests,
  };
}

/**
 * The other members the member's rows point at: referrer and referrals, game opponents, members on
 * the same device or payout account, accounts named in risk evidence, related members of
 * ledger entries. Their identifiers are what the last pass removes.
 */
async function otherMembers(db: Db | Tx, userId: string) {
  return rowsOf<{ id: string; email: string; user_name: string; name: string }>(
    await db.execute(sql`with others as (
        select referred_by as id from users where id = ${userId}
        union select id from users where referred_by = ${userId}
        union select p2.user_id from game_players p join game_players p2 on p2.room_id = p.room_id where p.user_id = ${userId}
        union select d2.user_id from member_devices d join member_devices d2 on d2.device_id = d.device_id where d.user_id = ${userId}
        union select p2.user_id from member_payout_accounts p join member_payout_accounts p2 on p2.account_key = p.account_key where p.user_id = ${userId}
        union select jsonb_array_elements_text(evidence -> 'accounts') from risk_signals where user_id = ${userId} and jsonb_typeof(evidence -> 'accounts') = 'array'
        union select related_user_id from journal_entries where user_id = ${userId}
        union select user_id from journal_entries e where e.related_user_id = ${userId}
      )
      select u.id, u.email, u.user_name, u.name from users u join others o on o.id = u.id where u.id <> ${userId}`),
  );
}

type Other = { id: string; email: string; user_name: string; name: string };

/**
 * Replaces every identifier of another member inside the values (never the field names) of the
 * data: each string value is searched, longest identifier first (an e-mail before the user name
 * inside it). The member's own identifiers are left alone (two members may share a name).
 */
function redactOthers<T>(value: T, others: Other[], own: (string | null | undefined)[]): T {
  const mine = new Set(own.filter(Boolean));
  const needles = [
    ...new Set(
      others
        .flatMap((o) => [o.id, o.email, o.user_name, o.name])
        .filter((v) => v && v.length >= 3 && !mine.has(v)),
    ),
  ].sort((a, b) => b.length - a.length);
  if (needles.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      let out = v;
      for (const n of needles) if (out.includes(n)) out = out.split(n).join(ANOTHER_MEMBER);
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

const ownIds = (profile: Record<string, unknown> | null) =>
  profile
    ? [profile.id, profile.email, profile.user_name, profile.name].map((v) =>
        typeof v === "string" ? v : null,
      )
    : [];

/** The whole file: every section, the whole ledger, other members removed. */
export async function buildExport(db: Db | Tx, userId: string, now: Date): Promise<string> {
  const [all, ledger, others] = await Promise.all([
    sections(db, userId, null),
    jsonRows(db, ledgerQuery(userId)),
    otherMembers(db, userId),
  ]);
  // Other members' risk signals that name this member (their evidence lists them): kind and time
  // only, nothing of the member the signal is about. Read for the file only (the background job).
  const namingYou = await jsonRows(
    db,
    sql`select kind, created_at from risk_signals
      where user_id <> ${userId} and jsonb_typeof(evidence -> 'accounts') = 'array'
        and jsonb_exists(evidence -> 'accounts', ${userId})
      order by created_at desc limit 1000`,
  );
  const file = {
    format_version: EXPORT_FORMAT_VERSION,
    generated_at: now.toISOString(),
    amounts: "milli-rupees (1 rupee = 1000)",
    ...redactOthers(
      { ...all, risk: { ...all.risk, naming_you: namingYou }, ledger_entries: ledger },
      others,
      ownIds(all.profile),
    ),
  };
  return JSON.stringify(file, null, 1);
}

/** The readable page: every section's newest rows and the ledger a page at a time, other members removed. */
export async function myData(db: Db, userId: string, ledgerPage: number) {
  const total = await ledgerCount(db, userId);
  const pagination = pageOf(ledgerPage, PAGE_SIZE.operatorLists, total);
  const [some, ledger, others] = await Promise.all([
    sections(db, userId, 50),
    jsonRows(db, ledgerQuery(userId, pagination)),
    otherMembers(db, userId),
  ]);
  const data = redactOthers({ ...some, ledger_entries: ledger }, others, ownIds(some.profile));
  return { ...data, ledger_pagination: pagination, exports: await myExports(db, userId) };
}

// ---------------------------------------------------------------------------------------------
// The request, the background job, the signed link.

export interface ExportRow {
  id: number;
  status: "pending" | "ready" | "downloaded" | "expired";
  created_at: string;
  expires_at: string | null;
}

/** The member's exports, newest first (the page offers the ready one's link). */
export async function myExports(db: Db, userId: string): Promise<ExportRow[]> {
  const rows = await db
    .select()
    .from(memberExports)
    .where(eq(memberExports.userId, userId))
    .orderBy(desc(memberExports.createdAt), desc(memberExports.requestId))
    .limit(5);
  return rows.map((r) => ({
    id: r.requestId,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt?.toISOString() ?? null,
  }));
}

/**
 * A member asks for their data: an export request (on the rights clock) and a pending export,
 * unless one is pending or ready already (that one is answered: asking twice makes one file).
 */
export async function requestExport(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    // The member's row, locked: two requests at once make one export.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [existing] = await tx
      .select({ id: memberExports.requestId })
      .from(memberExports)
      .where(and(eq(memberExports.userId, userId), sql`${memberExports.status} in ('pending', 'ready')`))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const id = await openRightsRequest(tx, { userId, kind: "export", now });
    await tx.insert(memberExports).values({ requestId: id, userId, status: "pending", createdAt: now });
    return { id, created: true };
  });
}

/**
 * The background job: makes up to `batch` pending exports, each in its own transaction holding
 * only its own row (FOR UPDATE SKIP LOCKED, so several nodes share the work), marks each ready
 * with its expiry, answers its request and mails the member. Answers how many it made.
 */
export async function makePendingExports(
  db: Db,
  opts: { now: Date; mailer?: Mailer; site?: string; origin?: string; batch?: number },
): Promise<number> {
  let made = 0;
  for (let i = 0; i < (opts.batch ?? 5); i++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: memberExports.requestId, userId: memberExports.userId })
        .from(memberExports)
        .where(eq(memberExports.status, "pending"))
        .orderBy(memberExports.createdAt, memberExports.requestId)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const body = await buildExport(tx, row.userId, opts.now);
      const expiresAt = new Date(opts.now.getTime() + EXPORT_LINK_HOURS * HOUR_MS);
      await tx
        .update(memberExports)
        .set({ status: "ready", body, readyAt: opts.now, expiresAt })
        .where(eq(memberExports.requestId, row.id));
      await answerBySite(tx, row.id, "done", opts.now, { bytes: body.length });
      const [u] = await tx
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.id, row.userId));
      return { ...row, user: u };
    });
    if (!done) break;
    made++;
    if (opts.mailer && done.user)
      await mailExportReady(opts.mailer, done.user, opts.site ?? "", opts.origin ?? "");
  }
  return made;
}

async function mailExportReady(
  mailer: Mailer,
  user: { email: string; name: string; language: string | null },
  site: string,
  origin: string,
): Promise<void> {
  const locale: Locale = isLocale(user.language) ? user.language : "en";
  const words = rightsMailWords(locale);
  try {
    await mailer.send({
      to: user.email,
      subject: words.exportReady.subject(site),
      text: `${words.hello(user.name)}\n\n${words.exportReady.body(EXPORT_LINK_HOURS)}\n\n${origin}/member/my-data\n`,
    });
  } catch (e) {
    log.error({ err: e }, "export ready mail failed");
  }
}

/** The link's signature: HMAC-SHA256 of the export's id and expiry with the session secret. */
export function exportSignature(secret: string, id: number, expires: number): string {
  return createHmac("sha256", secret).update(`member-export:${id}:${expires}`).digest("base64url");
}

/** The download address of a ready export (relative; the page and the mail add the origin). */
export function exportLink(secret: string, id: number, expiresAt: Date): string {
  const expires = expiresAt.getTime();
  return `/userRoute/my_data_download?id=${id}&expires=${expires}&sig=${exportSignature(secret, id, expires)}`;
}

export type DownloadRefusal = "bad_link" | "expired" | "gone";

/**
 * Downloads an export once: the signature and expiry are checked, then one statement takes the
 * body and marks it downloaded (two downloads at once: one gets the file), dropping the body.
 */
export async function downloadExport(
  db: Db,
  input: { secret: string; userId: string; id: number; expires: number; sig: string; now: Date },
): Promise<{ body: string } | { refused: DownloadRefusal }> {
  const want = Buffer.from(exportSignature(input.secret, input.id, input.expires));
  const got = Buffer.from(input.sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { refused: "bad_link" };
  if (input.now.getTime() >= input.expires) return { refused: "expired" };
  const rows = rowsOf<{ body: string }>(
    await db.execute(sql`update member_exports e set status = 'downloaded', downloaded_at = ${input.now.toISOString()}::timestamptz,
      body = null
      from (select request_id, body from member_exports where request_id = ${input.id} for update) old
      where e.request_id = old.request_id and e.user_id = ${input.userId} and e.status = 'ready'
        and e.expires_at > ${input.now.toISOString()}::timestamptz
      returning old.body`),
  );
  const body = rows[0]?.body;
  return body ? { body } : { refused: "gone" };
}

/** Drops the files of exports past their expiry (a few at a time); answers how many. */
export async function expireExports(db: Db, now: Date, batch = 100): Promise<number> {
  const rows = rowsOf<{ request_id: unknown }>(
    await db.execute(sql`update member_exports set status = 'expired', body = null
      where request_id in (select request_id from member_exports where status = 'ready'
        and expires_at <= ${now.toISOString()}::timestamptz limit ${batch} for update skip locked)
      returning request_id`),
  );
  return rows.length;
}
