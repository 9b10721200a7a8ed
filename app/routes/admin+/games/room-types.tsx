import { Link } from "@remix-run/react";
import { rupees } from "../../../../shared/money";
import type { GameRoomType } from "../../../../shared/contracts/games";
import { typeFormId } from "./room-type-form";
import { NoHindiYet } from "../content/markdown";

export function RoomTypes({ types }: { types: GameRoomType[] }) {
  if (types.length === 0) return <p className="card text-sm text-slate-600">No room types yet.</p>;
  return (
    <div className="card relative overflow-x-auto p-0">
      <table className="w-full text-left text-sm" aria-label="Room types">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th className="px-3 py-2 font-medium">Name</th>
            <th className="px-3 py-2 text-right font-medium">Entry fee</th>
            <th className="px-3 py-2 text-right font-medium">Prize</th>
            <th className="px-3 py-2 font-medium">Enabled</th>
            <th className="px-3 py-2 text-right font-medium">Sort order</th>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {types.map((t) => (
            <tr key={t.id} data-testid="room-type">
              <td className="px-3 py-2 font-medium">
                {t.name}
                {t.name_hi ? (
                  <span className="block text-sm font-normal text-slate-600" lang="hi">
                    {t.name_hi}
                  </span>
                ) : (
                  <span className="block">
                    <NoHindiYet />
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{rupees(t.entry_fee)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{rupees(t.prize)}</td>
              <td className="px-3 py-2">{t.enabled ? "Yes" : "No"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{t.sort_order}</td>
              <td className="px-3 py-2">
                <Link
                  to={`?edit=${encodeURIComponent(t.id)}#${typeFormId(t.id)}`}
                  className="font-semibold text-brand-600 underline"
                  aria-label={`Edit ${t.name}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
