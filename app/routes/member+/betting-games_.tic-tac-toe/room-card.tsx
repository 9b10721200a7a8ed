import { Form, Link } from "@remix-run/react";
import { DIALOG_ACTIONS, DialogShell } from "~/components/confirm-dialog";
import { Spinner } from "~/components/forms";
import { useHydrated } from "~/utils/client-toast";
import { LOBBY_PATH, roomPath } from "~/utils/tic-tac-toe";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { LobbyRoom } from "../../../../shared/ticTacToeEvents";
import { isPractice } from "./lobby";

export function RoomCard({ room, onJoin }: { room: LobbyRoom; onJoin: (room: LobbyRoom) => void }) {
  const practice = isPractice(room);
  const resume = room.isAlreadyJoined && room.userRoom_id;
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li className="card flex flex-col gap-3" data-testid="lobby-room" aria-label={room.roomName}>
      <h2 className="font-semibold">{room.roomName}</h2>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("earn.games.lobby.entryFee")}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {practice ? t("earn.games.lobby.free") : f.rupees(room.entryFees)}
        </dd>
        <dt className="text-slate-600">{t("earn.games.lobby.prize")}</dt>
        <dd className="text-right font-semibold tabular-nums">{practice ? "—" : f.rupees(room.prize)}</dd>
        <dt className="text-slate-600">{t("earn.games.lobby.waiting")}</dt>
        <dd className="text-right tabular-nums" data-testid="room-waiting">
          {room.waiting_player}/{room.maxPlayers}
        </dd>
        <dt className="text-slate-600">{t("earn.games.lobby.livePlayers")}</dt>
        <dd className="text-right tabular-nums" data-testid="room-live">
          {room.live_players}
        </dd>
      </dl>
      {resume ? (
        <Link
          to={roomPath(room.userRoom_id!, room.type)}
          className="btn-primary w-full"
          aria-label={t("earn.games.lobby.resumeRoom", { room: room.roomName })}
        >
          {t("earn.games.lobby.resume")}
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
          <button
            type="submit"
            className="btn-primary w-full"
            aria-label={t("earn.games.lobby.joinRoom", { room: room.roomName })}
          >
            {t("earn.games.lobby.join")}
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
export function CloseDialog({ label, onClose }: { label: string; onClose: () => void }) {
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
export function ConfirmJoin({
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
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <DialogShell title={t("earn.games.lobby.confirmTitle", { room: room.roomName })} onClose={onCancel}>
      <p className="mt-2 text-sm text-slate-700">
        {isPractice(room)
          ? t("earn.games.lobby.practiceTerms")
          : t("earn.games.lobby.paidTerms", { fee: f.rupees(room.entryFees), prize: f.rupees(room.prize) })}
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
        <CloseDialog label={t("earn.games.lobby.cancel")} onClose={onCancel} />
        <button type="submit" className="btn-primary" autoFocus disabled={joining} aria-busy={joining}>
          {joining ? <Spinner /> : null}
          {t("earn.games.lobby.confirm")}
        </button>
      </Form>
    </DialogShell>
  );
}
