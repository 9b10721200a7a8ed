import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Deps } from "../deps";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { PAGE_SIZE } from "../../shared/pagination";
import { payoutBatches, payouts, users, withdrawals } from "../db/schema";
import { DomainError } from "../lib/errors";
import { newId } from "../lib/ids";
import { recordAudit } from "../site/audit";
import { milliToRupeeString } from "../../shared/money";
import type {
  BankFileList,
  BankResultOutcome,
  BatchSkip,
  NewBankFileResult,
  NoBankFileRefusal,
} from "../../shared/contracts/payouts";
import { openAttempt } from "./attempts";
import { applyStatus } from "./apply";
import { bankFileCsv, BankFileError, parseBankResult, type BankFileRow } from "./bankFile";
import { payoutDestination } from "./destination";
import { narrationOf } from "./razorpayx";

/**
 * Bank bulk files (issue 22 §2), for a site that pays through its bank's bulk-transfer upload:
 * the selected Pending withdrawals each get an attempt on the `bank_file` channel (the same rules
 * as an approval: holds, risk, four eyes, the daily limit), status `sent`, written to one batch;
 * the CSV is made from the batch's attempts whenever it is downloaded (bankFile.ts has the
 * layout); the bank's result file settles them through the same status machine as the provider's
 * webhooks (apply.ts), matched by reference (the attempt's idempotency key).
 */

export const BANK_FILE_MESSAGES = {
  tooMany: "Select at most 500 withdrawals for one bank file.",
  none: "None of the selected withdrawals could go into a bank file.",
  written: (n: number) =>
    `Bank file written with ${n} withdrawal${n === 1 ? "" : "s"}: download it and upload it to your bank.`,
  notFound: "Bank file not found.",
  imported: (paid: number, failed: number, unmatched: number) =>
    `Result imported: ${paid} paid, ${failed} failed${unmatched ? `, ${unmatched} line${unmatched === 1 ? "" : "s"} not matched` : ""}.`,
} as const;

export async function createBankFile(
  deps: Deps,
  input: { ids: string[]; actorUserId: string },
): Promise<NewBankFileResult> {
  const ids = [...new Set(input.ids)];
  if (ids.length > 500) throw new DomainError("invalid_input", BANK_FILE_MESSAGES.tooMany);
  const batchId = newId();
  const skipped: BatchSkip[] = [];
  let rows = 0;
  let total = 0;
  await deps.db
    .insert(payoutBatches)
    .values({ id: batchId, createdBy: input.actorUserId, rows: 0, total: 0 });
  for (const id of ids) {
    try {
      const opened = await deps.db.transaction((tx) =>
        openAttempt(tx, {
          withdrawalId: id,
          actorUserId: input.actorUserId,
          channel: "bank_file",
          confirmRisk: false,
          batch: true,
          batchId,
          now: deps.clock(),
        }),
      );
      if (opened.kind === "awaiting_second") {
        skipped.push({
          id,
          reason: "Approved once: a second operator must approve it (or add it to a bank file).",
        });
        continue;
      }
      const [p] = await deps.db
        .select({ amount: payouts.amount })
        .from(payouts)
        .where(eq(payouts.id, opened.payoutId));
      rows += 1;
      total += p?.amount ?? 0;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      skipped.push({ id, reason: e.message });
    }
  }
  if (rows === 0) {
    await deps.db.delete(payoutBatches).where(eq(payoutBatches.id, batchId));
    throw new DomainError("conflict", BANK_FILE_MESSAGES.none, {
      skipped,
    } satisfies Omit<Required<NoBankFileRefusal>, "error_code">);
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(payoutBatches).set({ rows, total }).where(eq(payoutBatches.id, batchId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "payouts.bank_file",
      target: `payout_batch:${batchId}`,
      before: null,
      after: { rows, total: milliToRupeeString(total) },
    });
  });
  return { id: batchId, rows, skipped, message: BANK_FILE_MESSAGES.written(rows) };
}

