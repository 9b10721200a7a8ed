import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalize } from "~/i18n/i18n";
import { showToast } from "~/utils/client-toast";
import { emitWithAck, ROOM_RECONNECTION, type SiteSocket } from "~/utils/socket.client";
import {
  gameFinishOf,
  useGameFinishEffects,
} from "~/routes/member+/betting-games_.tic-tac-toe_.play.$roomId/game-finish";
import { useSiteSocket } from "~/utils/use-site-socket";
import { LOBBY_PATH, optimisticMove } from "~/utils/tic-tac-toe";
import type { PlayerSymbol } from "../../../../shared/ticTacToe";
import {
  ROOM_COMPONENT,
  TIC_TAC_TOE_EVENTS as EV,
  timeLeftOf,
  type RoomView,
} from "../../../../shared/ticTacToeEvents";
import type { GameAck } from "../../../../shared/contracts/realtime";
import { BACK_AFTER_MS, errorOf, roomOf, winnerOf } from "./room";

/** The room as the loader read it. */
export interface LoadedRoom {
  roomId: string;
  type: string;
  userId: string;
  symbol: PlayerSymbol;
  room: RoomView;
}

/**
 * The room over the socket (spec 2 §7): entered on every connection, updated by the server's
 * pushes, timers counted down between them; a move shows at once and the server's answer
 * corrects it. At the end (or when the wait runs out) the member goes back.
 */
export function useRoom(loaded: LoadedRoom) {
  const { roomId, type } = loaded;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const localize = useLocalize();
  // The acknowledgements' words in the page's language: the API's English (localize), else ours.
  const words = useRef({ t, localize });
  words.current = { t, localize };
  const failure = () => words.current.t("earn.games.genericFailure");
  const refusal = (ack: GameAck<unknown>) => errorOf(ack, words.current.localize, failure());
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
  const socket = useRef<SiteSocket | null>(null);

  const { reconnectFailed } = useSiteSocket({
    reconnection: ROOM_RECONNECTION,
    onConnect: (s) => {
      socket.current = s;
      setConnected(true);
      setOfflineFor(0);
      emitWithAck(s, "register_component", { type: ROOM_COMPONENT }).catch(() => {});
      emitWithAck(s, EV.enterRoom, { decodedRoomId: roomId, decodedRoomType: type })
        .then((ack) => {
          if (ack.success) {
            setMe({ userId: ack.msg.userId, symbol: ack.msg.userSymbol });
            setRoom(ack.msg.room);
            return;
          }
          showToast({ type: "error", title: refusal(ack) });
          navigate(LOBBY_PATH);
        })
        .catch(() => showToast({ type: "error", title: failure() }));
    },
    onDisconnect: () => setConnected(false),
    events: {
      [EV.roomUpdated]: (payload) => {
        const r = roomOf(payload);
        if (r && r._id === roomId) setRoom(r);
      },
      [EV.timerUpdated]: (push) => setTimeLeft(push.timeLeft),
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
        if (r) setRoom((cur) => (cur && cur.version > r.version ? cur : r));
        else {
          setRoom(before);
          showToast({ type: "error", title: refusal(ack) });
        }
      })
      .catch(() => setRoom(before));
  };

  /**
   * Cancel over the socket; false when it is not connected (yet or any more), and then the
   * page's form posts the cancel to the server instead of the click doing nothing.
   */
  const cancel = (): boolean => {
    const s = socket.current;
    if (!s?.connected) return false;
    emitWithAck(s, EV.cancel, { decodedRoomId: roomId })
      .then((ack) => {
        if (ack.success) {
          showToast({ type: "success", title: localize(ack.msg) });
          navigate(LOBBY_PATH);
        } else showToast({ type: "error", title: refusal(ack) });
      })
      .catch(() => showToast({ type: "error", title: failure() }));
    return true;
  };

  return {
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
  };
}
