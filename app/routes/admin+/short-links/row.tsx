import type { ReactNode } from "react";
import { useActionData } from "@remix-run/react";
import type { shortLinksAction } from "./action.server";
import type { Intent } from "./schemas";

/** The last answer of the form named `formId` (each form answers its own errors). */
export function useLastResult(formId: string) {
  const actionData = useActionData<typeof shortLinksAction>();
  return actionData && "formId" in actionData && actionData.formId === formId ? actionData.result : undefined;
}

/**
 * A row of a list: folded into its summary line, its edit form opening under it (a native
 * disclosure, so without scripts too; open again after a refused change). A new row is an open form.
 */
export function Row({
  intent,
  id,
  title,
  facts,
  enabled,
  open,
  mark,
  children,
}: {
  intent: Intent;
  id: string | undefined;
  title: string;
  facts: string;
  enabled: boolean;
  open: boolean;
  /** A mark beside the title (the "No Hindi yet" of a name without Hindi). */
  mark?: ReactNode;
  children: ReactNode;
}) {
  const hidden = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
    </>
  );
  if (!id)
    return (
      <div className="card space-y-3">
        <h3 className="text-base font-semibold">{title}</h3>
        {hidden}
        {children}
      </div>
    );
  return (
    <details className="card" open={open || undefined} data-testid={`${intent}-row`}>
      <summary className="cursor-pointer">
        <span className="font-semibold">{title}</span> {mark ? <>{mark} </> : null}
        <span className="text-sm text-slate-600">
          {facts}
          {enabled ? "" : " · disabled"}
        </span>
      </summary>
      <div className="mt-3 space-y-3">
        {hidden}
        {children}
      </div>
    </details>
  );
}
