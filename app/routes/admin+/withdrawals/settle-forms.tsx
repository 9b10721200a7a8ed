import { Form, useActionData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { ErrorList, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { QueueConfirmStep, ResendForm } from "~/components/admin/payout-forms";
import { RiskConfirmStep } from "~/components/admin/payout-risk";
import type { OperatorWithdrawal } from "../../../../shared/contracts/withdrawals";
import type { PayoutMode } from "../../../../shared/contracts/payouts";

import type { withdrawalsAction } from "./action.server";
import { RejectSchema, type Filter } from "./schemas";

/** The action's answer when it concerns this row: a validation reply or a confirm step. */
function useRowAnswer(id: string) {
  const actionData = useActionData<typeof withdrawalsAction>();
  if (!actionData) return { reply: undefined, risk: null, confirm: null };
  const reply = "result" in actionData && actionData.id === id ? actionData.result : undefined;
  const risk =
    "kind" in actionData && actionData.kind === "risk_confirm" && actionData.id === id ? actionData : null;
  const confirm =
    "kind" in actionData && actionData.kind === "confirm" && actionData.confirm.id === id
      ? actionData.confirm
      : null;
  return { reply, risk, confirm };
}

export function SettleForms({
  row,
  status,
  mode,
}: {
  row: OperatorWithdrawal;
  status: Filter;
  mode: PayoutMode;
}) {
  const answer = useRowAnswer(row._id);
  const approving = useIsPending({ fields: { id: row._id, intent: "approve" } });
  const marking = useIsPending({ fields: { id: row._id, intent: "mark_paid" } });
  const rejecting = useIsPending({ fields: { id: row._id, intent: "reject" } });
  const [form, fields] = useAppForm({
    id: `reject-${row._id}`,
    lastResult: answer.reply,
    schema: RejectSchema,
  });
  const order = row._id.toUpperCase();
  // A payout on its way is settled by its final status: nothing to press until then.
  if (row.payout_stage === "in_flight")
    return (
      <p className="text-sm text-slate-700">
        A payout is on its way: its final status settles this request (a failed one can be sent again).
      </p>
    );
  // Nothing is paid to a member who owes (the API refuses): only rejecting is offered.
  const payable = !row.owed;
  // Without a provider, approving is marking paid; above the four-eyes threshold a first approval
  // (no payment, no UTR yet) is its own press.
  const approveButton =
    mode === "razorpayx"
      ? row.payout_stage === "second_approval"
        ? "Approve (second)"
        : "Approve"
      : row.payout_stage === "waiting" && row.needs_second_approval
        ? "Approve (first of two)"
        : null;
  return (
    <div className="space-y-3">
      {answer.risk ? <RiskConfirmStep c={answer.risk} status={status} /> : null}
      {answer.confirm ? <QueueConfirmStep c={answer.confirm} row={row} status={status} mode={mode} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {payable && approveButton ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name="status" value={status} />
            <SubmitButton
              pending={approving}
              className="btn-primary"
              aria-label={`${approveButton} ${order}`}
            >
              {approveButton}
            </SubmitButton>
          </Form>
        ) : null}
        {payable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark_paid" />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name="status" value={status} />
            <SubmitButton
              pending={marking}
              className={approveButton ? "btn-secondary" : "btn-primary"}
              aria-label={`Mark paid by hand: ${order}`}
            >
              {mode === "razorpayx" ? "Mark paid by hand" : "Mark paid"}
            </SubmitButton>
          </Form>
        ) : null}
        <Form
          method="post"
          {...getFormProps(form)}
          className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="id" value={row._id} />
          <input type="hidden" name="status" value={status} />
          <div className="flex-1">
            <label className="sr-only" htmlFor={fields.remark.id}>
              Remark for {order}
            </label>
            <input
              className="input"
              placeholder="Remark (required to reject)"
              {...getInputProps(fields.remark, { type: "text" })}
            />
            <ErrorList id={fields.remark.errorId} errors={fields.remark.errors} />
          </div>
          <SubmitButton pending={rejecting} className="btn-danger" aria-label={`Reject ${order}`}>
            Reject
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}

export function FailedRow({
  row,
  status,
  mode,
}: {
  row: OperatorWithdrawal;
  status: Filter;
  mode: PayoutMode;
}) {
  const { confirm } = useRowAnswer(row._id);
  return <ResendForm row={row} status={status} mode={mode} confirm={confirm} />;
}

/** A Pending request no payout is out for can be ticked for a batch or a bank file. */
export const selectable = (r: OperatorWithdrawal) =>
  r.withdrawal_status === "Pending" && r.payout_stage !== "in_flight";
