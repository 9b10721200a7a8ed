import { useCallback, useEffect, useRef, useState } from "react";
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
import { BalanceCard } from "~/components/balance-card";
import { DIALOG_ACTIONS, DialogShell } from "~/components/confirm-dialog";
import { Spinner } from "~/components/forms";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { showToast, useHydrated } from "~/utils/client-toast";
import { emitWithAck, LOBBY_RECONNECTION } from "~/utils/socket.client";
import { useSiteSocket } from "~/utils/use-site-socket";
import { HUB_PATH, LOBBY_PATH, readLobby, roomPath, type LobbyData } from "~/utils/tic-tac-toe";
import { parseRupees, rupees } from "../../shared/money";
import {
  GAME_MESSAGES,
  LOBBY_COMPONENT,
  PRACTICE_ROOM,
  TIC_TAC_TOE_EVENTS as EV,
  type LobbyRoom,
} from "../../shared/ticTacToeEvents";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = () => [{ title: "Tic Tac Toe · Betting Games" }];

/** Spec 2 §8, the lobby's messages. */
const FAILED = "Error: Something went wrong. Please try again.";
const UNEXPECTED = "An unexpected error occurred.";
/** Spec 2 §8: a join asked while the socket is down is tried again this much later. */
const RETRY_JOIN_MS = 3000;

const REGISTER_COMPONENT_EVENT = "register_component";

const ROOMS_API = "/userIncomeRoute/user_ticTacToe_rooms_get";
const JOIN_API = "/userIncomeRoute/user_ticTacToe_join_post";

/** The rooms, rendered on the server: the page is complete before (and without) scripts. */
async function loadLobby(request: Request, context: LoaderFunctionArgs["context"]): Promise<LobbyData> {
  const lobby = readLobby({ success: true, msg: await memberRead(request, context, ROOMS_API) });
  invariantResponse(lobby, FAILED, 502);
  return lobby;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLobby(request, context);
}

/** A dialog of the lobby: the join's confirmation, or the low-balance refusal (spec 2 §5). */
type Dialog = { kind: "confirm"; room: LobbyRoom } | { kind: "lowBalance" };

const JoinForm = z.object({
  intent: z.enum(["check", "join"]),
  type: z.string().min(1).max(40),
});

/**
 * Join without scripts: `check` answers the confirmation step (or the low-balance refusal), and
 * `join` takes the seat and goes to the room (303). With scripts the page asks and joins over
 * the socket instead, and never posts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = JoinForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return redirectWithToast(context, LOBBY_PATH, { type: "error", title: FAILED }, { status: 303 });
  const { intent, type } = form.data;
  const lowBalance = () => data({ dialog: { kind: "lowBalance" } as Dialog }, { status: 400 });

  if (intent === "check") {
    const lobby = await loadLobby(request, context);
    const room = lobby.rooms.find((r) => String(r.type) === type);
    if (!room)
      return redirectWithToast(
        context,
        LOBBY_PATH,
        { type: "error", title: GAME_MESSAGES.unknownRoomType },
        { status: 303 },
      );
    if (!canAfford(lobby, room)) return lowBalance();
    return { dialog: { kind: "confirm", room } as Dialog };
  }

  const res = await memberApi<{ type?: unknown; userRoom_id?: unknown }>(request, context, JOIN_API, {
    method: "POST",
    json: { type },
  });
  const joined = res.body.msg;
  if (res.ok && typeof joined?.userRoom_id === "string")
    return redirect(roomPath(joined.userRoom_id, String(joined.type ?? type)), 303);
  if (res.body.error_code === "insufficient_balance") return lowBalance();
  // Spec 2 §8: the server's message, or the lobby's own when there is none.
  const title = res.status < 500 ? errorText(res.body, FAILED) : FAILED;
  return redirectWithToast(context, LOBBY_PATH, { type: "error", title }, { status: 303 });
}

function errorOf(ack: unknown): string {
  const e = (ack as { error_msg?: unknown } | null)?.error_msg;
  return typeof e === "string" && e ? e : FAILED;
}

/**
 * The lobby's rooms over the socket (spec 2 §7): fetched on every connection, registered for the
 * pushes, fetched again when the server says the rooms changed; balances follow their own push.
 */
function useLobby(initial: LobbyData) {
  const [lobby, setLobby] = useState<LobbyData>(initial);
  // A reload of the page's data (a navigation back to it) starts from the server's answer again.
  useEffect(() => setLobby(initial), [initial]);
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
        setLobby((l) => ({
          ...l,
          available_balance: String(msg.available_balance ?? l.available_balance),
          deposit_amount: String(msg.deposit_amount ?? l.deposit_amount),
        }));
      },
    },
  });
  return { lobby, connected, socket };
}

function isPractice(room: LobbyRoom): boolean {
  return room.type === PRACTICE_ROOM;
}

