import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import type { BreachIncidentRecord } from "../../../shared/contracts/housekeeping";

/** A time as a datetime-local input's value in India time (UTC+05:30), to the minute. */
export function istInput(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);
}

/** A time in India time for the console: "2026-11-29 10:30 IST". */
const ist = (iso: string) => `${istInput(new Date(iso)).replace("T", " ")} IST`;

/**
 * Breach incidents with the Board's 72-hour clock: due, overdue while not notified, and a form to
 * record when the Board was told (works without JavaScript).
 */
export function BreachIncidents({ records, pending }: { records: BreachIncidentRecord[]; pending: boolean }) {
  if (!records.length) return <p className="text-sm text-slate-500">No breach notice has been sent.</p>;
  return (
    <ul className="space-y-3">
      {records.map((r) => (
        <li
          key={r.id}
          className="rounded border border-slate-200 p-3 text-sm"
          data-testid={`incident-${r.id}`}
        >
          <p className="break-words font-semibold">{r.subject_en}</p>
          <p className="text-slate-600">
            Discovered {ist(r.discovered_at)} · {r.audience === "all" ? "all members" : "a list"} · mailed{" "}
            {r.mailed} of {r.recipients}
            {r.created_by ? ` · sent by ${r.created_by}` : ""}
          </p>
          {r.board_notified_at ? (
            <p className="text-green-800">Board notified {ist(r.board_notified_at)}</p>
          ) : (
            <>
              <p className={r.board_overdue ? "font-semibold text-red-700" : "text-amber-800"}>
                {r.board_overdue ? "Overdue: " : ""}Board notice due by {ist(r.board_due_at)}
              </p>
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="board" />
                <input type="hidden" name="id" value={r.id} />
                <div>
                  <label className="label" htmlFor={`board-${r.id}`}>
                    Board notified at (India time)
                  </label>
                  <input
                    id={`board-${r.id}`}
                    className="input"
                    type="datetime-local"
                    name="board_notified_at"
                    required
                  />
                </div>
                <SubmitButton pending={pending} className="btn-secondary">
                  Save
                </SubmitButton>
              </Form>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
