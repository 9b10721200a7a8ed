import { z } from "zod";
import type { Deps } from "../deps";
import { gameDeps } from "../deps";
import { memberBalances } from "../ledger/ledger";
import type { GameNotifier } from "../games/rooms";
import { cancel, join, refuseWaitingJoins } from "../games/join";
import { disconnect, enterRoom } from "../games/presence";
import { move } from "../games/moves";
import { sweep } from "../games/sweeper";
import { lobby } from "../games/lobby";
import { milliToRupeeString } from "../../shared/money";
import { requestLocale } from "../../shared/i18n/locale";
import {
  CancelRequest,
  EnterRequest,
  JoinRequest,
  MoveRequest,
  enteredAnswer,
  joinAnswer,
  requireRoomType,
} from "../games/requests";
import {
  LOBBY_COMPONENT,
  ROOM_COMPONENT,
  TIC_TAC_TOE_EVENTS as EV,
  timeLeftOf,
  type RoomView,
} from "../../shared/ticTacToeEvents";
import { componentRoom, everyoneRoom, handle, type MemberSocket, type RealtimeServer } from "./socket";
import type { AckOf, BalancePush, ClientEvent, PayloadOf } from "../../shared/contracts/realtime";
import type { SameFields } from "../../shared/contracts/endpoint";
import { log } from "../../shared/log.server";
import { coalesced } from "./coalesce";

/**
 * The tic-tac-toe socket events (spec 2 §7), thin over the room modules (api/games/rooms.ts and its neighbours):
 * each payload validated, each outcome an acknowledgement (`error_msg` on refusal), pushes sent
 * through the Redis adapter so a player on another node gets them. A node's sweeper acts on
 * passed deadlines of any room, whichever node its players are connected to.
 */

/** The room of one member's sockets inside one game: empty means the member is gone from it. */
const presenceRoom = (roomId: string, userId: string) => `game:${roomId}:user:${userId}`;

/** The running timer of a room: the turn, or the opponent wait. */
const timerOf = (room: RoomView) => ({ timeLeft: timeLeftOf(room) });

/**
 * The lobby's push at most once a second from each node: every lobby open on a phone asks for the
 * rooms again on it, and a busy hour changes the seats many times a second.
 */
export const LOBBY_PUSH_MS = 1000;

function notifier(io: RealtimeServer, deps: Deps, lobbyPush: () => void): GameNotifier {
  return {
    room(view, playerIds) {
      // One emit for both players: encoded once, and one message through the Redis adapter. (No
      // rooms at all would mean every socket: a room always has a player, but never risk it.)
      if (playerIds.length === 0) return;
      const to = io.to(playerIds.map((id) => componentRoom(id, ROOM_COMPONENT)));
      to.emit(EV.roomUpdated, { success: true, msg: { room: view } });
      to.emit(EV.timerUpdated, timerOf(view));
    },
    lobby: lobbyPush,
    balance(userId) {
      void deps.inFlight
        .track(
          memberBalances(deps.db, userId).then(({ withdrawable, deposit }) => {
            const push: BalancePush = {
              success: true,
              msg: {
                available_balance: milliToRupeeString(withdrawable),
                deposit_amount: milliToRupeeString(deposit),
              },
            };
            io.to([componentRoom(userId, LOBBY_COMPONENT), componentRoom(userId, ROOM_COMPONENT)]).emit(
              EV.balanceUpdated,
              push,
            );
          }),
        )
        .catch((e: unknown) => log.error({ err: e }, "balance push failed"));
    },
  };
}

/**
 * Sets the game pushes on `deps` and starts this node's sweeper (when `sweepEveryMs` > 0).
 * Answers the per-connection registration and the sweeper's stop.
 */
