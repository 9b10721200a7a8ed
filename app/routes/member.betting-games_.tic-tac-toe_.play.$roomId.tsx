import { useEffect, useRef, useState } from "react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import type { Socket } from "socket.io-client";
import { z } from "zod";
import { RefreshWithoutScripts } from "~/components/ad-tab";
import { errorText, memberApi } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { showToast, useHydrated } from "~/utils/client-toast";
import { emitWithAck, ROOM_RECONNECTION } from "~/utils/socket.client";
import { gameFinishOf, useGameFinishEffects } from "~/utils/game-finish";
import { useSiteSocket } from "~/utils/use-site-socket";
import { LOBBY_PATH, fromBase64, optimisticMove, roomPath } from "~/utils/tic-tac-toe";
import { outcomeOf, type PlayerSymbol } from "../../shared/ticTacToe";
import {
  RECONNECT_SECONDS,
  ROOM_COMPONENT,
  TIC_TAC_TOE_EVENTS as EV,
  timeLeftOf,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import { GENERIC_FAILURE } from "../../shared/messages";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = () => [{ title: "Tic Tac Toe · Betting Games" }];

/** Spec 2 §9: after the end the member goes back this much later. */
const BACK_AFTER_MS = 5000;
/** Without scripts, the page reloads itself this often while the member waits for the other side. */
const REFRESH_SECONDS = 2;

const ROOM_API = "/userIncomeRoute/user_ticTacToe_room_get";
const MOVE_API = "/userIncomeRoute/user_ticTacToe_move_post";
const CANCEL_API = "/userIncomeRoute/user_ticTacToe_cancel_post";

/** The room's id and type, both base64 in the address (spec 2 §2). */
function roomOfAddress(params: LoaderFunctionArgs["params"], request: Request) {
  const roomId = fromBase64(params.roomId ?? "");
  const type = fromBase64(new URL(request.url).searchParams.get("type") ?? "");
  invariantResponse(roomId && type !== null, "Room not found.", 404);
  return { roomId, type };
}

/** `join_tic_tac_toe_room`'s answer, over HTTP. */
interface Entered {
  userId: string;
  userSymbol: PlayerSymbol;
  room: RoomView;
}

/**
 * The room as the server has it, so the page is complete before (and without) scripts. A room
 * that cannot be entered sends the member to the lobby with the message (spec 2 §8).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { roomId, type } = roomOfAddress(params, request);
  const res = await memberApi<Entered>(request, context, ROOM_API, {
    query: { decodedRoomId: roomId, decodedRoomType: type },
  });
  const entered = res.body.msg;
  if (!res.ok || !entered?.room) {
    const title = res.status < 500 ? errorText(res.body) : GENERIC_FAILURE;
    throw await redirectWithToast(context, LOBBY_PATH, { type: "error", title });
  }
  return { roomId, type, userId: entered.userId, symbol: entered.userSymbol, room: entered.room };
}

const RoomForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    /** "row-column", 1-based as the cells' labels. */
    cell: z.string().regex(/^[1-3]-[1-3]$/),
    version: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .optional(),
  }),
  z.object({ intent: z.literal("cancel") }),
]);

/**
 * Without scripts: a move (against the version the page showed), then back to the room (PRG);
 * Cancel of the search, then to the lobby with the message. A refusal shows on the room.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const { roomId, type } = roomOfAddress(params, request);
  const form = RoomForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: GENERIC_FAILURE }, { status: 400 });
  if (form.data.intent === "cancel") {
    const res = await memberApi<string>(request, context, CANCEL_API, {
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
  const [row, col] = form.data.cell.split("-").map((n) => Number(n) - 1);
  const res = await memberApi(request, context, MOVE_API, {
    method: "POST",
    json: { decodedRoomId: roomId, row, col, version: form.data.version },
  });
  if (res.ok) return redirect(roomPath(roomId, type), 303);
  return refused(res);
}

function refused(res: { status: number; body: Parameters<typeof errorText>[0] }) {
  return data(
    { error: res.status < 500 ? errorText(res.body) : GENERIC_FAILURE },
    { status: res.status >= 400 ? res.status : 502 },
  );
}

function errorOf(ack: unknown): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? e : GENERIC_FAILURE;
}

function roomOf(payload: unknown): RoomView | null {
  const room = (payload as { msg?: { room?: unknown } } | null)?.msg?.room;
  return room && typeof room === "object" ? (room as RoomView) : null;
}

/** The winner: the server's, else the board's 8 lines, else a draw on a full board (spec 2 §4). */
function winnerOf(room: RoomView) {
  return room.winner ?? outcomeOf(room.gameState);
}

