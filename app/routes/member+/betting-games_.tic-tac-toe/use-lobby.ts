import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalize } from "~/i18n/i18n";
import { showToast } from "~/utils/client-toast";
import { emitWithAck, LOBBY_RECONNECTION, type SiteSocket } from "~/utils/socket.client";
import { useSiteSocket } from "~/utils/use-site-socket";
import { readLobby, type LobbyData } from "~/utils/tic-tac-toe";
import { LOBBY_COMPONENT, TIC_TAC_TOE_EVENTS as EV } from "../../../../shared/ticTacToeEvents";
import { errorOf } from "./lobby";

const REGISTER_COMPONENT_EVENT = "register_component";

/**
 * The lobby's rooms over the socket (spec 2 §7): fetched on every connection, registered for the
 * pushes, fetched again when the server says the rooms changed; balances follow their own push.
 */
export function useLobby(initial: LobbyData) {
  const [lobby, setLobby] = useState<LobbyData>(initial);
  // A reload of the page's data (a navigation back to it) starts from the server's answer again.
  useEffect(() => setLobby(initial), [initial]);
  const [connected, setConnected] = useState(false);
  const socket = useRef<SiteSocket | null>(null);
  // A refusal's words in the page's language, read when the answer comes.
  const { t } = useTranslation();
  const localize = useLocalize();
  const words = useRef({ t, localize });
  words.current = { t, localize };
  const fetchRooms = useCallback((s: SiteSocket) => {
    emitWithAck(s, EV.fetchRooms, { success: true })
      .then((ack) => {
        const data = readLobby(ack);
        if (data) setLobby(data);
        else {
          const { t, localize } = words.current;
          showToast({ type: "error", title: errorOf(ack, localize, t("earn.games.failed")) });
        }
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
      [EV.balanceUpdated]: ({ msg }) =>
        setLobby((l) => ({
          ...l,
          available_balance: msg.available_balance,
          deposit_amount: msg.deposit_amount,
        })),
    },
  });
  return { lobby, connected, socket };
}
