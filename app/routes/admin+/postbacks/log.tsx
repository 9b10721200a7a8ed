import { Form } from "@remix-run/react";
import { AlertBox } from "~/components/confirm-dialog";
import { formatTime } from "../../../../shared/time";
import { rupees } from "../../../../shared/money";
import type { PostbackRow } from "../../../../shared/contracts/taskWalls";
import type { PostbackVerdict } from "../../../../shared/taskWall";
import { SUCCESS_VERDICTS } from "~/utils/task-walls";
import type { SentAnswer } from "./schemas";

/** The postback log's rows and a sent postback's result. */

/** A verdict, green when the network got the success body. */
export function VerdictBadge({ verdict }: { verdict: PostbackVerdict }) {
  const tone = SUCCESS_VERDICTS.has(verdict)
    ? "bg-green-100 text-green-800 ring-green-300"
    : "bg-red-100 text-red-800 ring-red-300";
  return (
    <span
      data-testid="verdict"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {verdict}
    </span>
  );
}

/** What the endpoint answered a test postback or a replay. */
export function SentResult({ sent }: { sent: SentAnswer }) {
  if (!sent.ok) return <AlertBox tone="error" title={sent.message} />;
  const { status, body, verdict } = sent.result;
  return (
    <AlertBox
      tone={verdict !== null && SUCCESS_VERDICTS.has(verdict) ? "success" : "warning"}
      title={`Verdict: ${verdict}`}
    >
      The endpoint answered HTTP {status}
      {body ? (
        <>
          {" "}
          with <code className="break-all font-mono">{body}</code>
        </>
      ) : null}
      .
    </AlertBox>
  );
}

/** One row of the log, with its raw request and the replay button. */
export function PostbackEntry({ row }: { row: PostbackRow }) {
  return (
    <li className="card space-y-2 text-sm" data-testid="postback">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          #{row.id} · {row.wallName ?? row.wallId ?? "—"}{" "}
          <span className="font-normal text-slate-500">
            <time dateTime={row.time}>{formatTime(row.time)}</time>
            {row.ip ? ` · ${row.ip}` : ""} · {row.origin}
          </span>
        </p>
        <VerdictBadge verdict={row.verdict} />
      </div>
      <p className="break-all font-mono text-xs">
        <span className="font-semibold">{row.method}</span> {row.url}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-slate-500">Transaction</dt>
        <dd className="break-all font-mono">{row.transactionId ?? "—"}</dd>
        <dt className="text-slate-500">Member</dt>
        <dd className="break-all">{row.userName ?? row.userId ?? "—"}</dd>
        <dt className="text-slate-500">Amount</dt>
        <dd>{row.amount ? rupees(row.amount) : "—"}</dd>
        <dt className="text-slate-500">Detail</dt>
        <dd className="break-words">{row.detail ?? "—"}</dd>
      </dl>
      {row.headers || row.body ? (
        <details>
          <summary className="cursor-pointer text-brand-600">Raw request</summary>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
            {row.headers
              ? Object.entries(row.headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join("\n")
              : ""}
            {row.body ? `\n\n${row.body}` : ""}
          </pre>
        </details>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="replay-check" />
        <input type="hidden" name="id" value={String(row.id)} />
        <button type="submit" className="btn-secondary" aria-label={`Replay postback ${row.id}`}>
          Replay
        </button>
      </Form>
    </li>
  );
}
