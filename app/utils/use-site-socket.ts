import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { showToast } from "./client-toast";
import { openSiteSocket, type PushListeners, type Reconnection, type SiteSocket } from "./socket.client";
import type { PushEvent, PushOf } from "../../shared/contracts/realtime";

/**
 * A page's socket while it is shown (scripts only: the module is left out of the server build).
 * `onConnect` runs on every (re)connection, `events` receive the server's pushes; both may change
 * between renders without reconnecting. Session failures go to /login as spec 2 §8 says; a
 * network failure shows its message once and the socket keeps trying, as `reconnection` says
 * (the lobby's by default, read when the page opens); `reconnectFailed` once it gave up.
 */
export function useSiteSocket(opts: {
  onConnect: (socket: SiteSocket) => void;
  onDisconnect?: () => void;
  events?: PushListeners;
  reconnection?: Reconnection;
}): { reconnectFailed: boolean } {
  const latest = useRef(opts);
  latest.current = opts;
  const [reconnectFailed, setReconnectFailed] = useState(false);
  const navigate = useNavigate();
  // The failure's words in the page's language, read when the failure comes.
  const { t } = useTranslation();
  const tNow = useRef(t);
  tNow.current = t;
  const eventNames = Object.keys(opts.events ?? {}).join(",");
  useEffect(() => {
    // Each push goes to the listener of the latest render.
    const events: PushListeners = {};
    const forward = <E extends PushEvent>(event: E) => {
      events[event] = (push: PushOf<E>) => latest.current.events?.[event]?.(push);
    };
    for (const name of eventNames.split(",").filter(Boolean) as PushEvent[]) forward(name);
    return openSiteSocket({
      onConnect: (socket) => latest.current.onConnect(socket),
      onDisconnect: () => latest.current.onDisconnect?.(),
      onFailure: (failure) => {
        const t = tNow.current;
        if (failure === "network") return showToast({ type: "error", title: t("earn.games.socket.failed") });
        if (failure === "session-expired")
          showToast({ type: "error", title: t("earn.games.socket.sessionExpired") });
        navigate("/login");
      },
      onGiveUp: () => setReconnectFailed(true),
      events,
      reconnection: latest.current.reconnection,
    });
  }, [eventNames, navigate]);
  return { reconnectFailed };
}
