/** The table every list of the member page is drawn with (scrolling sideways on a narrow screen), and its cells. */
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { formatTime } from "../../../shared/time";
import { Amount } from "./amount";
import { shownMemberName } from "../../../shared/erasure";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export function Time({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatTime(iso)}</time> : <>—</>;
}

export function Money({ value }: { value: string | null }) {
  if (value === null) return <>—</>;
  return <Amount value={value} />;
}

export function Table<T>({
  caption,
  rows,
  columns,
  rowKey,
  empty,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  if (rows.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="list-empty">
        {empty}
      </p>
    );
  return (
    // A box that scrolls sideways on a narrow screen: focusable and named, so a keyboard reaches it.
    <div
      className="overflow-x-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      role="region"
      aria-label={caption}
      tabIndex={0}
      data-testid="member-list-scroll"
    >
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="member-list">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-2 py-2 font-medium">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={rowKey(r)} className="align-top">
              {columns.map((c) => (
                <td key={c.header} className={`px-2 py-2 ${c.className ?? ""}`}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const memberLink = (id: string, userName: string) => (
  <Link to={`/admin/members/${id}`} className="text-brand-700 underline">
    {shownMemberName(userName)}
  </Link>
);
