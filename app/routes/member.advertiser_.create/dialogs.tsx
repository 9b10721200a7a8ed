import { Form, Link } from "@remix-run/react";
import { DIALOG_ACTIONS, DIALOG_CANCEL } from "~/components/confirm-dialog";
import { showToast } from "~/utils/client-toast";
import { CAMPAIGN_MESSAGES } from "../../../shared/campaign";
import { Dialog, Hidden } from "./wizard-parts";
import type { Step, Values } from "./wizard";

/** The iframe preview: does the member's page load in a frame? (step 2 of an iframe campaign) */
export function PreviewDialog({ values }: { values: Values }) {
  return (
    <Dialog title="Preview">
      <p>Does your page show below?</p>
      <iframe
        src={values.step_2_url}
        title="Campaign preview"
        className="mt-3 h-64 w-full rounded-lg border border-slate-200"
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
      />
      <Form method="post" className={DIALOG_ACTIONS}>
        <input type="hidden" name="step" value="2" />
        <Hidden values={values} except={[]} />
        <button type="submit" name="nav" value="iframe_no" className="btn-secondary" {...DIALOG_CANCEL}>
          No, it&apos;s not loading
        </button>
        <button type="submit" name="nav" value="iframe_yes" className="btn-primary">
          Yes, it looks good
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
  return (
    <Dialog title={CAMPAIGN_MESSAGES.insufficientBalanceTitle}>
      <p>{CAMPAIGN_MESSAGES.insufficientBalance}</p>
      <div className={DIALOG_ACTIONS}>
        <Link to="/member/advertiser" className="btn-secondary" {...DIALOG_CANCEL}>
          Close
        </Link>
        <Form
          method="post"
          className="contents"
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            showToast({ type: "error", title: CAMPAIGN_MESSAGES.topUpUnavailable });
          }}
        >
          <input type="hidden" name="step" value={String(step)} />
          <Hidden values={values} except={[]} />
          <button type="submit" name="nav" value="topup" className="btn-secondary">
            Top Up
          </button>
        </Form>
        <Link to="/member/balance-converter" className="btn-primary">
          Convert Balance
        </Link>
      </div>
    </Dialog>
  );
}
