import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageParam } from "~/utils/pagination";
import type { ConversionDirection as Direction } from "../../../shared/contracts/withdrawals";
import { Pagination } from "~/components/pagination";
import { SubmitButton, useAppForm } from "~/components/forms";
import { AmountInput } from "~/components/amount-input";
import { BalanceCard } from "~/components/balance-card";
import { Instructions } from "~/components/instructions";
import { parseRupees, parseWholeRupees } from "../../../shared/money";
import { AlertBox, ConfirmDialog, confirmStep, useConfirmFlow } from "~/components/confirm-dialog";
import { CopyableText } from "~/components/copy-button";
import { useHydrated } from "~/utils/client-toast";
import { conversionCharge, DEPOSIT_TO_WITHDRAW_CHARGE_TEXT, rupeesToMilli } from "../../../shared/money";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { localeOf, requestT } from "~/i18n/i18n.server";
import { formattersFor, useFormat, type Formatters } from "~/i18n/format";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "account.balanceConverter") },
];

const DIRECTIONS: { value: Direction; label: "withdrawToDeposit" | "depositToWithdraw" }[] = [
  { value: "withdrawToDeposit", label: "withdrawToDeposit" },
  { value: "depositToWithdraw", label: "depositToWithdraw" },
];
const directionLabel = (t: TFunction, v: string) => {
  const d = DIRECTIONS.find((o) => o.value === v);
  return d ? t(`account.converter.${d.label}`) : v;
};

/** 5 % (500 basis points) from deposit to withdrawable only; the server applies the same rule. */
function chargeOf(direction: Direction, amountRupees: number): number {
  return conversionCharge(direction, rupeesToMilli(amountRupees));
}

/** The schema's message (English, shown as the field's error); the notices use account.converter.invalidAmount. */
const INVALID_AMOUNT = "Invalid Amount: Please enter a valid positive amount to convert.";

const ConvertSchema = z.object({
  direction: z.enum(["withdrawToDeposit", "depositToWithdraw"]).optional(),
  amount: z
    .string({ required_error: INVALID_AMOUNT })
    .refine((v) => parseWholeRupees(v) !== null, INVALID_AMOUNT),
  intent: z.enum(["check", "confirm"]).default("check"),
  request_id: z.string().max(64).optional(),
});

type Notice = { kind: "direction" } | { kind: "error"; title: string; text: string };

interface Balances {
  deposit: string;
  withdrawable: string;
}

/** The spec's order (spec 2 §4–§5): direction first, then a positive amount, then the source balance. */
function checkConversion(
  t: TFunction,
  f: Pick<Formatters, "rupees">,
  b: Balances,
  direction: Direction | undefined,
  amountRupees: number,
): Notice | null {
  if (!direction) return { kind: "direction" };
  if (!(amountRupees > 0))
    return {
      kind: "error",
      title: t("account.shared.invalidAmount"),
      text: t("account.converter.invalidAmount"),
    };
  const source =
    direction === "depositToWithdraw"
      ? { key: "exceedsDeposit" as const, value: b.deposit }
      : { key: "exceedsWithdrawable" as const, value: b.withdrawable };
  if (rupeesToMilli(amountRupees) > parseRupees(source.value)) {
    return {
      kind: "error",
      title: t("account.shared.insufficientBalance"),
      text: t(`account.converter.${source.key}`, { amount: f.rupees(source.value) }),
    };
  }
  return null;
}

