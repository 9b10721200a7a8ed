import { useEffect } from "react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { callApi, errorText, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageParam } from "~/utils/pagination";
import type { BalanceData, WithdrawalRecord } from "../../../shared/contracts/withdrawals";
import type { TaxPage } from "../../../shared/contracts/tax";
import { Pagination } from "~/components/pagination";
import { SubmitButton, useAppForm } from "~/components/forms";
import { AmountInput } from "~/components/amount-input";
import { BalanceCard } from "~/components/balance-card";
import { Instructions } from "~/components/instructions";
import { formatRupeeLimit, parseRupees, parseWholeRupees, rupeesToMilli } from "../../../shared/money";
import { AlertBox, confirmStep, useConfirmFlow } from "~/components/confirm-dialog";
import { WithdrawConfirm } from "~/components/withdraw-confirm";
import { CopyableText } from "~/components/copy-button";
import { useHydrated } from "~/utils/client-toast";
import { StatusBadge } from "~/components/status-badge";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";
import { Trans, useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useFormat } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "account.withdraw") }];

/** What the checks need: the bound payout details and the balance, as the API sent them. */
interface WithdrawRules {
  method: string | null;
  /** The method's name as the page shows it, in the reader's language (issue 45); `method` is what is sent. */
  methodLabel: string | null;
  account: string | null;
  minimum: string | null;
  withdrawable: string;
  /** The tax the request would deduct (issue 44 §6): null while the owner's tax rules are off. */
  taxDue: string | null;
}

/** The outcome shown above the form: a failed check, a session problem or a failed request. */
type Notice =
  | { kind: "bind" }
  | { kind: "method" }
  | { kind: "minimum"; method: string; minimum: string }
  | { kind: "balance"; available: string }
  | { kind: "taxExceeds"; tax: string }
  | { kind: "pan"; text: string }
  | { kind: "expired" }
  | { kind: "auth" }
  | { kind: "error"; title: string; text: string };

/** The whole-rupee rule, as it is (issue 45 §2): not the minimum, which a fraction of a rupee is not below. */
const WHOLE_RUPEES = "Withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.";

const WithdrawSchema = z.object({
  amount: z
    .string({ required_error: WHOLE_RUPEES })
    .refine((v) => parseWholeRupees(v) !== null, WHOLE_RUPEES),
  intent: z.enum(["check", "confirm"]).default("check"),
  request_id: z.string().max(64).optional(),
  /** The tax shown on the confirm step (issue 44 §6): the API refuses if the tax due changed since. */
  tax: z.string().max(20).optional(),
});

/** The spec's checks in order (spec 1 §5); the page runs them in the browser and the action again on the server. */
function checkWithdrawal(rules: WithdrawRules, amountRupees: number): Notice | null {
  if (!rules.method && !rules.account) return { kind: "bind" };
  if (!rules.method || !rules.account || rules.minimum === null) return { kind: "method" };
  const amount = rupeesToMilli(amountRupees);
  if (amount <= 0 || amount < parseRupees(rules.minimum))
    return { kind: "minimum", method: rules.methodLabel ?? rules.method, minimum: rules.minimum };
  if (amount > parseRupees(rules.withdrawable)) return { kind: "balance", available: rules.withdrawable };
  if (rules.taxDue !== null && parseRupees(rules.taxDue) >= amount)
    return { kind: "taxExceeds", tax: rules.taxDue };
  return null;
}

function rulesOf(d: BalanceData, tax: TaxPage): WithdrawRules {
  return {
    method: d.withdrawal_method || null,
    methodLabel: d.withdrawal_method_label || d.withdrawal_method || null,
    account: d.withdrawal_account_information || null,
    minimum: d.withdrawalMethod_minimumAmount ?? null,
    withdrawable: d.withdrawable_amount,
    taxDue: tax.enabled ? tax.tax_due : null,
  };
}

async function loadBalance(request: Request, context: LoaderFunctionArgs["context"], page = 1) {
  return memberRead(request, context, "/userAmount/userBalanceData_get", { page: String(page) });
}

