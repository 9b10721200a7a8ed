import { pageTitle } from "~/utils/meta";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { errorText, memberApi } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/client-toast";
import { LOBBY_PATH, roomPath } from "~/utils/tic-tac-toe";
import { RECONNECT_SECONDS, roomNameIn } from "../../../../shared/ticTacToeEvents";
import { CANCEL_API, MOVE_API, ROOM_API, RoomForm, refused, roomOfAddress } from "./room.server";
import { BACK_AFTER_MS, REFRESH_SECONDS } from "./room";
import { useRoom } from "./use-room";
import { Board, PlayerPanels } from "./board";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "games.ticTacToe") }];

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
    const title = res.status < 500 ? errorText(res.body) : requestT(request)("earn.games.genericFailure");
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
  const failure = requestT(request)("earn.games.genericFailure");
  const form = RoomForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: failure }, { status: 400 });
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
    return refused(res, failure);
  }
  const { row, col } = form.data.cell;
  const res = await memberApi(request, context, MOVE_API, {
    method: "POST",
    json: { decodedRoomId: roomId, row, col, version: form.data.version },
  });
  if (res.ok) return redirect(roomPath(roomId, type), 303);
  return refused(res, failure);
}

export default function TicTacToeRoom() {
  const loaded = useLoaderData<typeof loader>();
  const { roomId, type } = loaded;
  const refusal = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { t, i18n } = useTranslation();
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
    if (winner === "draw") banner = t("earn.games.room.draw");
    else if (winner) banner = winner === me.symbol ? t("earn.games.room.won") : t("earn.games.room.lost");
    else if (room.status === "cancelled") banner = t("earn.games.room.ended");
    else if (waiting) banner = t("earn.games.room.waiting");
    else banner = myTurn ? t("earn.games.room.yourTurn") : t("earn.games.room.opponentTurn");
  }

  return (
    <div className="mx-auto max-w-md space-y-4" data-testid="ttt-room" data-live={connected ? "on" : "off"}>
      <div>
        <Link to={LOBBY_PATH} className="text-sm font-semibold text-brand-600 underline">
          {t("earn.games.room.back")}
        </Link>
        <h1 className="text-2xl font-bold">
          {room ? roomNameIn(room, i18n.language) : t("earn.games.room.heading")}
        </h1>
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
            ? t("earn.games.room.reconnectFailed")
            : t("earn.games.room.reconnecting")}
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
                {t("earn.games.room.seconds", { seconds: timeLeft })}
              </span>
            ) : null}
          </div>
          {waiting && !ended ? (
            // A form without scripts (or before the socket connects); with it, the socket's cancel.
            <Form
              method="post"
              onSubmit={(e) => {
                if (cancel()) e.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="btn-secondary w-full">
                {t("earn.games.room.cancel")}
              </button>
            </Form>
          ) : null}
          <Board room={room} disabled={!myTurn || (hydrated && !connected)} onPlay={play} />
        </>
      ) : null}
    </div>
  );
}