async function loadConverter(request: Request, context: LoaderFunctionArgs["context"], page = 1) {
  return memberRead(request, context, "/userAmount/userConvertBalance_get", {
    page: String(page),
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await loadConverter(request, context, pageParam(new URL(request.url)));
  return {
    balances: { deposit: d.deposit_amount, withdrawable: d.withdrawable_amount } satisfies Balances,
    instructions: d.other_data_convertBalance_instructions ?? [],
    records: d.convertAmount_Records,
    page: d.pagination.page,
    totalPages: d.pagination.totalPages,
  };
}

type Confirm = { direction: Direction; amount: string; request_id: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const t = requestT(request);
  const f = formattersFor(localeOf(request));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ConvertSchema });
  if (submission.status !== "success") {
    const notice: Notice = {
      kind: "error",
      title: t("account.shared.invalidAmount"),
      text: t("account.converter.invalidAmount"),
    };
    return data({ result: submission.reply(), notice, confirm: null }, { status: 400 });
  }
  const { direction, amount, intent, request_id } = submission.value;
  const d = await loadConverter(request, context);
  const notice = checkConversion(
    t,
    f,
    { deposit: d.deposit_amount, withdrawable: d.withdrawable_amount },
    direction,
    Number(amount),
  );
  if (notice || !direction)
    return data({ result: submission.reply(), notice, confirm: null }, { status: 400 });
  if (intent !== "confirm") {
    const confirm: Confirm = confirmStep({ direction, amount });
    return { result: submission.reply(), notice: null, confirm };
  }
  let res;
  try {
    res = await memberApi(request, context, "/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: {
        balanceToConvert: Number(amount),
        conversionType_state: direction,
        ...(request_id ? { request_id } : {}),
      },
    });
  } catch (e) {
    if (e instanceof Response) throw e;
    const failed: Notice = {
      kind: "error",
      title: t("account.converter.error"),
      text: t("account.converter.network"),
    };
    return data({ result: submission.reply(), notice: failed, confirm: null }, { status: 502 });
  }
  if (res.ok) {
    return redirectWithToast(context, "/member/balance-converter", {
      type: "success",
      title: t("account.converter.success"),
    });
  }
  // The server repeats the page's checks; its own wording wins when it names one of them.
  const msg = errorText(res.body, "");
  const code = res.body.error_code;
  let failed: Notice;
  if (code === "invalid_direction") failed = { kind: "direction" };
  else if (code === "invalid_amount")
    failed = { kind: "error", title: t("account.shared.invalidAmount"), text: msg };
  else if (code === "insufficient_balance")
    failed = {
      kind: "error",
      title: t("account.shared.insufficientBalance"),
      text: msg.replace(/^Insufficient Balance:\s*/, ""),
    };
  else failed = { kind: "error", title: t("account.converter.error"), text: t("account.converter.non200") };
  return data(
    { result: submission.reply(), notice: failed, confirm: null },
    { status: res.status >= 400 ? res.status : 400 },
  );
}

