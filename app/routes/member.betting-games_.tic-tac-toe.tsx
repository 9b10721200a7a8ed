import { useCallback, useRef, useState } from "react";
import type { MetaFunction } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import type { Socket } from "socket.io-client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BalanceCard } from "~/components/balance-card";
import { DialogShell } from "~/components/confirm-dialog";
import { Spinner } from "~/components/forms";
import { showToast, useHydrated } from "~/utils/client-toast";
import { emitWithAck, LOBBY_RECONNECTION } from "~/utils/socket.client";
import { useSiteSocket } from "~/utils/use-site-socket";
import { HUB_PATH, readLobby, roomPath, type LobbyData } from "~/utils/tic-tac-toe";
import { parseRupees, rupees } from "../../shared/money";
import {
  GAME_MESSAGES,
  LOBBY_COMPONENT,
  PRACTICE_ROOM,
  TIC_TAC_TOE_EVENTS as EV,
  type LobbyRoom,
} from "../../shared/ticTacToeEvents";

export const meta: MetaFunction = () => [{ title: "Tic Tac Toe · Betting Games" }];

/** Spec 2 §8, the lobby's messages. */
const FAILED = "Error: Something went wrong. Please try again.";
const UNEXPECTED = "An unexpected error occurred.";
/** Spec 2 §8: a join asked while the socket is down is tried again this much later. */
const RETRY_JOIN_MS = 3000;

const REGISTER_COMPONENT_EVENT = "register_component";

function errorOf(ack: unknown): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? e : FAILED;
}

/**
 * The lobby's rooms over the socket (spec 2 §7): fetched on every connection, registered for the
 * pushes, fetched again when the server says the rooms changed; balances follow their own push.
 */
function useLobby() {
  const [lobby, setLobby] = useState<LobbyData | null>(null);
  const [connected, setConnected] = useState(false);
  const socket = useRef<Socket | null>(null);
  const fetchRooms = useCallback((s: Socket) => {
    emitWithAck(s, EV.fetchRooms, { success: true })
      .then((ack) => {
        const data = readLobby(ack);
        if (data) setLobby(data);
        else showToast({ type: "error", title: errorOf(ack) });
      })
      .catch(() => {
        /* no answer in time: the next push or connection asks again */
      });
  }, []);
  useSiteSocket({
    reconnection: LOBBY_RECONNECTION,
    onConnect: (s) => {
      socket.current = s;
      setConnected(true);
      fetchRooms(s);
      emitWithAck(s, REGISTER_COMPONENT_EVENT, { type: LOBBY_COMPONENT }).catch(() => {});
    },
    onDisconnect: () => setConnected(false),
    events: {
      [EV.lobbyUpdated]: () => {
        if (socket.current) fetchRooms(socket.current);
      },
      [EV.balanceUpdated]: (payload) => {
        const msg = (payload as { msg?: { available_balance?: unknown; deposit_amount?: unknown } } | null)
          ?.msg;
        if (!msg) return;
        setLobby((l) =>
          l
            ? {
                ...l,
                available_balance: String(msg.available_balance ?? l.available_balance),
                deposit_amount: String(msg.deposit_amount ?? l.deposit_amount),
              }
            : l,
        );
      },
    },
  });
  return { lobby, connected, socket };
}

function isPractice(room: LobbyRoom): boolean {
  return room.type === PRACTICE_ROOM;
}

function RoomCard({ room, onJoin }: { room: LobbyRoom; onJoin: (room: LobbyRoom) => void }) {
  const practice = isPractice(room);
  const resume = room.isAlreadyJoined && room.userRoom_id;
  return (
    <li className="card flex flex-col gap-3" data-testid="lobby-room" aria-label={room.roomName}>
      <h2 className="font-semibold">{room.roomName}</h2>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Entry Fee</dt>
        <dd className="text-right font-semibold tabular-nums">
          {practice ? "Free" : rupees(room.entryFees)}
        </dd>
        <dt className="text-slate-600">Prize</dt>
        <dd className="text-right font-semibold tabular-nums">{practice ? "—" : rupees(room.prize)}</dd>
        <dt className="text-slate-600">Waiting</dt>
        <dd className="text-right tabular-nums" data-testid="room-waiting">
          {room.waiting_player}/{room.maxPlayers}
        </dd>
        <dt className="text-slate-600">Live Players</dt>
        <dd className="text-right tabular-nums" data-testid="room-live">
          {room.live_players}
        </dd>
      </dl>
      {resume ? (
        <Link
          to={roomPath(room.userRoom_id!, room.type)}
          className="btn-primary w-full"
          aria-label={`Resume ${room.roomName}`}
        >
          Resume
        </Link>
      ) : (
        <button
          type="button"
          className="btn-primary w-full"
          aria-label={`Join ${room.roomName}`}
          onClick={() => onJoin(room)}
        >
          Join
        </button>
      )}
    </li>
  );
}

