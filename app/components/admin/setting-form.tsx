import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton, useIsPending } from "~/components/forms";

/**
 * One owner setting's card on /admin/settings: a plain post to its own action route (which calls
 * the audited API and comes back with the answer), a heading naming it, and its Save button.
 */
export function SettingForm({
  action,
  id,
  title,
  save,
  children,
}: {
  action: string;
  /** The heading's id prefix ("payout-time" → "payout-time-heading"). */
  id: string;
  title: string;
  save: string;
  children: ReactNode;
}) {
  const pending = useIsPending({ formAction: action });
  return (
    <Form method="post" action={action} className="card space-y-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      <SubmitButton pending={pending} className="btn-primary">
        {save}
      </SubmitButton>
    </Form>
  );
}
