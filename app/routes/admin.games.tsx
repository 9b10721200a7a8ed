import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import { redirectWithToast } from "~/utils/toast.server";
import {
  Checkbox,
  ErrorList,
  Field,
  SubmitButton,
  TextField,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { GameList, type OperatorGame } from "~/components/operator-games";
import { rupees } from "../../shared/money";
import { rupeeText } from "../../shared/moneyInput";
import type { Pagination as Page } from "../../shared/pagination";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = () => [{ title: "Games · Operator Console" }];

const PAGE = "/admin/games";
/** Ended games a page (the live ones are listed whole up to the same number). */
const GAMES_A_PAGE = 20;

interface RoomType {
  id: string;
  name: string;
  entry_fee: string;
  prize: string;
  max_players: number;
  enabled: boolean;
  sort_order: number;
}

interface Games {
  paid_rooms: boolean;
  live: OperatorGame[];
  recent: OperatorGame[];
  recent_pagination: Page;
}

// What the API accepts (api/operators/fields.ts): a positive amount, up to 3 decimals.
const amount = (label: string) =>
  rupeeText({
    required: `${label} is required.`,
    invalid: "Rupees with up to 3 decimals, e.g. 10 or 12.500.",
    positive: `${label} must be more than ₹0.`,
  });

const RoomTypeSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(60),
  entry_fee: amount("Entry fee"),
  prize: amount("Prize"),
  sort_order: z
    .number({ invalid_type_error: "A whole number." })
    .int("A whole number.")
    .min(0, "At least 0.")
    .max(1_000_000, "At most 1000000.")
    .optional(),
  enabled: z.boolean().optional(),
});

const SwitchSchema = z.object({
  intent: z.enum(["paid-check", "paid"]),
  on: z.enum(["on", "off"]),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [types, games] = await Promise.all([
    operatorRead<{ records: RoomType[] }>(request, context, "/adminRoute/gameRoomTypes"),
    operatorRead<Games>(request, context, "/adminRoute/games", {
      limit: String(GAMES_A_PAGE),
      page: String(pageParam(url)),
    }),
  ]);
  const editId = url.searchParams.get("edit");
  return {
    types: types.records,
    editing: types.records.find((t) => t.id === editId) ?? null,
    ...games,
  };
}

const typeFormId = (id: string | undefined) => `type-${id ?? "new"}`;

/** Each form answers its own errors: `formId` names the form that was sent. */
function refused(formId: string, result: SubmissionResult<string[]>) {
  return data({ formId, result, confirm: null }, { status: 400 });
}

function refundedText(n: number): string {
  if (n === 0) return "No player was waiting: nothing to refund.";
  return n === 1 ? "1 waiting player was refunded." : `${n} waiting players were refunded.`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "paid-check" || intent === "paid") {
    const parsed = SwitchSchema.safeParse(Object.fromEntries(form));
    invariantResponse(parsed.success, INVALID_REQUEST);
    const on = parsed.data.on === "on";
    // Either way members' money is at stake: a confirm step first (a dialog with JavaScript, the
    // same form rendered by the server without it).
    if (parsed.data.intent === "paid-check") return { formId: null, result: null, confirm: { on } };
    const res = await operatorApi<{ message: string; on: boolean; refunded_players: number }>(
      request,
      context,
      "/adminRoute/gamePaidRooms",
      { method: "PATCH", json: { on } },
    );
    if (!res.ok || !res.body.msg)
      return redirectWithToast(context, PAGE, { type: "error", title: errorText(res.body) });
    const msg = res.body.msg;
    return redirectWithToast(context, PAGE, {
      type: "success",
      title: msg.on ? msg.message : `${msg.message} ${refundedText(msg.refunded_players)}`,
    });
  }

  if (intent === "type") {
    const s = parseWithZod(form, { schema: RoomTypeSchema });
    const formId = typeFormId(String(form.get("id") ?? "") || undefined);
    if (s.status !== "success") return refused(formId, s.reply());
    const { id, ...v } = s.value;
    const fields = {
      name: v.name,
      entry_fee: v.entry_fee,
      prize: v.prize,
      enabled: v.enabled ?? false,
      sort_order: v.sort_order ?? 0,
    };
    const res = await operatorApi<{ message: string }>(
      request,
      context,
      id ? `/adminRoute/gameRoomTypes/${encodeURIComponent(id)}` : "/adminRoute/gameRoomTypes",
      { method: id ? "PATCH" : "POST", json: fields },
    );
    if (res.ok)
      return redirectWithToast(context, PAGE, { type: "success", title: res.body.msg?.message ?? "Saved." });
    // The API's rules in its words: a fee another type has next to the fee, anything else
    // (e.g. a prize above the two fees) above the form, which stays as typed.
    const message = errorText(res.body);
    return refused(
      formId,
      res.body.error_code === "duplicate"
        ? s.reply({ fieldErrors: { entry_fee: [message] } })
        : s.reply({ formErrors: [message] }),
    );
  }
  throw new Response(INVALID_REQUEST, { status: 400 });
}

