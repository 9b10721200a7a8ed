import { Link } from "@remix-run/react";
import { ledgerAccountLabel } from "../../../shared/ledgerAccountLabel";

/**
 * A ledger account as the console shows it: its words (linked to the member or campaign it
 * belongs to), the raw id in the `title` and in small muted text for operators who need it.
 */
export function LedgerAccount({ id, names }: { id: string; names?: Readonly<Record<string, string>> }) {
  const label = ledgerAccountLabel(id, names);
  return (
    <span className="inline-flex flex-col" data-testid="ledger-account" title={label.id}>
      {label.href ? (
        <Link to={label.href} className="font-sans text-brand-700 underline">
          {label.text}
        </Link>
      ) : (
        <span className="font-sans">{label.text}</span>
      )}
      {label.text !== label.id ? (
        <span className="break-all font-mono text-[0.7rem] text-slate-600">{label.id}</span>
      ) : null}
    </span>
  );
}
