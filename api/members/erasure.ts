import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  accountTokens,
  consentLog,
  contactMessages,
  erasureCodes,
  ledgerAccounts,
  memberAddresses,
  memberAge,
  memberDevices,
  memberErasures,
  memberExports,
  memberPayoutAccounts,
  memberRisk,
  operatorNotes,
  riskSignals,
  sessions,
  signIns,
  users,
  withdrawals,
} from "../db/schema";
import { PLATFORM, debtAccount, lockAccounts, memberAccount, post } from "../ledger/ledger";
import { recordAnsweredRequest } from "./rightsRequests";
import { erasePan } from "../tax/pan";
import { recordAudit } from "../site/audit";
import { DomainError } from "../lib/errors";
import { formatRupees } from "../../shared/money";
import type { ErasurePreview } from "../../shared/contracts/rights";
import type { Mailer } from "../site/mailer";
import { isLocale } from "../../shared/i18n/locale";
import { rightsMailWords } from "./rightsMail";
import { log } from "../../shared/log.server";

/**
 * Erasure (issue 44 §2; DPDP Act 2023 s.12; ADR 0033). One transaction closes the account and
 * erases or irreversibly pseudonymises the member's personal data; what the law or the books need
 * stays under the member's id, which names no one once the rest is gone:
 *
 * - the ledger (entries, lines, amounts, kinds, times) stays whole, so it still balances; what was
 *   left on the withdrawable and deposit balances is forfeited to `platform:forfeited` (an entry of
 *   kind `erasure_forfeit`), a debt stays owed in the books;
 * - erasure waits while a withdrawal is pending (the member is told: wait until it is paid, or
 *   cancel it), so no payout is in flight to an account whose details are gone;
 * - withdrawals keep amount, method, status and times; the account they were paid to is erased;
 * - sign-in records keep kind and time (logs are kept a year), not the address, device or browser;
 * - sessions, one-time tokens, devices, addresses, payout accounts, operators' notes, codes and any
 *   waiting export are deleted; risk signals keep kind and time, not their evidence;
 * - support messages keep subject-less shells (the member's name, e-mail, number and words erased);
 * - the e-mail becomes `erased-<random>@invalid` (so the address can sign up again as a new
 *   member), the user name `erased-<random>`, the name empty; password, Google link, number and
 *   postal address are dropped; the account is banned and earning suspended, so nothing can be
 *   claimed for it after (claims lock the member's row and read those under the lock).
 *
 * `eraseMember` is also the dormant-account sweep's (reason "dormant").
 */

export const FORFEITED_ACCOUNT = PLATFORM.forfeited;
export const ERASED_REASON = "Account erased.";
export const ERASED_TEXT = "[erased]";
const CODE_MINUTES = 15;

export const ERASURE_MESSAGES = {
  pendingWithdrawal:
    "A withdrawal of yours is waiting to be paid: wait until it is paid, or cancel it, then delete your account.",
  confirmFirst: "Tick the box to confirm you want your account deleted.",
  wrongPassword: "The password is not correct.",
  wrongCode: "The code is not correct or has expired. Ask for a new one.",
  passwordNeeded: "Enter your password to confirm.",
  codeNeeded: "Enter the code we mailed you to confirm.",
  codeSent: "We mailed you a code. Enter it below to confirm.",
  noCodeNeeded: "Your account has a password: confirm with it.",
  erased: "Your account is deleted.",
  notFound: "Member not found.",
} as const;

/** What erasing does to the member's money, for the confirm step. */
export async function erasurePreview(db: Db | Tx, userId: string): Promise<ErasurePreview> {
  const [[u], accounts, [pending]] = await Promise.all([
    db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)),
    db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId)),
    db
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "Pending"))),
  ]);
  const by = new Map(accounts.map((a) => [a.id, Number(a.balance)]));
  const pendingN = Number(pending?.n ?? 0);
  return {
    withdrawable: formatRupees(by.get(memberAccount(userId, "withdrawable")) ?? 0, 3, false),
    deposit: formatRupees(by.get(memberAccount(userId, "deposit")) ?? 0, 3, false),
    debt: formatRupees(Math.max(0, -(by.get(debtAccount(userId)) ?? 0)), 3, false),
    pending_withdrawals: pendingN,
    allowed: pendingN === 0,
    confirm_with: u?.passwordHash ? "password" : "code",
  };
}

export interface ErasureResult {
  /** False when the member was erased already (a second confirm: one erasure). */
  erased: boolean;
  /** Milli-rupees moved to platform:forfeited. */
  forfeited: number;
  /** Milli-rupees owed, left in the books. */
  debt: number;
}

/**
 * Erases a member in one transaction (see the module's comment for what stays). Refuses (409)
 * while a withdrawal is pending; a second call for the same member answers `erased: false`.
 */
