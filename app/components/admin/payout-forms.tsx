import { Form, Link } from "@remix-run/react";
import type { PayoutMode } from "../../../shared/contracts/payouts";
import type { OperatorWithdrawal } from "../../../shared/contracts/withdrawals";
import { rupees } from "../../../shared/money";
import { SubmitButton, useIsPending } from "~/components/forms";

/**
 * The server-rendered confirm steps of the withdrawal queue ("send again", "mark paid by hand" with
 * the bank's reference) and the form the rows' checkboxes belong to (batch approval, a bank file).
 */
import { Detail } from "./payout-parts";
import { shownMemberName } from "../../../shared/erasure";

/**
 * The confirm steps this queue renders on the server: send a failed payout again, mark one paid by
 * hand (with the bank's reference typed so far, and why it was refused, when it was).
 */
export type QueueConfirm = { kind: "resend" | "mark_paid"; id: string; utr?: string; error?: string };

/** The bank's reference of a payment: 6 to 30 letters and digits (the API's rule, api/payouts/attempts.ts). */
export const UTR_RULE = "^[A-Za-z0-9]{6,30}$";

/**
 * "Send again?" or "Mark paid by hand?": the second press carries `confirmed`. Marking paid names
 * the member, the amount and the payout account, and asks for the bank's reference (UTR).
 */
export function QueueConfirmStep({
  c,
  row,
  status,
  mode,
}: {
  c: QueueConfirm;
  row: OperatorWithdrawal;
  status: string;
  mode: PayoutMode;
}) {
  const amount = rupees(row.balance);
  const account = row.withdrawal_account_information;
  const order = c.id.toUpperCase();
  const resend = c.kind === "resend";
  const utrId = `utr-${c.id}`;
  return (
    <section
      className="space-y-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3"
      aria-labelledby={`confirm-${c.kind}-${c.id}`}
      data-testid="queue-confirm"
    >
      <h2 id={`confirm-${c.kind}-${c.id}`} className="font-semibold">
        {resend ? `Send ${order} again?` : `Mark ${order} paid by hand?`}
      </h2>
      {resend ? (
        <p className="text-sm">
          {mode === "razorpayx"
            ? `${amount} is taken from the member's withdrawable balance again and sent through RazorpayX as a new attempt to ${account}.`
            : `${amount} is taken from the member's withdrawable balance again and the request is Pending again: mark it paid or put it in a bank file.`}
        </p>
      ) : (
        <>
          <dl
            className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-2"
            data-testid="mark-paid-summary"
          >
            <Detail label="Member">
              {shownMemberName(row.userName)} ({row.email})
            </Detail>
            <Detail label="Amount">
              <span className="font-semibold tabular-nums">{amount}</span>
            </Detail>
            <Detail label="Payout account">
              {row.withdrawal_method} · <span className="select-all font-mono">{account}</span>
            </Detail>
          </dl>
          <p className="text-sm">
            {`Only when you paid ${amount} to this account yourself: the request becomes Success with the bank's reference, the member is mailed, and it counts towards today's outgoing limit.`}
            {mode === "razorpayx" ? " Nothing is sent through RazorpayX." : null}
          </p>
        </>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={c.kind} />
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="confirmed" value="true" />
        {resend ? null : (
          <div className="w-full sm:w-auto">
            <label htmlFor={utrId} className="block text-sm font-medium">
              Bank reference (UTR)
            </label>
            <input
              id={utrId}
              name="utr"
              className="input font-mono"
              defaultValue={c.utr ?? ""}
              required
              minLength={6}
              maxLength={30}
              pattern={UTR_RULE}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={c.error ? true : undefined}
              aria-describedby={c.error ? `${utrId}-error` : `${utrId}-help`}
            />
            {c.error ? (
              <p id={`${utrId}-error`} className="text-sm text-red-700" role="alert">
                {c.error}
              </p>
            ) : (
              <p id={`${utrId}-help`} className="text-xs text-slate-600">
                6 to 30 letters and digits, as your bank shows it.
              </p>
            )}
          </div>
        )}
        <button
          type="submit"
          className="btn-danger"
          aria-label={resend ? `Send ${order} again now` : `Mark ${order} paid now`}
        >
          {resend ? "Send again now" : "Mark paid now"}
        </button>
        <Link to={`/admin/withdrawals?status=${status}`} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** "Send again" on a request whose last payout failed (the member was refunded): a confirm step first. */
export function ResendForm({
  row,
  status,
  mode,
  confirm,
}: {
  row: OperatorWithdrawal;
  status: string;
  mode: PayoutMode;
  confirm: QueueConfirm | null;
}) {
  const sending = useIsPending({ fields: { id: row._id, intent: "resend" } });
  const order = row._id.toUpperCase();
  return (
    <div className="space-y-3">
      {confirm ? <QueueConfirmStep c={confirm} row={row} status={status} mode={mode} /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="id" value={row._id} />
        <input type="hidden" name="status" value={status} />
        <SubmitButton pending={sending} className="btn-secondary" aria-label={`Send ${order} again`}>
          Send again
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The form the rows' checkboxes belong to (by their `form` attribute): batch approval or a bank file. */
export const SELECTION_FORM = "selected-withdrawals";

export function SelectionForm({
  status,
  selectable,
  mode,
}: {
  status: string;
  selectable: number;
  mode: PayoutMode;
}) {
  const approving = useIsPending({ fields: { intent: "batch_approve" } });
  const filing = useIsPending({ fields: { intent: "bank_file" } });
  if (selectable === 0) return null;
  return (
    <Form
      method="post"
      id={SELECTION_FORM}
      className="card flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
      aria-label="Selected withdrawals"
    >
      <input type="hidden" name="status" value={status} />
      <p className="text-sm text-slate-600 sm:mr-auto">
        {mode === "razorpayx"
          ? "Tick requests below (at most 50), then send them together."
          : "Tick requests below (at most 50) to put them in a bank file; a payment by hand is marked paid on its own, with its UTR."}{" "}
        Held, flagged and marked requests, and members who owe, are left out with their reason.
      </p>
      {mode === "razorpayx" ? (
        <SubmitButton pending={approving} name="intent" value="batch_approve" className="btn-primary">
          Approve selected
        </SubmitButton>
      ) : null}
      <SubmitButton pending={filing} name="intent" value="bank_file" className="btn-secondary">
        Add selected to a bank file
      </SubmitButton>
    </Form>
  );
}