async function loadTax(request: Request, context: LoaderFunctionArgs["context"]) {
  return memberRead(request, context, "/userAmount/tax");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, restrictions, tax] = await Promise.all([
    loadBalance(request, context, pageParam(new URL(request.url))),
    memberRestrictions(request, context),
    loadTax(request, context),
  ]);
  return {
    restrictions,
    withdrawable: d.withdrawable_amount,
    pending: d.pending_withdrawal_amount,
    total: d.total_withdrawal_amount,
    rules: rulesOf(d, tax),
    /** The bound account as the confirm step names it, masked. */
    accountMasked: d.withdrawal_account_masked,
    /** How long a payout usually takes, in the page's language (the owner's payout time). */
    payoutTime: d.payout_time,
    instructions: d.other_data_withdrawal_instructions ?? [],
    reviewMessage: d.review_message ?? null,
    records: d.withdrawal_Records,
    page: d.pagination.page,
    totalPages: d.pagination.totalPages,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const FAILURE = t("account.withdraw.failure");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: WithdrawSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), notice: null, confirm: null }, { status: 400 });
  const { amount, intent, request_id, tax: shownTax } = submission.value;
  const rupeeAmount = Number(amount);
  const [d, tax] = await Promise.all([loadBalance(request, context), loadTax(request, context)]);
  const rules = rulesOf(d, tax);
  const notice = checkWithdrawal(rules, rupeeAmount);
  if (notice) return data({ result: submission.reply(), notice, confirm: null }, { status: 400 });
  if (intent !== "confirm") {
    // Without JavaScript the first POST answers with the confirm step.
    return {
      result: submission.reply(),
      notice: null,
      confirm: confirmStep({ amount, tax: rules.taxDue ?? "" }),
    };
  }

  let res;
  try {
    res = await callApi(request, context, "/userAmount/userWithdrawal_record_post", {
      method: "POST",
      obj: {
        balance: rupeeAmount,
        type: rules.method,
        ...(request_id ? { request_id } : {}),
        ...(shownTax ? { tax: shownTax } : {}),
      },
    });
  } catch {
    return data(
      {
        result: submission.reply(),
        notice: { kind: "error", title: t("account.withdraw.failed"), text: FAILURE } as Notice,
        confirm: null,
      },
      { status: 502 },
    );
  }
  if (res.ok) {
    return redirectWithToast(context, "/member/withdraw", {
      type: "success",
      title: t("account.withdraw.successful"),
      duration: 5000,
    });
  }
  const b = res.body;
  if (b.jwtMiddleware_user_not_found_error) throw redirect("/login");
  const msg = errorText(b, "");
  let failed: Notice;
  if (b.jwtMiddleware_token_not_found_error) failed = { kind: "auth" };
  else if (b.jwtMiddleware_error) failed = { kind: "expired" };
  else if (b.error_code === "bind_payment") failed = { kind: "bind" };
  else if (b.error_code === "payment_method") failed = { kind: "method" };
  else if (b.error_code === "invalid_amount")
    failed = { kind: "error", title: t("account.shared.invalidAmount"), text: msg };
  else if (b.error_code === "insufficient_balance")
    failed = { kind: "error", title: t("account.shared.insufficientBalance"), text: msg };
  else if (b.error_code === "pan_required") failed = { kind: "pan", text: msg };
  else if (b.error_code === "tax_exceeds_amount")
    failed = { kind: "error", title: t("tax.withdraw.exceedsTitle"), text: msg };
  else
    failed = {
      kind: "error",
      title: t("account.withdraw.failed"),
      text: res.status >= 500 || !msg ? FAILURE : msg,
    };
  return data(
    { result: submission.reply(), notice: failed, confirm: null },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

function NoticeView({ notice, hydrated }: { notice: Notice; hydrated: boolean }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const f = useFormat();
  useEffect(() => {
    if (notice.kind !== "bind" || !hydrated) return;
    const t = setTimeout(() => navigate("/member/profile"), 5000);
    return () => clearTimeout(t);
  }, [notice, hydrated, navigate]);
  switch (notice.kind) {
    case "bind":
      return (
        <AlertBox tone="warning" title={t("account.withdraw.bindTitle")}>
          <p>{t("account.withdraw.bindText")}</p>
          <p className="mt-2">
            <Link className="font-semibold underline" to="/member/profile">
              {t("account.shared.goToProfile")}
            </Link>
          </p>
          {/* Without JavaScript the browser itself moves on after 5 s. */}
          {hydrated ? null : <meta httpEquiv="refresh" content="5;url=/member/profile" />}
        </AlertBox>
      );
    case "method":
      return (
        <AlertBox tone="error" title={t("account.withdraw.bindAgain")}>
          <Link className="font-semibold underline" to="/member/profile">
            {t("account.shared.goToProfile")}
          </Link>
        </AlertBox>
      );
    case "minimum":
      return (
        <AlertBox tone="error" title={t("account.shared.invalidAmount")}>
          {t("account.withdraw.minimum", {
            method: notice.method,
            amount: formatRupeeLimit(parseRupees(notice.minimum)),
          })}
        </AlertBox>
      );
    case "balance":
      return (
        <AlertBox tone="error" title={t("account.shared.insufficientBalance")}>
          {t("account.withdraw.balance", { amount: f.rupees(notice.available) })}
        </AlertBox>
      );
    case "taxExceeds":
      return (
        <AlertBox tone="error" title={t("tax.withdraw.exceedsTitle")}>
          {t("tax.withdraw.exceeds", { amount: f.rupees(notice.tax) })}
        </AlertBox>
      );
    case "pan":
      return (
        <AlertBox tone="error" title={t("tax.withdraw.panTitle")}>
          <p>{notice.text}</p>
          <p className="mt-2">
            <Link className="font-semibold underline" to="/member/tax">
              {t("tax.withdraw.taxPage")}
            </Link>
          </p>
        </AlertBox>
      );
    case "expired":
    case "auth":
      return (
        <AlertBox
          tone="error"
          title={
            notice.kind === "expired" ? t("account.withdraw.sessionExpired") : t("account.withdraw.authError")
          }
        >
          <p>{t("account.withdraw.logInAgain")}</p>
          <p className="mt-2">
            <Link className="font-semibold underline" to="/login">
              {t("account.withdraw.logIn")}
            </Link>
          </p>
        </AlertBox>
      );
    case "error":
      return (
        <AlertBox tone="error" title={notice.title}>
          {notice.text}
        </AlertBox>
      );
  }
}

/** The member's latest withdrawal while it waits (issue 45 §2): Pending, and when it is usually paid. */
function PendingStatus({ record, payoutTime }: { record: WithdrawalRecord; payoutTime: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <p
      role="status"
      data-testid="withdraw-pending-status"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {t("account.withdraw.pendingStatus", { amount: f.rupees(record.balance) })}{" "}
      {t("account.withdraw.usuallyPaid", { time: payoutTime })}
    </p>
  );
}

export default function WithdrawPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const f = useFormat();
  const flow = useConfirmFlow<Notice, { amount: string; request_id: string; tax: string }>(actionData);
  const { notice, confirm, checking, confirming } = flow;
  // The newest withdrawal (history is newest first), on the first page only.
  const latest = d.page === 1 ? d.records[0] : undefined;

  const [form, fields] = useAppForm({
    id: "withdraw",
    lastResult: actionData?.result,
    schema: WithdrawSchema,
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      const amount = submission.value.amount;
      const failed = checkWithdrawal(d.rules, Number(amount));
      flow.show(failed, failed ? null : confirmStep({ amount, tax: d.rules.taxDue ?? "" }));
    },
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.withdraw.title")}</h1>
      <RestrictionNotice restrictions={d.restrictions} kind="withdrawals" />
      {d.reviewMessage && !d.restrictions?.withdrawalsHeld ? (
        <p
          role="status"
          data-testid="withdrawal-review-notice"
          className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
        >
          {d.reviewMessage}{" "}
          <a href="/member/support" className="font-semibold underline">
            {t("account.withdraw.goToSupport")}
          </a>
        </p>
      ) : null}
      <section className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={t("account.shared.balances")}>
        <BalanceCard label={t("account.shared.withdrawableBalance")} amount={d.withdrawable} tone="brand" />
        <BalanceCard label={t("account.withdraw.pendingWithdrawn")} amount={d.pending} tone="amber" />
        <BalanceCard label={t("account.withdraw.totalWithdraw")} amount={d.total} tone="green" />
      </section>

      <section className="card space-y-4" aria-labelledby="withdraw-heading">
        <h2 id="withdraw-heading" className="text-lg font-semibold">
          {t("account.withdraw.withdrawNow")}
        </h2>
        {notice ? <NoticeView notice={notice} hydrated={hydrated} /> : null}
        {latest?.withdrawal_status === "Pending" ? (
          <PendingStatus record={latest} payoutTime={d.payoutTime} />
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3" onReset={flow.clear}>
          <input type="hidden" name="intent" value="check" />
          <AmountInput
            // A new withdrawal (the latest record changes) clears the box; a refusal keeps what was typed.
            key={latest?._id ?? "none"}
            id="withdraw-amount"
            name={fields.amount.name}
            label={t("account.shared.amountRupees")}
            required={fields.amount.required}
            errors={fields.amount.errors}
            defaultValue={typeof fields.amount.initialValue === "string" ? fields.amount.initialValue : "0"}
            digitsOnly={false}
          />
          {d.rules.method ? (
            <p className="text-xs text-slate-600">
              <Trans
                i18nKey="account.withdraw.payoutMethod"
                values={{ method: d.rules.methodLabel ?? d.rules.method }}
                components={{ b: <span className="font-semibold" /> }}
              />
              {d.rules.minimum
                ? t("account.withdraw.payoutMinimum", {
                    amount: formatRupeeLimit(parseRupees(d.rules.minimum)),
                  })
                : null}
            </p>
          ) : null}
          <div className="flex gap-2">
            <SubmitButton pending={checking} className="btn-primary flex-1">
              {t("account.withdraw.withdrawNow")}
            </SubmitButton>
            <button type="reset" className="btn-secondary">
              {t("account.shared.clear")}
            </button>
          </div>
        </Form>
        {d.rules.taxDue !== null ? (
          <p className="text-xs text-slate-600">
            <Link className="underline" to="/member/tax">
              {t("tax.withdraw.taxPage")}
            </Link>
          </p>
        ) : null}
      </section>

      {confirm ? (
        <WithdrawConfirm
          confirm={confirm}
          method={d.rules.methodLabel ?? d.rules.method}
          account={d.accountMasked}
          pending={confirming}
          onCancel={hydrated ? flow.clear : undefined}
        />
      ) : null}

      <Instructions items={d.instructions} />

      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t("account.withdraw.history")}
        </h2>
        {d.records.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("account.withdraw.noWithdrawals")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label={t("account.withdraw.historyList")}>
            {d.records.map((r) => (
              <li key={r._id} className="space-y-1 py-3 text-sm" data-testid="withdraw-record">
                <div className="flex items-center justify-between gap-2">
                  <StatusBadge status={r.withdrawal_status} />
                  <span className="text-base font-semibold tabular-nums">{f.rupees(r.balance)}</span>
                </div>
                <p className="text-slate-600">
                  {r.type} · <time dateTime={r.time}>{f.time(r.time)}</time>
                </p>
                <p className="text-slate-600">
                  {t("account.withdraw.orderNumber")}
                  <CopyableText text={r._id.toUpperCase()} label={t("account.shared.copyOrderNumber")} />
                </p>
                {r.tax_withheld !== "0.000" ? (
                  <p className="text-slate-600" data-testid="withdraw-record-tax">
                    {t("tax.withdraw.recordTax", { gross: f.rupees(r.gross), tax: f.rupees(r.tax_withheld) })}
                  </p>
                ) : null}
                {r.remark ? (
                  <p className="text-slate-700">{t("account.withdraw.remark", { remark: r.remark })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={d.page} totalPages={d.totalPages} />
      </section>
    </div>
  );
}