export default function TicTacToeLobby() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { lobby, connected, socket } = useLobby();
  const [confirm, setConfirm] = useState<LobbyRoom | null>(null);
  const [lowBalance, setLowBalance] = useState(false);
  const [joining, setJoining] = useState(false);

  const ask = (room: LobbyRoom) => {
    if (!isPractice(room) && lobby && parseRupees(lobby.deposit_amount) < parseRupees(room.entryFees)) {
      setLowBalance(true);
      return;
    }
    setConfirm(room);
  };

  const join = (room: LobbyRoom, retried = false) => {
    const s = socket.current;
    if (!s?.connected) {
      if (retried) {
        setJoining(false);
        showToast({ type: "error", title: FAILED });
        return;
      }
      s?.connect();
      window.setTimeout(() => join(room, true), RETRY_JOIN_MS);
      return;
    }
    emitWithAck(s, EV.join, { type: room.type })
      .then((ack) => {
        const a = ack as { success?: unknown; msg?: { type?: unknown; userRoom_id?: unknown } } | null;
        if (a?.success === true && typeof a.msg?.userRoom_id === "string") {
          setConfirm(null);
          navigate(roomPath(a.msg.userRoom_id, String(a.msg.type ?? room.type)));
          return;
        }
        setJoining(false);
        setConfirm(null);
        if (errorOf(ack) === GAME_MESSAGES.lowBalance) setLowBalance(true);
        else showToast({ type: "error", title: errorOf(ack) });
      })
      .catch(() => {
        setJoining(false);
        showToast({ type: "error", title: UNEXPECTED });
      });
  };

  return (
    <div
      className="mx-auto max-w-4xl space-y-5"
      data-testid="ttt-lobby"
      data-live={connected && lobby ? "on" : "off"}
    >
      <div>
        <Link to={HUB_PATH} className="text-sm font-semibold text-brand-600 underline">
          ← Betting Games
        </Link>
        <h1 className="text-2xl font-bold">Tic Tac Toe</h1>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <BalanceCard label="Deposit Balance" amount={lobby?.deposit_amount} tone="amber" />
        <BalanceCard label="Available Balance" amount={lobby?.available_balance} tone="green" />
      </div>
      {lobby && !lobby.paid_rooms ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {GAME_MESSAGES.paidRoomsOff}
        </p>
      ) : null}
      {lobby ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Rooms">
          {lobby.rooms.map((room) => (
            <RoomCard key={room._id} room={room} onJoin={ask} />
          ))}
        </ul>
      ) : hydrated ? (
        <div className="card flex items-center justify-center gap-3 py-8 text-brand-700" role="status">
          <Spinner className="h-6 w-6" />
          <span className="font-semibold">{connected ? "Loading rooms…" : "Reconnecting..."}</span>
        </div>
      ) : (
        <div className="card py-8 text-center" data-testid="lobby-no-js">
          <p className="font-semibold">The rooms are live: please turn on JavaScript to play.</p>
        </div>
      )}

      {confirm ? (
        <DialogShell title={`Join ${confirm.roomName}?`}>
          <p className="mt-2 text-sm text-slate-700">
            {isPractice(confirm)
              ? "The Practice Room is free: no entry fee, no prize."
              : `The entry fee of ${rupees(confirm.entryFees)} is taken from your deposit balance. The winner receives ${rupees(confirm.prize)}.`}
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setConfirm(null)}
              disabled={joining}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn-primary"
              autoFocus
              disabled={joining}
              aria-busy={joining}
              onClick={() => {
                setJoining(true);
                join(confirm);
              }}
            >
              {joining ? <Spinner /> : null}
              Confirm
            </button>
          </div>
        </DialogShell>
      ) : null}

      {lowBalance ? (
        <DialogShell title="Low Balance">
          <p className="mt-2 text-sm text-slate-700">Your balance is too low to join this room.</p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => setLowBalance(false)}>
              Close
            </button>
            <Link to="/member/balance-converter" className="btn-primary">
              Convert Balance
            </Link>
          </div>
        </DialogShell>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
