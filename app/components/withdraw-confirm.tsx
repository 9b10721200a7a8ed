import { Trans, useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { parseRupees, rupeesToMilli } from "../../shared/money";

/** The confirm step's gross, tax and net (milli-rupees), when the tax rules are on. */
function taxSplit(taxDue: string, amountRupees: string) {
  // "": the tax rules are off.
  if (taxDue === "") return null;
  const gross = rupeesToMilli(Number(amountRupees));
  const tax = parseRupees(taxDue);
  return { gross, tax, net: gross - tax };
}

/** Gross, tax and net on the confirm step (issue 44 §6), server-rendered as the rest of it. */
function TaxSplit({ split }: { split: ReturnType<typeof taxSplit> }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!split) return null;
  return (
    <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="withdraw-tax-split">
      <dt>{t("tax.withdraw.gross")}</dt>
      <dd className="text-right tabular-nums">{f.money(split.gross)}</dd>
      <dt>{t("tax.withdraw.tax")}</dt>
      <dd className="text-right tabular-nums" data-testid="withdraw-tax">
        {f.money(split.tax)}
      </dd>
      <dt className="font-semibold">{t("tax.withdraw.net")}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="withdraw-net">
        {f.money(split.net)}
      </dd>
    </dl>
  );
}

/**
 * The withdrawal's confirm step (server-rendered without JavaScript): the amount, the payout method
 * and the account it pays to, masked as everywhere on the site (issue 45 §2), and the tax split.
 */
export function WithdrawConfirm({
  confirm,
  method,
  account,
  pending,
  onCancel,
}: {
  confirm: { amount: string; request_id: string; tax: string };
  method: string | null;
  /** The bound account, masked. */
  account: string | null;
  pending: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ConfirmDialog
      title={t("account.shared.areYouSure")}
      confirmLabel={t("account.withdraw.confirm")}
      cancelLabel={t("account.shared.noCancel")}
      fields={{
        intent: "confirm",
        amount: confirm.amount,
        request_id: confirm.request_id,
        tax: confirm.tax,
      }}
      onCancel={onCancel}
      pending={pending}
    >
      <p data-testid="withdraw-confirm-text">
        <Trans
          i18nKey={method && account ? "account.withdraw.confirmTextTo" : "account.withdraw.confirmText"}
          values={{ amount: f.rupees(confirm.amount), method: method ?? "", account: account ?? "" }}
          components={{
            b: <span className="font-semibold" />,
            account: <span className="break-all font-semibold" />,
          }}
        />
      </p>
      <TaxSplit split={taxSplit(confirm.tax, confirm.amount)} />
    </ConfirmDialog>
  );
}
