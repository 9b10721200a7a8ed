import { useEffect, useRef, useState } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import type { Socket } from "socket.io-client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { showToast, useHydrated } from "~/utils/client-toast";
import { emitWithAck, ROOM_RECONNECTION } from "~/utils/socket.client";
import { gameFinishOf, useGameFinishEffects } from "~/utils/game-finish";
import { useSiteSocket } from "~/utils/use-site-socket";
import { LOBBY_PATH, fromBase64 } from "~/utils/tic-tac-toe";
import { outcomeOf, type PlayerSymbol } from "../../shared/ticTacToe";
import {
  RECONNECT_SECONDS,
  ROOM_COMPONENT,
  TIC_TAC_TOE_EVENTS as EV,
  type RoomView,
} from "../../shared/ticTacToeEvents";

export const meta: MetaFunction = () => [{ title: "Tic Tac Toe · Betting Games" }];

/** Spec 2 §9: after the end the member goes back this much later. */
const BACK_AFTER_MS = 5000;
const FAILED = "Something went wrong, please try again.";

/** The room's id and type, both base64 in the address (spec 2 §2). */
export function loader({ params, request }: LoaderFunctionArgs) {
  const roomId = fromBase64(params.roomId ?? "");
  const type = fromBase64(new URL(request.url).searchParams.get("type") ?? "");
  if (!roomId || type === null) throw new Response("Room not found.", { status: 404 });
  return { roomId, type };
}

function errorOf(ack: unknown): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? e : FAILED;
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
  const { roomId, type } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [room, setRoom] = useState<RoomView | null>(null);
  const [me, setMe] = useState<{ userId: string; symbol: PlayerSymbol } | null>(null);
  const [timeLeft, setTimeLeft] = useState<number | null>(null);
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
        .catch(() => showToast({ type: "error", title: FAILED }));
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

  // The timers count down between the server's updates; the disconnected time counts up.
  useEffect(() => {
    const tick = window.setInterval(() => {
      setTimeLeft((t) => (t === null ? t : Math.max(0, t - 1)));
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
    if (!room || !me || !s?.connected || !myTurn || room.gameState[row]![col] !== "") return;
    const before = room;
    // The move shows at once and the turn passes; the server's update then corrects it.
    setRoom({
      ...room,
      gameState: room.gameState.map((cells, r) =>
        cells.map((cell, c) => (r === row && c === col ? me.symbol : cell)),
      ),
      currentTurn: me.symbol === "X" ? "O" : "X",
    });
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
      .catch(() => showToast({ type: "error", title: FAILED }));
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
      {!hydrated ? (
        <div className="card py-8 text-center" data-testid="room-no-js">
          <p className="font-semibold">The game is live: please turn on JavaScript to play.</p>
        </div>
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
                  <p className="text-sm text-red-700">Reconnect in {p.remaining_disconnect}s</p>
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
            <button type="button" className="btn-secondary w-full" onClick={cancel}>
              Cancel
            </button>
          ) : null}
          <div className="grid grid-cols-3 gap-2" aria-label="Board" role="group">
            {room.gameState.map((cells, r) =>
              cells.map((cell, c) => (
                <button
                  key={`${r}-${c}`}
                  type="button"
                  aria-label={`Row ${r + 1}, column ${c + 1}`}
                  className="flex aspect-square items-center justify-center rounded-xl border-2 border-slate-300 bg-white text-4xl font-bold disabled:cursor-not-allowed"
                  disabled={!myTurn || cell !== "" || !connected}
                  onClick={() => play(r, c)}
                >
                  {cell}
                </button>
              )),
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