export async function eraseMember(
  db: Db,
  userId: string,
  opts: { reason: "member" | "dormant"; now?: Date },
): Promise<ErasureResult> {
  const now = opts.now ?? new Date();
  // The erasure changes the member's key columns (e-mail key, user name), which locks the row
  // FOR UPDATE: that waits for every foreign-key check of a row naming the member (a claim's
  // insert, a withdrawal's at the end of its statement), and a withdrawal takes its account before
  // that check while a claim takes it after. So the erasure takes the row first and waits at most
  // a moment for anything else: a lock it cannot get soon rolls it back (it changed nothing) and
  // it runs again shortly, once the other transaction has finished; it never holds the other side
  // in a deadlock.
  for (let attempt = 1; ; attempt++) {
    try {
      return await eraseOnce(db, userId, opts.reason, now);
    } catch (e) {
      if (!hasCode(e, "55P03") && !hasCode(e, "40P01")) throw e;
      if (attempt >= ERASE_ATTEMPTS)
        throw new DomainError("unavailable", "The database was busy; try again.");
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 40 * attempt));
    }
  }
}

const ERASE_ATTEMPTS = 20;

/** Whether PostgreSQL's error `code` is on `e` or one of its causes (Drizzle wraps the driver's). */
function hasCode(e: unknown, code: string): boolean {
  for (let err: unknown = e, depth = 0; err && depth < 5; err = (err as { cause?: unknown }).cause, depth++)
    if ((err as { code?: unknown }).code === code) return true;
  return false;
}