function useLastResult(formId: string) {
  const actionData = useActionData<typeof action>();
  return actionData?.formId === formId ? (actionData.result ?? undefined) : undefined;
}

function RoomTypeForm({ type }: { type?: RoomType }) {
  const formId = typeFormId(type?.id);
  const [form, fields] = useAppForm({
    id: formId,
    lastResult: useLastResult(formId),
    schema: RoomTypeSchema,
    defaultValue: type
      ? {
          name: type.name,
          entry_fee: type.entry_fee,
          prize: type.prize,
          sort_order: String(type.sort_order),
          enabled: type.enabled ? "on" : undefined,
        }
      : { sort_order: "0", enabled: "on" },
  });
  const sending = useIsPending({ fields: { intent: "type", id: type?.id ?? "" } });
  const title = type ? `Edit ${type.name}` : "New room type";
  return (
    <Form
      method="post"
      // An edit posts back to its own address, so a refused change shows this form again.
      action={type ? `${PAGE}?edit=${encodeURIComponent(type.id)}` : PAGE}
      {...getFormProps(form)}
      className="card space-y-3"
      aria-label={title}
    >
      <h3 className="text-base font-semibold">{title}</h3>
      <input type="hidden" name="intent" value="type" />
      {type ? <input type="hidden" name="id" value={type.id} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextField label="Name" meta={fields.name} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Entry fee (₹)"
          meta={fields.entry_fee}
          inputMode="decimal"
          hint="From the deposit balance; unique among types."
        />
        <TextField
          label="Prize (₹)"
          meta={fields.prize}
          inputMode="decimal"
          hint="At most two entry fees; the rest is revenue."
        />
        <Field
          label="Sort order"
          errors={fields.sort_order.errors}
          hint="Lower first in the lobby."
          inputProps={{ ...getInputProps(fields.sort_order, { type: "number" }), min: 0, max: 1_000_000 }}
        />
      </div>
      <Checkbox label="Enabled (listed in the lobby)" meta={fields.enabled} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={sending} className="btn-primary">
          {type ? "Save Room Type" : "Add Room Type"}
        </SubmitButton>
        {type ? (
          <Link to={PAGE} className="btn-secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function PaidRoomsSwitch({ on }: { on: boolean }) {
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

function SwitchConfirm({ on }: { on: boolean }) {
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

function RoomTypes({ types }: { types: RoomType[] }) {
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
              <td className="px-3 py-2 font-medium">{t.name}</td>
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

/** The paid-rooms switch, the paid room types and the games (every change is audited by the API). */
export default function AdminGames() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const confirm = actionData?.confirm ?? null;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Games</h1>
        <p className="text-sm text-slate-600">
          Tic-tac-toe: the free Practice Room and the paid room types below. Members join a paid type by its
          entry fee; the winner&apos;s prize comes out of the two fees and the platform keeps the rest.
        </p>
      </div>

      <PaidRoomsSwitch on={d.paid_rooms} />

      <section className="space-y-3" aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-xl font-semibold">
          Room types
        </h2>
        <RoomTypes types={d.types} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {d.editing ? <RoomTypeForm key={d.editing.id} type={d.editing} /> : null}
          {/* A new key after each added type: the form starts empty again. */}
          <RoomTypeForm key={`new-${d.types.length}`} />
        </div>
      </section>

      <section className="space-y-3" aria-labelledby="live-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="live-heading" className="text-xl font-semibold">
            Live games
          </h2>
          <Link
            to={`${PAGE}${location.search}`}
            className="font-semibold text-brand-600 underline"
            preventScrollReset
          >
            Refresh
          </Link>
        </div>
        <GameList games={d.live} label="Live games" empty="No live games." />
      </section>

      <section className="space-y-3" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-xl font-semibold">
          Recent games
        </h2>
        <GameList games={d.recent} label="Recent games" empty="No recent games." />
        <Pagination page={d.recent_pagination.page} totalPages={d.recent_pagination.totalPages} />
      </section>

      {confirm ? <SwitchConfirm on={confirm.on} /> : null}
    </div>
  );
}