/** The batch's CSV, made from its attempts (null when there is no such batch). */
export async function bankFileText(deps: Deps, batchId: string): Promise<string | null> {
  const [batch] = await deps.db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId));
  if (!batch) return null;
  const list = await deps.db
    .select({
      p: payouts,
      methodName: withdrawals.methodName,
      accountInfo: withdrawals.accountInfo,
      payoutBank: withdrawals.payoutBank,
      name: users.userName,
    })
    .from(payouts)
    .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.batchId, batchId))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
  const narration = narrationOf(deps.config.SITE_NAME);
  const rows: BankFileRow[] = [];
  for (const { p, methodName, accountInfo, payoutBank, name } of list) {
    const destination = payoutDestination(methodName, accountInfo, name, payoutBank);
    if (!destination) continue; // cannot happen: the attempt was opened with one
    rows.push({
      beneficiaryName: destination.kind === "bank" ? destination.name : name,
      destination,
      amountMilli: p.amount,
      mode: p.mode as BankFileRow["mode"],
      reference: p.idempotencyKey,
      narration,
    });
  }
  return bankFileCsv(rows);
}

/** The bank's result file applied: each line to the open attempt of this batch with its reference. */
export async function importBankResult(
  deps: Deps,
  input: { batchId: string; csv: string; actorUserId: string },
): Promise<BankResultOutcome> {
  const [batch] = await deps.db.select().from(payoutBatches).where(eq(payoutBatches.id, input.batchId));
  if (!batch) throw new DomainError("not_found", BANK_FILE_MESSAGES.notFound);
  let lines;
  try {
    lines = parseBankResult(input.csv);
  } catch (e) {
    if (e instanceof BankFileError) throw new DomainError("invalid_input", e.message);
    throw e;
  }
  const outcome: BankResultOutcome = { paid: 0, failed: 0, unmatched: [], message: "" };
  for (const line of lines) {
    if ("error" in line) {
      outcome.unmatched.push({ line: line.line, reason: line.error });
      continue;
    }
    const [p] = await deps.db
      .select({ id: payouts.id, status: payouts.status })
      .from(payouts)
      .where(
        and(
          eq(payouts.batchId, batch.id),
          eq(payouts.channel, "bank_file"),
          eq(payouts.idempotencyKey, line.reference),
        ),
      );
    if (!p) {
      outcome.unmatched.push({
        line: line.line,
        reason: `No withdrawal of this file has the reference ${line.reference}.`,
      });
      continue;
    }
    const verdict = await applyStatus(
      deps,
      p.id,
      line.outcome === "paid"
        ? { status: "processed", utr: line.utr }
        : { status: "failed", reason: line.reason },
      "bank_file",
      deps.clock(),
    );
    if (verdict !== "applied") {
      outcome.unmatched.push({ line: line.line, reason: `Already settled (${p.status}): nothing changed.` });
      continue;
    }
    if (line.outcome === "paid") outcome.paid += 1;
    else outcome.failed += 1;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payoutBatches)
      .set({ resultImportedAt: deps.clock(), resultImportedBy: input.actorUserId })
      .where(eq(payoutBatches.id, batch.id));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "payouts.bank_result",
      target: `payout_batch:${batch.id}`,
      before: { result_imported_at: batch.resultImportedAt?.toISOString() ?? null },
      after: { paid: outcome.paid, failed: outcome.failed, unmatched: outcome.unmatched.length },
    });
  });
  outcome.message = BANK_FILE_MESSAGES.imported(outcome.paid, outcome.failed, outcome.unmatched.length);
  return outcome;
}

/** The bank files, newest first, a page of PAGE_SIZE.operatorLists (20). */
export async function listBankFiles(db: Db, requestedPage = 1): Promise<BankFileList> {
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(payoutBatches),
    requestedPage,
    PAGE_SIZE.operatorLists,
    db
      .select({
        b: payoutBatches,
        by: users.userName,
        open: sql<number>`(select count(*)::int from ${payouts} where ${payouts.batchId} = ${payoutBatches.id} and ${payouts.status} = 'sent')`,
      })
      .from(payoutBatches)
      .leftJoin(users, eq(users.id, payoutBatches.createdBy))
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id)),
  );
  return {
    records: rows.map(({ b, by, open }) => ({
      id: b.id,
      created_at: b.createdAt.toISOString(),
      created_by: by ?? b.createdBy,
      rows: b.rows,
      total: milliToRupeeString(b.total),
      open: Number(open),
      result_imported_at: b.resultImportedAt ? b.resultImportedAt.toISOString() : null,
    })),
    pagination,
  };
}