async function eraseOnce(
  db: Db,
  userId: string,
  reason: "member" | "dormant",
  now: Date,
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '250ms'`);
    // The member's row first, as claims take it (FOR SHARE) before the accounts.
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!u) throw new DomainError("not_found", ERASURE_MESSAGES.notFound);
    const [done] = await tx.select().from(memberErasures).where(eq(memberErasures.userId, userId));
    if (done) return { erased: false, forfeited: 0, debt: 0 };

    const withdrawable = memberAccount(userId, "withdrawable");
    const deposit = memberAccount(userId, "deposit");
    // Under the accounts' locks: a withdrawal that committed is seen below, one still running
    // finds the balance forfeited and fails.
    const balances = await lockAccounts(tx, [withdrawable, deposit, debtAccount(userId), FORFEITED_ACCOUNT]);
    const [pending] = await tx
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "Pending")));
    if (Number(pending?.n ?? 0) > 0) throw new DomainError("conflict", ERASURE_MESSAGES.pendingWithdrawal);

    const w = balances.get(withdrawable) ?? 0;
    const d = balances.get(deposit) ?? 0;
    const debt = Math.max(0, -(balances.get(debtAccount(userId)) ?? 0));
    if (w + d > 0) {
      await post(tx, {
        idempotencyKey: `erasure:${userId}`,
        kind: "erasure_forfeit",
        userId,
        memo: reason,
        createdAt: now,
        lines: [
          ...(w > 0 ? [{ account: withdrawable, amount: -w }] : []),
          ...(d > 0 ? [{ account: deposit, amount: -d }] : []),
          { account: FORFEITED_ACCOUNT, amount: w + d },
        ],
      });
    }

    const tomb = `erased-${randomBytes(8).toString("hex")}`;
    await tx
      .update(users)
      .set({
        name: "",
        userName: tomb,
        email: `${tomb}@invalid`,
        emailKey: `${tomb}@invalid`,
        emailVerifiedAt: null,
        mobileNumber: null,
        passwordHash: null,
        googleSub: null,
        address: null,
        city: null,
        state: null,
        zipCode: null,
        payoutMethodId: null,
        payoutAccountInfo: null,
        payoutBank: null,
        totpSecret: null,
        totpLastStep: null,
        bannedAt: now,
        bannedReason: ERASED_REASON,
        earningSuspendedAt: now,
        earningSuspendedReason: ERASED_REASON,
        withdrawalsHeldAt: now,
        withdrawalsHeldReason: ERASED_REASON,
      })
      .where(eq(users.id, userId));

    await Promise.all([
      tx.delete(sessions).where(eq(sessions.userId, userId)),
      tx.delete(accountTokens).where(eq(accountTokens.userId, userId)),
      tx.delete(erasureCodes).where(eq(erasureCodes.userId, userId)),
      tx.delete(memberDevices).where(eq(memberDevices.userId, userId)),
      tx.delete(memberAddresses).where(eq(memberAddresses.userId, userId)),
      tx.delete(memberPayoutAccounts).where(eq(memberPayoutAccounts.userId, userId)),
      tx.delete(operatorNotes).where(eq(operatorNotes.userId, userId)),
      tx.update(memberExports).set({ status: "expired", body: null }).where(eq(memberExports.userId, userId)),
      tx.update(signIns).set({ ip: null, deviceId: null, userAgent: null }).where(eq(signIns.userId, userId)),
      tx
        .update(riskSignals)
        .set({ evidence: {}, summary: ERASED_TEXT })
        .where(eq(riskSignals.userId, userId)),
      tx.update(memberRisk).set({ reasons: [] }).where(eq(memberRisk.userId, userId)),
      tx
        .update(withdrawals)
        .set({ accountInfo: ERASED_TEXT, payoutBank: null, ip: null, deviceId: null })
        .where(eq(withdrawals.userId, userId)),
      tx
        .update(contactMessages)
        .set({ name: "", email: `${tomb}@invalid`, mobileNumber: "", message: ERASED_TEXT })
        .where(eq(contactMessages.userId, userId)),
      tx.execute(sql`update contact_replies set body = ${ERASED_TEXT}
        where message_id in (select id from contact_messages where user_id = ${userId})`),
      tx.execute(sql`update ad_views set ip = null where user_id = ${userId} and ip is not null`),
      tx.execute(sql`update short_link_tokens set ip = null where user_id = ${userId} and ip is not null`),
      tx.execute(sql`update ad_cheat_log set ip = null where user_id = ${userId} and ip is not null`),
      tx.execute(sql`update game_players set name = ${ERASED_TEXT} where user_id = ${userId}`),
    ]);
    // Consent proof stays without the address; the date of birth goes (the adult check's answer
    // stays); the PAN leaves the profile while the withholdings keep it as the tax law's records.
    await Promise.all([
      tx.update(consentLog).set({ ip: null }).where(eq(consentLog.userId, userId)),
      tx.update(memberAge).set({ dateOfBirth: null }).where(eq(memberAge.userId, userId)),
      erasePan(tx, userId),
    ]);

    await tx
      .insert(memberErasures)
      .values({ userId, reason: reason, detail: { forfeited: w + d, debt }, erasedAt: now });
    await recordAnsweredRequest(tx, {
      userId,
      kind: "erasure",
      now,
      detail: { reason: reason, forfeited: w + d, debt },
    });
    await recordAudit(tx, {
      actorUserId: reason === "member" ? userId : "system",
      action: "member.erase",
      target: `member:${userId}`,
      after: { reason: reason, forfeited: w + d, debt },
    });
    return { erased: true, forfeited: w + d, debt };
  });
}

const hashCode = (code: string) => createHash("sha256").update(`erasure:${code}`).digest("hex");

/** Mails a member without a password a code that confirms their erasure (a new code replaces the old). */
export async function sendErasureCode(
  db: Db,
  input: { userId: string; now: Date; mailer: Mailer; site: string },
): Promise<void> {
  const [u] = await db
    .select({
      email: users.email,
      name: users.name,
      language: users.language,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!u) throw new DomainError("not_found", ERASURE_MESSAGES.notFound);
  if (u.passwordHash) throw new DomainError("conflict", ERASURE_MESSAGES.noCodeNeeded);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(input.now.getTime() + CODE_MINUTES * 60 * 1000);
  await db
    .insert(erasureCodes)
    .values({
      userId: input.userId,
      codeHash: hashCode(`${input.userId}:${code}`),
      expiresAt,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: erasureCodes.userId,
      set: { codeHash: hashCode(`${input.userId}:${code}`), expiresAt, createdAt: input.now },
    });
  const words = rightsMailWords(isLocale(u.language) ? u.language : "en");
  try {
    await input.mailer.send({
      to: u.email,
      subject: words.erasureCode.subject(input.site),
      text: `${words.hello(u.name)}\n\n${words.erasureCode.body(code, CODE_MINUTES)}\n\n${words.erasureCode.ifNotYou}\n`,
    });
  } catch (e) {
    log.error({ err: e }, "erasure code mail failed");
  }
}

/**
 * The member confirms: the box ticked, and the password (or, without one, the mailed code). Then
 * eraseMember. A wrong password or code changes nothing.
 */
export async function confirmErasure(
  db: Db,
  input: {
    userId: string;
    confirm: boolean;
    password?: string;
    code?: string;
    now: Date;
    /** The accounts' password check (api/accounts: argon2id). */
    verifyPassword: (hash: string, password: string) => Promise<boolean>;
  },
): Promise<ErasureResult> {
  if (!input.confirm) throw new DomainError("invalid_input", ERASURE_MESSAGES.confirmFirst);
  const [u] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!u) throw new DomainError("not_found", ERASURE_MESSAGES.notFound);
  if (u.passwordHash) {
    if (!input.password) throw new DomainError("invalid_input", ERASURE_MESSAGES.passwordNeeded);
    if (!(await input.verifyPassword(u.passwordHash, input.password)))
      throw new DomainError("wrong_password", ERASURE_MESSAGES.wrongPassword);
  } else {
    if (!input.code) throw new DomainError("invalid_input", ERASURE_MESSAGES.codeNeeded);
    const [row] = await db.select().from(erasureCodes).where(eq(erasureCodes.userId, input.userId));
    const want = Buffer.from(row?.codeHash ?? "");
    const got = Buffer.from(hashCode(`${input.userId}:${input.code.trim()}`));
    if (!row || row.expiresAt <= input.now || want.length !== got.length || !timingSafeEqual(want, got))
      throw new DomainError("invalid_token", ERASURE_MESSAGES.wrongCode);
  }
  return eraseMember(db, input.userId, { reason: "member", now: input.now });
}

/** Whether the member is erased (operators' pages show "erased member"). */
export async function isErased(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberErasures.userId })
    .from(memberErasures)
    .where(eq(memberErasures.userId, userId));
  return Boolean(row);
}
