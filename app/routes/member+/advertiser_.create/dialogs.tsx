import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DIALOG_ACTIONS, DIALOG_CANCEL } from "~/components/confirm-dialog";
import { showToast } from "~/utils/client-toast";
import { Dialog, Hidden } from "./wizard-parts";
import type { Step, Values } from "./wizard";

/** The iframe preview: does the member's page load in a frame? (step 2 of an iframe campaign) */
export function PreviewDialog({ values }: { values: Values }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("adv.create.iframe.title")}>
      <p>{t("adv.create.iframe.question")}</p>
      <iframe
        src={values.step_2_url}
        title={t("adv.create.iframe.frame")}
        className="mt-3 h-64 w-full rounded-lg border border-slate-200"
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
      />
      <Form method="post" className={DIALOG_ACTIONS}>
        <input type="hidden" name="step" value="2" />
        <Hidden values={values} except={[]} />
        <button type="submit" name="nav" value="iframe_no" className="btn-secondary" {...DIALOG_CANCEL}>
          {t("adv.create.iframe.no")}
        </button>
        <button type="submit" name="nav" value="iframe_yes" className="btn-primary">
          {t("adv.create.iframe.yes")}
        </button>
      </Form>
    </Dialog>
  );
}

/** Not enough deposit balance for the subtotal: close, top up (not available) or convert. */
export function InsufficientDialog({
  step,
  values,
  hydrated,
}: {
  step: Step;
  values: Values;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("adv.create.insufficient.title")}>
      <p>{t("adv.create.insufficient.text")}</p>
      <div className={DIALOG_ACTIONS}>
        <Link to="/member/advertiser" className="btn-secondary" {...DIALOG_CANCEL}>
          {t("adv.create.insufficient.close")}
        </Link>
        <Form
          method="post"
          className="contents"
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            showToast({ type: "error", title: t("adv.create.insufficient.topUpUnavailable") });
          }}
        >
          <input type="hidden" name="step" value={String(step)} />
          <Hidden values={values} except={[]} />
          <button type="submit" name="nav" value="topup" className="btn-secondary">
            {t("adv.create.insufficient.topUp")}
          </button>
        </Form>
        <Link to="/member/balance-converter" className="btn-primary">
          {t("adv.create.insufficient.convert")}
        </Link>
      </div>
    </Dialog>
  );
}
