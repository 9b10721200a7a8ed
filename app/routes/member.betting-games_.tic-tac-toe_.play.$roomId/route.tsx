import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { errorText, memberApi } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/client-toast";
import { LOBBY_PATH, roomPath } from "~/utils/tic-tac-toe";
import { RECONNECT_SECONDS } from "../../../shared/ticTacToeEvents";
import { GENERIC_FAILURE } from "../../../shared/messages";
import { CANCEL_API, MOVE_API, ROOM_API, RoomForm, refused, roomOfAddress } from "./room.server";
import { BACK_AFTER_MS, REFRESH_SECONDS } from "./room";
import { useRoom } from "./use-room";
import { Board, PlayerPanels } from "./board";

export const meta: MetaFunction = () => [{ title: "Tic Tac Toe · Betting Games" }];

/**
 * The room as the server has it, so the page is complete before (and without) scripts. A room
 * that cannot be entered sends the member to the lobby with the message (spec 2 §8).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { roomId, type } = roomOfAddress(params, request);
  const res = await memberApi(request, context, ROOM_API, {
    query: { decodedRoomId: roomId, decodedRoomType: type },
  });
  const entered = res.body.msg;
  if (!res.ok || !entered?.room) {
    const title = res.status < 500 ? errorText(res.body) : GENERIC_FAILURE;
    throw await redirectWithToast(context, LOBBY_PATH, { type: "error", title });
  }
  return { roomId, type, userId: entered.userId, symbol: entered.userSymbol, room: entered.room };
}

/**
 * Without scripts: a move (against the version the page showed), then back to the room (PRG);
 * Cancel of the search, then to the lobby with the message. A refusal shows on the room.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const { roomId, type } = roomOfAddress(params, request);
  const form = RoomForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: GENERIC_FAILURE }, { status: 400 });
  if (form.data.intent === "cancel") {
    const res = await memberApi(request, context, CANCEL_API, {
      method: "POST",
      json: { decodedRoomId: roomId },
    });
    if (res.ok && typeof res.body.msg === "string")
      return redirectWithToast(
        context,
        LOBBY_PATH,
        { type: "success", title: res.body.msg },
        { status: 303 },
      );
    return refused(res);
  }
  const { row, col } = form.data.cell;
  const res = await memberApi(request, context, MOVE_API, {
    method: "POST",
    json: { decodedRoomId: roomId, row, col, version: form.data.version },
  });
  if (res.ok) return redirect(roomPath(roomId, type), 303);
  return refused(res);
}

export default function TicTacToeRoom() {
  const loaded = useLoaderData<typeof loader>();
  const { roomId, type } = loaded;
  const refusal = useActionData<typeof action>();
  const hydrated = useHydrated();
  const {
    room,
    me,
    timeLeft,
    connected,
    offlineFor,
    reconnectFailed,
    sinceUpdate,
    winner,
    ended,
    waiting,
    myTurn,
    play,
    cancel,
  } = useRoom(loaded);

  let banner = "";
  if (room && me) {
    if (winner === "draw") banner = "It's a Draw!";
    else if (winner) banner = winner === me.symbol ? "You Won!" : "You Lost!";
    else if (room.status === "cancelled") banner = "This game has already ended.";
    else if (waiting) banner = "Waiting For Opponent";
    else banner = myTurn ? "Your Turn" : "Opponent's Turn";
  }

  return (
    <div className="mx-auto max-w-md space-y-4" data-testid="ttt-room" data-live={room ? "on" : "off"}>
      <div>
        <Link to={LOBBY_PATH} className="text-sm font-semibold text-brand-600 underline">
          ← Tic Tac Toe
        </Link>
        <h1 className="text-2xl font-bold">{room?.roomName ?? "Tic Tac Toe"}</h1>
      </div>
      {/* Without scripts the page reloads itself while the other side plays, and after the end goes back. */}
      {ended ? (
        <RefreshWithoutScripts seconds={BACK_AFTER_MS / 1000} url={LOBBY_PATH} />
      ) : myTurn ? (
        <RefreshWithoutScripts seconds={(timeLeft ?? 0) + 1} url={roomPath(roomId, type)} />
      ) : (
        <RefreshWithoutScripts seconds={REFRESH_SECONDS} url={roomPath(roomId, type)} />
      )}
      {refusal?.error ? (
        <p className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="alert">
          {refusal.error}
        </p>
      ) : null}
      {hydrated && !connected ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
          {offlineFor >= RECONNECT_SECONDS || reconnectFailed
            ? "Reconnection failed. Please try again later."
            : "Reconnecting..."}
        </p>
      ) : null}
      {room && me ? (
        <>
          <PlayerPanels room={room} me={me} ended={ended} sinceUpdate={sinceUpdate} />
          <div className="flex items-center justify-between gap-2">
            <p className="text-lg font-bold" role="status" data-testid="room-status">
              {banner}
            </p>
            {!ended && timeLeft !== null ? (
              <span
                className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold tabular-nums"
                data-testid="room-timer"
              >
                {timeLeft}s
              </span>
            ) : null}
          </div>
          {waiting && !ended ? (
            // A form without scripts; with them, the socket's cancel.
            <Form
              method="post"
              onSubmit={(e) => {
                e.preventDefault();
                cancel();
              }}
            >
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="btn-secondary w-full">
                Cancel
              </button>
            </Form>
          ) : null}
          <Board room={room} disabled={!myTurn || (hydrated && !connected)} onPlay={play} />
        </>
      ) : null}
    </div>
  );
}
