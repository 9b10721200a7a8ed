import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import { redirectWithToast } from "~/utils/toast.server";
import { Pagination } from "~/components/pagination";
import { GameList } from "~/components/operator-games";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import { GAMES_A_PAGE, PAGE } from "./games-page";
import { RoomTypeForm, RoomTypeSchema, typeFormId } from "./room-type-form";
import { PaidRoomsSwitch, SwitchConfirm } from "./paid-rooms";
import { RoomTypes } from "./room-types";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Games · Operator Console") },
];

const SwitchSchema = z.object({
  intent: z.enum(["paid-check", "paid"]),
  on: z.enum(["on", "off"]),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [types, games] = await Promise.all([
    operatorRead(request, context, "/adminRoute/gameRoomTypes"),
    operatorRead(request, context, "/adminRoute/games", {
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
    const res = await operatorApi(request, context, "/adminRoute/gamePaidRooms", {
      method: "PATCH",
      json: { on },
    });
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
      // An emptied Hindi field is sent empty: the Hindi name is removed.
      name_hi: v.name_hi ?? "",
      entry_fee: v.entry_fee,
      prize: v.prize,
      enabled: v.enabled ?? false,
      sort_order: v.sort_order ?? 0,
    };
    const res = await operatorApi(
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

/** The paid-rooms switch, the paid room types and the games (every change is audited by the API). */
export default function AdminGames() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  /** Each form answers its own errors: the action's answer goes to the form that was sent. */
  const lastResult = (formId: string) =>
    actionData?.formId === formId ? (actionData.result ?? undefined) : undefined;
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
          {d.editing ? (
            <RoomTypeForm
              key={d.editing.id}
              type={d.editing}
              lastResult={lastResult(typeFormId(d.editing.id))}
            />
          ) : null}
          {/* A new key after each added type: the form starts empty again. */}
          <RoomTypeForm key={`new-${d.types.length}`} lastResult={lastResult(typeFormId(undefined))} />
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
