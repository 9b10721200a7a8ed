import { data, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { operatorApi, operatorChange } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { QueueConfirm } from "~/components/admin/payout-forms";
import type { RiskConfirm } from "~/components/admin/payout-risk";
import { type SelectionAnswer } from "~/components/admin/payout-outcomes";
import { ApproveSchema, FILTERS, RejectSchema, ResendSchema, SelectionSchema, UtrSchema } from "./schemas";

/** What the action answers when it does not redirect: a confirm step, a batch's or a bank file's outcome. */
type Answer = RiskConfirm | { kind: "confirm"; confirm: QueueConfirm } | SelectionAnswer;

/** The ticked requests, or the reason they cannot go. */
function selectionOf(formData: FormData): { ids: string[] } | { error: string } {
  const parsed = SelectionSchema.safeParse(formData.getAll("ids").map(String));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Select at least one withdrawal." };
  return { ids: [...new Set(parsed.data)] };
}

export async function withdrawalsAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const status = FILTERS.find((f) => f.value === formData.get("status"))?.value ?? "Pending";
  const returnTo = `/admin/withdrawals?status=${status}`;
  const intent = formData.get("intent");
  if (intent === "batch_approve" || intent === "bank_file") {
    const selection = selectionOf(formData);
    if ("error" in selection)
      return data<Answer>({ kind: "selection_error", message: selection.error }, { status: 400 });
    if (intent === "batch_approve") {
      const res = await operatorApi(request, context, "/adminRoute/withdrawals/approve", {
        method: "POST",
        json: { ids: selection.ids },
      });
      if (res.ok && res.body.msg) return data<Answer>({ kind: "batch", result: res.body.msg });
      return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
    }
    const res = await operatorApi(request, context, "/adminRoute/payouts/bankFiles", {
      method: "POST",
      json: { ids: selection.ids },
    });
    if (res.ok && res.body.msg) return data<Answer>({ kind: "bank_file", result: res.body.msg });
    // None could go: the answer still lists each one's reason, shown like a written file's.
    if (res.refused?.error_code === "conflict" && res.refused.skipped)
      return data<Answer>({
        kind: "bank_file",
        result: { id: "", rows: 0, message: errorText(res.body), skipped: res.refused.skipped },
      });
    return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
  }
  if (intent === "resend") {
    const submission = parseWithZod(formData, { schema: ResendSchema });
    if (submission.status !== "success")
      return redirectWithToast(context, returnTo, {
        type: "error",
        title: "Choose a withdrawal to send again.",
      });
    const { id, confirmed } = submission.value;
    // Money leaves the member's balance again: the first press only asks.
    if (!confirmed) return data<Answer>({ kind: "confirm", confirm: { kind: "resend", id } });
    return operatorChange(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(id)}/resend`,
      { method: "POST", json: {} },
      returnTo,
    );
  }
  if (intent === "approve" || intent === "mark_paid") {
    const submission = parseWithZod(formData, { schema: ApproveSchema });
    if (submission.status !== "success")
      return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
    const { id, confirmRisk, confirmed } = submission.value;
    const action = submission.value.intent;
    let utr: string | undefined;
    if (action === "mark_paid") {
      // Marking paid by hand says money left outside the site: the first press only asks, naming
      // the member, the amount and the account, for the bank's reference (UTR).
      if (!confirmed) return data<Answer>({ kind: "confirm", confirm: { kind: "mark_paid", id } });
      const typed = UtrSchema.safeParse(submission.value.utr ?? "");
      if (!typed.success)
        return data<Answer>(
          {
            kind: "confirm",
            confirm: {
              kind: "mark_paid",
              id,
              utr: submission.value.utr?.slice(0, 30),
              error: typed.error.issues[0]?.message,
            },
          },
          { status: 400 },
        );
      utr = typed.data;
    }
    const res = await operatorApi(
      request,
      context,
      `/adminRoute/withdrawals/${encodeURIComponent(id)}/settle`,
      {
        method: "POST",
        json: { action, ...(utr ? { utr } : {}), ...(confirmRisk ? { confirmRisk: true } : {}) },
      },
    );
    if (res.ok)
      return redirectWithToast(context, returnTo, { type: "success", title: res.body.msg ?? "Saved." });
    // A flagged or marked request: the confirm step with the reasons (rendered by the server).
    const refused = res.refused;
    if (refused?.error_code === "risk_confirm") {
      return data<Answer>({
        kind: "risk_confirm",
        action,
        id,
        utr,
        message: errorText(res.body),
        score: refused.score ?? 0,
        level: refused.level ?? "none",
        reasons: refused.reasons ?? [],
        review_reasons: refused.review_reasons ?? [],
      });
    }
    // The API refused the reference itself (used for another payment): the confirm step again.
    if (utr && (refused?.error_code === "duplicate" || refused?.error_code === "invalid_input"))
      return data<Answer>(
        { kind: "confirm", confirm: { kind: "mark_paid", id, utr, error: errorText(res.body) } },
        { status: res.status },
      );
    return redirectWithToast(context, returnTo, { type: "error", title: errorText(res.body) });
  }
  const submission = parseWithZod(formData, { schema: RejectSchema });
  if (submission.status !== "success")
    return data({ id: String(formData.get("id") ?? ""), result: submission.reply() }, { status: 400 });
  return operatorChange(
    request,
    context,
    `/adminRoute/withdrawals/${encodeURIComponent(submission.value.id)}/settle`,
    { method: "POST", json: { action: "reject", remark: submission.value.remark } },
    returnTo,
  );
}
