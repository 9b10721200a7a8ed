import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type {
  BankResultOutcome,
  BatchApproveResult,
  BatchSkip,
  NewBankFileResult,
} from "../../../shared/contracts/payouts";

/**
 * What the payouts console's actions answered (issue 22): a batch approval, a bank file written,
 * a bank's result file imported — each the API's message and the requests or lines left out.
 */

function SkippedList({ skipped, label }: { skipped: BatchSkip[]; label: string }) {
  if (skipped.length === 0) return null;
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-sm" aria-label={label}>
      {skipped.map((s) => (
        <li key={s.id} className="break-words">
          <span className="font-mono">{s.id.toUpperCase()}</span>: {s.reason}
        </li>
      ))}
    </ul>
  );
}

/** A box saying what an operator's action did: its message, then the details. */
function OutcomeBox(props: { label: string; testId: string; message: string; children: ReactNode }) {
  return (
    <section
      role="status"
      aria-label={props.label}
      className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-3"
      data-testid={props.testId}
    >
      <p className="font-semibold">{props.message}</p>
      {props.children}
    </section>
  );
}

/** What "Approve selected" did: the API's message and the requests left out, each with its reason. */
export function BatchOutcome({ result }: { result: BatchApproveResult }) {
  return (
    <OutcomeBox label="Batch approval" testId="batch-outcome" message={result.message}>
      {result.awaiting_second.length > 0 ? (
        <p className="text-sm">
          Waiting for a second operator:{" "}
          <span className="font-mono">{result.awaiting_second.map((id) => id.toUpperCase()).join(", ")}</span>
        </p>
      ) : null}
      <SkippedList skipped={result.skipped} label="Left out" />
    </OutcomeBox>
  );
}

/** The bank file just written: its download, and what was left out. */
export function BankFileOutcome({ result }: { result: NewBankFileResult }) {
  return (
    <OutcomeBox label="Bank file" testId="bank-file-outcome" message={result.message}>
      {result.rows > 0 ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a
            href={`/admin/payouts/bank-files/${encodeURIComponent(result.id)}/csv`}
            className="font-semibold text-brand-700 underline"
            download
          >
            Download the bank file (CSV)
          </a>
          <Link to="/admin/payouts" className="text-brand-700 underline">
            Bank files and result import
          </Link>
        </p>
      ) : null}
      <SkippedList skipped={result.skipped} label="Left out" />
    </OutcomeBox>
  );
}

/** What importing a bank's result file did: paid and failed counts, and each line that matched nothing. */
export function ResultOutcome({ outcome }: { outcome: BankResultOutcome }) {
  return (
    <OutcomeBox label="Result import" testId="result-outcome" message={outcome.message}>
      <p className="text-sm">
        {outcome.paid} paid, {outcome.failed} failed, {outcome.unmatched.length} not matched.
      </p>
      {outcome.unmatched.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm" aria-label="Lines not matched">
          {outcome.unmatched.map((u) => (
            <li key={`${u.line}-${u.reason}`} className="break-words">
              Line {u.line}: {u.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </OutcomeBox>
  );
}

/** What the selection form's press answered. */
export type SelectionAnswer =
  | { kind: "batch"; result: BatchApproveResult }
  | { kind: "bank_file"; result: NewBankFileResult }
  | { kind: "selection_error"; message: string };

export function SelectionOutcome({ answer }: { answer: SelectionAnswer | null }) {
  if (!answer) return null;
  if (answer.kind === "batch") return <BatchOutcome result={answer.result} />;
  if (answer.kind === "bank_file") return <BankFileOutcome result={answer.result} />;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {answer.message}
    </p>
  );
}
