import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PlayerSymbol } from "../../../../shared/ticTacToe";
import type { RoomView } from "../../../../shared/ticTacToeEvents";

/** The two players: connected or not, whose turn, and a disconnected player's reconnect countdown. */
export function PlayerPanels({
  room,
  me,
  ended,
  sinceUpdate,
}: {
  room: RoomView;
  me: { userId: string; symbol: PlayerSymbol };
  ended: boolean;
  sinceUpdate: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-2">
      {room.players.map((p) => (
        <div
          key={p._id}
          className={`rounded-xl border p-3 ${room.currentTurn === p.symbol && !ended ? "border-brand-500" : "border-slate-200"}`}
          data-testid="player-panel"
          role="group"
          aria-label={t("earn.games.room.player", { symbol: p.symbol })}
        >
          <p className="flex items-center gap-2 font-semibold">
            <span
              role="img"
              aria-label={p.connected ? t("earn.games.room.connected") : t("earn.games.room.disconnected")}
              className={`inline-block h-2.5 w-2.5 rounded-full ${p.connected ? "bg-green-500" : "bg-red-500"}`}
            />
            <span className="truncate">
              {p._id === me.userId ? t("earn.games.room.you", { name: p.name }) : p.name}
            </span>
          </p>
          <p className="text-sm text-slate-600">{t("earn.games.room.symbol", { symbol: p.symbol })}</p>
          {!p.connected && p.remaining_disconnect !== null ? (
            <p className="text-sm text-red-700">
              {t("earn.games.room.reconnectIn", {
                seconds: Math.max(0, p.remaining_disconnect - sinceUpdate),
              })}
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** One form of nine buttons without scripts; with them, each click plays over the socket. */
export function Board({
  room,
  disabled,
  onPlay,
}: {
  room: RoomView;
  /** Whether a cell that is free still cannot be played (not the member's turn, or offline). */
  disabled: boolean;
  onPlay: (row: number, col: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="grid grid-cols-3 gap-2" aria-label={t("earn.games.room.board")}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="version" value={room.version} />
      {room.gameState.map((cells, r) =>
        cells.map((cell, c) => (
          <button
            key={`${r}-${c}`}
            type="submit"
            name="cell"
            value={`${r + 1}-${c + 1}`}
            aria-label={t("earn.games.room.cell", { row: r + 1, col: c + 1 })}
            className="flex aspect-square items-center justify-center rounded-xl border-2 border-slate-300 bg-white text-4xl font-bold disabled:cursor-not-allowed"
            disabled={disabled || cell !== ""}
            onClick={(e) => {
              e.preventDefault();
              onPlay(r, c);
            }}
          >
            {cell}
          </button>
        )),
      )}
    </Form>
  );
}
