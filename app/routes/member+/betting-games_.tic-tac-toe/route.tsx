import { pageTitle } from "~/utils/meta";
import { useEffect, useState } from "react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { requestT } from "~/i18n/i18n.server";
import { useLocalize } from "~/i18n/i18n";
import { BalanceCard } from "~/components/balance-card";
import { DIALOG_ACTIONS, DialogShell } from "~/components/confirm-dialog";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { showToast } from "~/utils/client-toast";
import { emitWithAck } from "~/utils/socket.client";
import { HUB_PATH, LOBBY_PATH, readLobby, roomPath, type LobbyData } from "~/utils/tic-tac-toe";
import { TIC_TAC_TOE_EVENTS as EV, type LobbyRoom } from "../../../../shared/ticTacToeEvents";
import { invariantResponse } from "~/utils/invariant";
import { canAfford, errorOf, type Dialog } from "./lobby";
import { useLobby } from "./use-lobby";
import { CloseDialog, ConfirmJoin, RoomCard } from "./room-card";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "games.ticTacToe") }];

/** Spec 2 §8: a join asked while the socket is down is tried again this much later. */
const RETRY_JOIN_MS = 3000;

const ROOMS_API = "/userIncomeRoute/user_ticTacToe_rooms_get";
const JOIN_API = "/userIncomeRoute/user_ticTacToe_join_post";

/** The rooms, rendered on the server: the page is complete before (and without) scripts. */
async function loadLobby(request: Request, context: LoaderFunctionArgs["context"]): Promise<LobbyData> {
  const lobby = readLobby({ success: true, msg: await memberRead(request, context, ROOMS_API) });
  invariantResponse(lobby, requestT(request)("earn.games.failed"), 502);
  return lobby;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lobby, restrictions] = await Promise.all([
    loadLobby(request, context),
    memberRestrictions(request, context),
  ]);
  return { ...lobby, restrictions };
}

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
  const t = requestT(request);
  const failed = t("earn.games.failed");
  const form = JoinForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return redirectWithToast(context, LOBBY_PATH, { type: "error", title: failed }, { status: 303 });
  const { intent, type } = form.data;
  const lowBalance = () => data({ dialog: { kind: "lowBalance" } as Dialog }, { status: 400 });

  if (intent === "check") {
    const lobby = await loadLobby(request, context);
    const room = lobby.rooms.find((r) => String(r.type) === type);
    if (!room)
      return redirectWithToast(
        context,
        LOBBY_PATH,
        { type: "error", title: t("earn.games.lobby.unknownRoomType") },
        { status: 303 },
      );
    if (!canAfford(lobby, room)) return lowBalance();
    return { dialog: { kind: "confirm", room } as Dialog };
  }

  const res = await memberApi(request, context, JOIN_API, {
    method: "POST",
    json: { type },
  });
  const joined = res.body.msg;
  if (res.ok && typeof joined?.userRoom_id === "string")
    return redirect(roomPath(joined.userRoom_id, String(joined.type ?? type)), 303);
  if (res.body.error_code === "insufficient_balance") return lowBalance();
  // Spec 2 §8: the server's message, or the lobby's own when there is none.
  const title = res.status < 500 ? errorText(res.body, failed) : failed;
  return redirectWithToast(context, LOBBY_PATH, { type: "error", title }, { status: 303 });
}

export default function TicTacToeLobby() {
  const initial = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const localize = useLocalize();
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
        showToast({ type: "error", title: t("earn.games.failed") });
        return;
      }
      s?.connect();
      window.setTimeout(() => join(room, true), RETRY_JOIN_MS);
      return;
    }
    emitWithAck(s, EV.join, { type: room.type })
      .then((ack) => {
        if (ack.success) {
          setShown(null);
          navigate(roomPath(ack.msg.userRoom_id, String(ack.msg.type)));
          return;
        }
        setJoining(false);
        if (ack.error_code === "insufficient_balance") setShown({ kind: "lowBalance" });
        else {
          setShown(null);
          showToast({ type: "error", title: errorOf(ack, localize, t("earn.games.failed")) });
        }
      })
      .catch(() => {
        setJoining(false);
        showToast({ type: "error", title: t("earn.games.unexpected") });
      });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5" data-testid="ttt-lobby" data-live={connected ? "on" : "off"}>
      <div>
        <Link to={HUB_PATH} className="text-sm font-semibold text-brand-600 underline">
          {t("earn.games.lobby.back")}
        </Link>
        <h1 className="text-2xl font-bold">{t("earn.games.lobby.heading")}</h1>
      </div>
      <RestrictionNotice restrictions={initial.restrictions} kind="earning" />
      <div className="grid grid-cols-2 gap-2">
        <BalanceCard label={t("earn.games.depositBalance")} amount={lobby.deposit_amount} tone="amber" />
        <BalanceCard label={t("earn.games.availableBalance")} amount={lobby.available_balance} tone="green" />
      </div>
      {!lobby.paid_rooms ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t("earn.games.lobby.paidRoomsOff")}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("earn.games.lobby.rooms")}>
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
        <DialogShell title={t("earn.games.lobby.lowBalanceTitle")} onClose={() => setShown(null)}>
          <p className="mt-2 text-sm text-slate-700">{t("earn.games.lobby.lowBalanceText")}</p>
          <div className={DIALOG_ACTIONS}>
            <CloseDialog label={t("earn.games.lobby.close")} onClose={() => setShown(null)} />
            <Link to="/member/balance-converter" className="btn-primary">
              {t("earn.games.lobby.convertBalance")}
            </Link>
          </div>
        </DialogShell>
      ) : null}
    </div>
  );
}