export default function TicTacToeRoom() {
  const loaded = useLoaderData<typeof loader>();
  const { roomId, type } = loaded;
  const refusal = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [room, setRoom] = useState<RoomView | null>(loaded.room);
  const [me, setMe] = useState<{ userId: string; symbol: PlayerSymbol } | null>({
    userId: loaded.userId,
    symbol: loaded.symbol,
  });
  const [timeLeft, setTimeLeft] = useState<number | null>(timeLeftOf(loaded.room));
  // The page's data read again (a navigation back here) replaces an older state, never a newer one.
  useEffect(() => {
    setRoom((cur) => (cur && cur.version > loaded.room.version ? cur : loaded.room));
  }, [loaded.room]);
  const [connected, setConnected] = useState(false);
  const [offlineFor, setOfflineFor] = useState(0);
  const socket = useRef<Socket | null>(null);

  const { reconnectFailed } = useSiteSocket({
    reconnection: ROOM_RECONNECTION,
    onConnect: (s) => {
      socket.current = s;
      setConnected(true);
      setOfflineFor(0);
      emitWithAck(s, "register_component", { type: ROOM_COMPONENT }).catch(() => {});
      emitWithAck(s, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: type })
        .then((ack) => {
          const a = ack as { success?: unknown; msg?: { userId?: string; userSymbol?: PlayerSymbol } };
          const r = roomOf(ack);
          if (a?.success === true && r && a.msg?.userId && a.msg.userSymbol) {
            setMe({ userId: a.msg.userId, symbol: a.msg.userSymbol });
            setRoom(r);
            return;
          }
          showToast({ type: "error", title: errorOf(ack) });
          navigate(LOBBY_PATH);
        })
        .catch(() => showToast({ type: "error", title: GENERIC_FAILURE }));
    },
    onDisconnect: () => setConnected(false),
    events: {
      [EV.roomUpdated]: (payload) => {
        const r = roomOf(payload);
        if (r && r._id === roomId) setRoom(r);
      },
      [EV.timerUpdated]: (payload) => {
        const t = (payload as { timeLeft?: unknown } | null)?.timeLeft;
        if (typeof t === "number") setTimeLeft(t);
      },
    },
  });

  // Seconds since the room last changed: a player's reconnect countdown runs down from the room's value.
  const [sinceUpdate, setSinceUpdate] = useState(0);
  useEffect(() => setSinceUpdate(0), [room]);

  // The timers count down between the server's updates; the disconnected time counts up.
  useEffect(() => {
    const tick = window.setInterval(() => {
      setTimeLeft((t) => (t === null ? t : Math.max(0, t - 1)));
      setSinceUpdate((n) => n + 1);
      if (!socket.current?.connected) setOfflineFor((n) => n + 1);
    }, 1000);
    return () => window.clearInterval(tick);
  }, []);

  const winner = room ? winnerOf(room) : null;
  const ended = room ? room.status === "finished" || room.status === "cancelled" || winner !== null : false;
  const waiting = room?.status === "waiting";
  useGameFinishEffects(roomId, gameFinishOf(winner, me?.symbol));
  const myTurn = Boolean(
    room && me && room.status === "playing" && !winner && room.currentTurn === me.symbol,
  );

  useEffect(() => {
    if (!ended) return;
    const back = window.setTimeout(() => {
      if (window.history.length > 1) navigate(-1);
      else navigate(LOBBY_PATH);
    }, BACK_AFTER_MS);
    return () => window.clearTimeout(back);
  }, [ended, navigate]);

  // Spec 2 §4: a waiting countdown that reaches 0 goes to the lobby.
  useEffect(() => {
    if (waiting && timeLeft === 0) navigate(LOBBY_PATH);
  }, [waiting, timeLeft, navigate]);

  const play = (row: number, col: number) => {
    const s = socket.current;
    if (!room || !me || !s?.connected || !myTurn) return;
    // The move shows at once, by the game machine's rules; the server's update then corrects it.
    const shown = optimisticMove(room, me.userId, row, col, new Date());
    if (!shown) return;
    const before = room;
    setRoom(shown);
    emitWithAck(s, EV.move, { decodedRoomId: roomId, row, col, version: room.version })
      .then((ack) => {
        const r = roomOf(ack);
        if ((ack as { success?: unknown })?.success === true && r)
          setRoom((cur) => (cur && cur.version > r.version ? cur : r));
        else {
          setRoom(before);
          showToast({ type: "error", title: errorOf(ack) });
        }
      })
      .catch(() => setRoom(before));
  };

  const cancel = () => {
    const s = socket.current;
    if (!s) return;
    emitWithAck(s, EV.cancel, { decodedRoomId: roomId })
      .then((ack) => {
        const a = ack as { success?: unknown; msg?: unknown };
        if (a?.success === true) {
          showToast({ type: "success", title: typeof a.msg === "string" ? a.msg : "" });
          navigate(LOBBY_PATH);
        } else showToast({ type: "error", title: errorOf(ack) });
      })
      .catch(() => showToast({ type: "error", title: GENERIC_FAILURE }));
  };

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
          <div className="grid grid-cols-2 gap-2">
            {room.players.map((p) => (
              <div
                key={p._id}
                className={`rounded-xl border p-3 ${room.currentTurn === p.symbol && !ended ? "border-brand-500" : "border-slate-200"}`}
                data-testid="player-panel"
                role="group"
                aria-label={`Player ${p.symbol}`}
              >
                <p className="flex items-center gap-2 font-semibold">
                  <span
                    aria-label={p.connected ? "Connected" : "Disconnected"}
                    className={`inline-block h-2.5 w-2.5 rounded-full ${p.connected ? "bg-green-500" : "bg-red-500"}`}
                  />
                  <span className="truncate">
                    {p.name}
                    {p._id === me.userId ? " (You)" : ""}
                  </span>
                </p>
                <p className="text-sm text-slate-600">Symbol {p.symbol}</p>
                {!p.connected && p.remaining_disconnect !== null ? (
                  <p className="text-sm text-red-700">
                    Reconnect in {Math.max(0, p.remaining_disconnect - sinceUpdate)}s
                  </p>
                ) : null}
              </div>
            ))}
          </div>
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
          {/* One form of nine buttons without scripts; with them, each click plays over the socket. */}
          <Form method="post" className="grid grid-cols-3 gap-2" aria-label="Board" role="group">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="version" value={room.version} />
            {room.gameState.map((cells, r) =>
              cells.map((cell, c) => (
                <button
                  key={`${r}-${c}`}
                  type="submit"
                  name="cell"
                  value={`${r + 1}-${c + 1}`}
                  aria-label={`Row ${r + 1}, column ${c + 1}`}
                  className="flex aspect-square items-center justify-center rounded-xl border-2 border-slate-300 bg-white text-4xl font-bold disabled:cursor-not-allowed"
                  disabled={!myTurn || cell !== "" || (hydrated && !connected)}
                  onClick={(e) => {
                    e.preventDefault();
                    play(r, c);
                  }}
                >
                  {cell}
                </button>
              )),
            )}
          </Form>
        </>
      ) : null}
    </div>
  );
}
