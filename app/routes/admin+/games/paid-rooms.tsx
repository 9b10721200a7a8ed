import { Form } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/forms";
import { ConfirmDialog } from "~/components/confirm-dialog";

export function PaidRoomsSwitch({ on }: { on: boolean }) {
  const pending = useIsPending({ fields: { intent: "paid-check" } });
  return (
    <section className="card space-y-3" aria-labelledby="paid-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="paid-heading" className="text-xl font-semibold">
          Paid rooms
        </h2>
        <span
          data-testid="paid-rooms-state"
          className={`rounded px-2 py-0.5 text-sm font-semibold ${on ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
        >
          {on ? "On" : "Off"}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        India&apos;s Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games
        (an entry fee or stake for a money prize), skill games included. Paid rooms are therefore off by
        default in production until an operator turns them on here. While they are off, paid room types leave
        the lobby, paid joins are refused and every player waiting in a paid room is refunded; games already
        in play finish and settle. The Practice Room is always open.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="paid-check" />
        <input type="hidden" name="on" value={on ? "off" : "on"} />
        <SubmitButton pending={pending} className={on ? "btn-danger" : "btn-primary"}>
          {on ? "Turn Paid Rooms Off" : "Turn Paid Rooms On"}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function SwitchConfirm({ on }: { on: boolean }) {
  const pending = useIsPending({ fields: { intent: "paid" } });
  return (
    <ConfirmDialog
      title={on ? "Turn paid rooms on?" : "Turn paid rooms off?"}
      confirmLabel={on ? "Turn On" : "Turn Off"}
      cancelLabel="Cancel"
      tone={on ? "primary" : "danger"}
      pending={pending}
      fields={{ intent: "paid", on: on ? "on" : "off" }}
    >
      {on ? (
        <p>
          Members will be able to join the enabled paid room types for their entry fee from the deposit
          balance. Offer online money games only where the law allows it.
        </p>
      ) : (
        <p>
          Paid room types leave the lobby and paid joins are refused. Players waiting in paid rooms will be
          refunded their entry fee now; games in play finish and settle.
        </p>
      )}
    </ConfirmDialog>
  );
}