export function attachTicTacToe(io: RealtimeServer, deps: Deps, opts: { sweepEveryMs: number }) {
  const lobbyPush = coalesced(
    () => io.to(everyoneRoom(LOBBY_COMPONENT)).emit(EV.lobbyUpdated, { success: true }),
    LOBBY_PUSH_MS,
  );
  deps.gameNotifier = notifier(io, deps, lobbyPush);
  const g = () => gameDeps(deps);

  let timer: NodeJS.Timeout | undefined;
  if (opts.sweepEveryMs > 0) {
    let running = false;
    timer = setInterval(() => {
      if (running) return;
      running = true;
      deps.inFlight
        .track(sweep(g()))
        .catch((e: unknown) => log.error({ err: e }, "game sweeper failed"))
        .finally(() => {
          running = false;
        });
    }, opts.sweepEveryMs);
    timer.unref();
  }

  function connected(socket: MemberSocket) {
    const member = socket.data.member;
    const on = <E extends ClientEvent, T, In>(
      event: E,
      schema: z.ZodType<T, z.ZodTypeDef, In> & SameFields<PayloadOf<E>, In>,
      run: (p: T) => Promise<AckOf<E>>,
    ) => handle(socket, deps, event, schema, run, "error_msg");

    // The lobby's names in the member's language: the handshake's lang cookie, else its Accept-Language.
    const locale = requestLocale({
      cookie: socket.handshake.headers.cookie,
      acceptLanguage: socket.handshake.headers["accept-language"],
    });
    on(EV.fetchRooms, z.unknown(), async () => ({ success: true, msg: await lobby(g(), member.id, locale) }));

    on(EV.join, JoinRequest, async (request) => ({
      success: true,
      msg: joinAnswer(await join(g(), member.id, request)),
    }));

    on(EV.enterRoom, EnterRequest, async ({ decodedRoomId, decodedRoomType }) => {
      // Present before connected: a disconnect handler racing this return then sees it.
      const presence = presenceRoom(decodedRoomId, member.id);
      await socket.join(presence);
      // The member's balance is read at the same time (the answer carries it); entering moves no money.
      const [entered, { withdrawable }] = await Promise.all([
        enterRoom(g(), decodedRoomId, member.id)
          .then((e) => {
            requireRoomType(e.room, decodedRoomType);
            return e;
          })
          .catch(async (e: unknown) => {
            await socket.leave(presence);
            throw e;
          }),
        memberBalances(deps.db, member.id),
      ]);
      socket.data.gameRooms = [...new Set([...(socket.data.gameRooms ?? []), decodedRoomId])];
      socket.emit(EV.timerUpdated, timerOf(entered.room));
      return {
        success: true,
        msg: enteredAnswer(member.id, entered, milliToRupeeString(withdrawable)),
      };
    });

    on(EV.move, MoveRequest, async ({ decodedRoomId, row, col, version }) => ({
      success: true,
      msg: {
        room: await move(g(), {
          roomId: decodedRoomId,
          userId: member.id,
          row,
          col,
          expectedVersion: version,
        }),
      },
    }));

    on(EV.cancel, CancelRequest, async ({ decodedRoomId }) => ({
      success: true,
      msg: await cancel(g(), decodedRoomId, member.id),
    }));

    socket.on("disconnect", () => {
      for (const id of socket.data.gameRooms ?? []) {
        const present = async () => (await io.in(presenceRoom(id, member.id)).fetchSockets()).length > 0;
        // Another tab or a reconnect (on any node) still in the game keeps the member connected;
        // a return that raced the countdown's start is checked once more after it and wins.
        deps.inFlight
          .track(
            (async () => {
              if (await present()) return;
              await disconnect(g(), id, member.id);
              if (await present()) await enterRoom(g(), id, member.id);
            })(),
          )
          .catch((e: unknown) => log.error({ err: e }, "game disconnect failed"));
      }
    });
  }

  return {
    connected,
    /** The sweeper stops, and joins still waiting for a slot are refused (every socket is gone). */
    stop() {
      if (timer) clearInterval(timer);
      lobbyPush.stop();
      const refused = refuseWaitingJoins();
      if (refused > 0) log.info({ refused }, "joins not started when the node stopped: refused");
    },
  };
}
