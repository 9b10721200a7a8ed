import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@remix-run/react";
import type { Socket } from "socket.io-client";
import { showToast } from "./client-toast";
import { openSiteSocket, SOCKET_FAILED, type Reconnection } from "./socket.client";

const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/**
 * A page's socket while it is shown (scripts only: the module is left out of the server build).
 * `onConnect` runs on every (re)connection, `events` receive the server's pushes; both may change
 * between renders without reconnecting. Session failures go to /login as spec 2 §8 says; a
 * network failure shows its message once and the socket keeps trying, as `reconnection` says
 * (the lobby's by default, read when the page opens); `reconnectFailed` once it gave up.
 */
export function useSiteSocket(opts: {
  onConnect: (socket: Socket) => void;
  onDisconnect?: () => void;
  events?: Record<string, (payload: unknown) => void>;
  reconnection?: Reconnection;
}): { reconnectFailed: boolean } {
  const latest = useRef(opts);
  latest.current = opts;
  const [reconnectFailed, setReconnectFailed] = useState(false);
  const navigate = useNavigate();
  const eventNames = Object.keys(opts.events ?? {}).join(",");
  useEffect(() => {
    const events = Object.fromEntries(
      eventNames
        .split(",")
        .filter(Boolean)
        .map((name) => [name, (payload: unknown) => latest.current.events?.[name]?.(payload)]),
    );
    return openSiteSocket({
      onConnect: (socket) => latest.current.onConnect(socket),
      onDisconnect: () => latest.current.onDisconnect?.(),
      onFailure: (failure) => {
        if (failure === "network") return showToast({ type: "error", title: SOCKET_FAILED });
        if (failure === "session-expired") showToast({ type: "error", title: SESSION_EXPIRED });
        navigate("/login");
      },
      onGiveUp: () => setReconnectFailed(true),
      events,
      reconnection: latest.current.reconnection,
    });
  }, [eventNames, navigate]);
  return { reconnectFailed };
}