export default function BalanceConverterPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const f = useFormat();
  const flow = useConfirmFlow<Notice, Confirm>(actionData);
  const { notice, confirm, checking, confirming } = flow;

  const [form, fields] = useAppForm({
    id: "convert",
    lastResult: actionData?.result,
    schema: ConvertSchema,
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      const { direction, amount } = submission.value;
      const failed = checkConversion(t, f, d.balances, direction, Number(amount));
      flow.show(failed, failed || !direction ? null : confirmStep({ direction, amount }));
    },
  });

  const confirmCharge = confirm ? chargeOf(confirm.direction, Number(confirm.amount)) : 0;
  const amountError = fields.amount.errors?.length ? fields.amount.errors : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("account.converter.title")}</h1>
      <section className="grid grid-cols-2 gap-3" aria-label={t("account.shared.balances")}>
        <BalanceCard label={t("account.converter.depositBalance")} amount={d.balances.deposit} tone="amber" />
        <BalanceCard
          label={t("account.shared.withdrawableBalance")}
          amount={d.balances.withdrawable}
          tone="brand"
        />
      </section>

      <section className="card space-y-4" aria-labelledby="convert-heading">
        <h2 id="convert-heading" className="text-lg font-semibold">
          {t("account.converter.convertBalance")}
        </h2>
        <Form method="post" {...getFormProps(form)} className="space-y-4" onReset={flow.clear}>
          <input type="hidden" name="intent" value="check" />
          <fieldset>
            <legend className="label">{t("account.converter.direction")}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {DIRECTIONS.map((o) => (
                <label
                  key={o.value}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
                >
                  <input
                    type="radio"
                    name={fields.direction.name}
                    value={o.value}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {t(`account.converter.${o.label}`)}
                  {o.value === "depositToWithdraw" ? (
                    <span className="ml-auto text-xs font-normal text-slate-500">
                      {t("account.converter.charge", { percent: DEPOSIT_TO_WITHDRAW_CHARGE_TEXT })}
                    </span>
                  ) : null}
                </label>
              ))}
            </div>
            {notice?.kind === "direction" ? (
              <p className="field-error" role="alert">
                {t("account.converter.selectOne")}
              </p>
            ) : null}
          </fieldset>
          <AmountInput
            id="convert-amount"
            name={fields.amount.name}
            label={t("account.shared.amountRupees")}
            required={fields.amount.required}
            errors={amountError}
          />
          {notice?.kind === "error" ? (
            <AlertBox tone="error" title={notice.title}>
              {notice.text}
            </AlertBox>
          ) : null}
          <div className="flex gap-2">
            <SubmitButton pending={checking} className="btn-primary flex-1">
              {t("account.converter.convertNow")}
            </SubmitButton>
            <button type="reset" className="btn-secondary">
              {t("account.shared.clear")}
            </button>
          </div>
        </Form>
      </section>

      {confirm ? (
        <ConfirmDialog
          title={t("account.shared.areYouSure")}
          confirmLabel={t("account.converter.confirm")}
          cancelLabel={t("account.shared.noCancel")}
          fields={{
            intent: "confirm",
            direction: confirm.direction,
            amount: confirm.amount,
            request_id: confirm.request_id,
          }}
          onCancel={hydrated ? flow.clear : undefined}
          pending={confirming}
        >
          <p className="mb-2">{directionLabel(t, confirm.direction)}</p>
          <dl className="grid grid-cols-2 gap-y-1" data-testid="convert-summary">
            <dt>{t("account.converter.amount")}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {f.money(rupeesToMilli(Number(confirm.amount)))}
            </dd>
            <dt>{t("account.converter.chargeLabel")}</dt>
            <dd className="text-right font-semibold tabular-nums">{f.money(confirmCharge)}</dd>
            <dt>{t("account.converter.afterCharge")}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {f.money(rupeesToMilli(Number(confirm.amount)) - confirmCharge)}
            </dd>
          </dl>
        </ConfirmDialog>
      ) : null}

      <Instructions items={d.instructions} />

      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t("account.converter.history")}
        </h2>
        {d.records.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("account.converter.noConversions")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label={t("account.converter.historyList")}>
            {d.records.map((r) => (
              <li
                key={r._id}
                className="grid grid-cols-2 gap-x-3 gap-y-1 py-3 text-sm"
                data-testid="convert-record"
              >
                <span className="text-slate-600">{t("account.converter.balance")}</span>
                <span className="text-right font-semibold tabular-nums">{f.rupees(r.converted_amount)}</span>
                <span className="text-slate-600">{t("account.converter.charges")}</span>
                <span className="text-right tabular-nums">{f.rupees(r.charges)}</span>
                <span className="text-slate-600">{t("account.converter.received")}</span>
                <span className="text-right tabular-nums">
                  {f.money(parseRupees(r.converted_amount) - parseRupees(r.charges))}
                </span>
                <span className="text-slate-600">{t("account.converter.type")}</span>
                <span className="text-right">{directionLabel(t, r.converted_amount_type)}</span>
                <span className="text-slate-600">{t("account.shared.time")}</span>
                <time className="text-right" dateTime={r.time}>
                  {f.time(r.time)}
                </time>
                <span className="text-slate-600">{t("account.shared.orderNumber")}</span>
                <span className="text-right">
                  <CopyableText text={r._id.toUpperCase()} label={t("account.shared.copyOrderNumber")} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={d.page} totalPages={d.totalPages} />
      </section>
    </div>
  );
}