/** A paid room needs a deposit balance of at least its entry fee (spec 2 §5). */
function canAfford(lobby: LobbyData, room: LobbyRoom): boolean {
  return isPractice(room) || parseRupees(lobby.deposit_amount) >= parseRupees(room.entryFees);
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
        // A form without scripts (the server asks to confirm); with them, the page's own dialog.
        <Form
          method="post"
          onSubmit={(e) => {
            e.preventDefault();
            onJoin(room);
          }}
        >
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="type" value={String(room.type)} />
          <button type="submit" className="btn-primary w-full" aria-label={`Join ${room.roomName}`}>
            Join
          </button>
        </Form>
      )}
    </li>
  );
}

/**
 * A dialog's way back: with scripts a button that closes it (the page stays as it is), without
 * them a link to the lobby.
 */
function CloseDialog({ label, onClose }: { label: string; onClose: () => void }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="btn-secondary" onClick={onClose}>
      {label}
    </button>
  ) : (
    <Link to={LOBBY_PATH} className="btn-secondary">
      {label}
    </Link>
  );
}

/** The join's confirmation: the same markup asks with scripts (socket) and without (a form). */
function ConfirmJoin({
  room,
  joining,
  onCancel,
  onConfirm,
}: {
  room: LobbyRoom;
  joining: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <DialogShell title={`Join ${room.roomName}?`} onClose={onCancel}>
      <p className="mt-2 text-sm text-slate-700">
        {isPractice(room)
          ? "The Practice Room is free: no entry fee, no prize."
          : `The entry fee of ${rupees(room.entryFees)} is taken from your deposit balance. The winner receives ${rupees(room.prize)}.`}
      </p>
      <Form
        method="post"
        className={DIALOG_ACTIONS}
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <input type="hidden" name="intent" value="join" />
        <input type="hidden" name="type" value={String(room.type)} />
        <CloseDialog label="Cancel" onClose={onCancel} />
        <button type="submit" className="btn-primary" autoFocus disabled={joining} aria-busy={joining}>
          {joining ? <Spinner /> : null}
          Confirm
        </button>
      </Form>
    </DialogShell>
  );
}

export default function TicTacToeLobby() {
  const initial = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const { lobby, connected, socket } = useLobby(initial);
  // The page's own dialog (scripts); until it opens one, the action's answer (no scripts).
  const [shown, setShown] = useState<Dialog | null | undefined>(undefined);
  useEffect(() => setShown(undefined), [answer]);
  const dialog = shown === undefined ? (answer?.dialog ?? null) : shown;
  const [joining, setJoining] = useState(false);

  const ask = (room: LobbyRoom) =>
    setShown(canAfford(lobby, room) ? { kind: "confirm", room } : { kind: "lowBalance" });

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
          setShown(null);
          navigate(roomPath(a.msg.userRoom_id, String(a.msg.type ?? room.type)));
          return;
        }
        setJoining(false);
        if ((ack as { error_code?: unknown } | null)?.error_code === "insufficient_balance")
          setShown({ kind: "lowBalance" });
        else {
          setShown(null);
          showToast({ type: "error", title: errorOf(ack) });
        }
      })
      .catch(() => {
        setJoining(false);
        showToast({ type: "error", title: UNEXPECTED });
      });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5" data-testid="ttt-lobby" data-live={connected ? "on" : "off"}>
      <div>
        <Link to={HUB_PATH} className="text-sm font-semibold text-brand-600 underline">
          ← Betting Games
        </Link>
        <h1 className="text-2xl font-bold">Tic Tac Toe</h1>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <BalanceCard label="Deposit Balance" amount={lobby.deposit_amount} tone="amber" />
        <BalanceCard label="Available Balance" amount={lobby.available_balance} tone="green" />
      </div>
      {!lobby.paid_rooms ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {GAME_MESSAGES.paidRoomsOff}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Rooms">
        {lobby.rooms.map((room) => (
          <RoomCard key={room._id} room={room} onJoin={ask} />
        ))}
      </ul>

      {dialog?.kind === "confirm" ? (
        <ConfirmJoin
          room={dialog.room}
          joining={joining}
          onCancel={() => setShown(null)}
          onConfirm={() => {
            setJoining(true);
            join(dialog.room);
          }}
        />
      ) : null}

      {dialog?.kind === "lowBalance" ? (
        <DialogShell title="Low Balance" onClose={() => setShown(null)}>
          <p className="mt-2 text-sm text-slate-700">Your balance is too low to join this room.</p>
          <div className={DIALOG_ACTIONS}>
            <CloseDialog label="Close" onClose={() => setShown(null)} />
            <Link to="/member/balance-converter" className="btn-primary">
              Convert Balance
            </Link>
          </div>
        </DialogShell>
      ) : null}
    </div>
  );
}
