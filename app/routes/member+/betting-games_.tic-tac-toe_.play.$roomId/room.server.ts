import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { errorText } from "~/utils/api.server";
import { invariantResponse } from "~/utils/invariant";
import { fromBase64 } from "~/utils/tic-tac-toe";
import { requestT } from "~/i18n/i18n.server";

export const ROOM_API = "/userIncomeRoute/user_ticTacToe_room_get";
export const MOVE_API = "/userIncomeRoute/user_ticTacToe_move_post";
export const CANCEL_API = "/userIncomeRoute/user_ticTacToe_cancel_post";

/** The room's id and type, both base64 in the address (spec 2 §2). */
export function roomOfAddress(params: LoaderFunctionArgs["params"], request: Request) {
  const roomId = fromBase64(params.roomId ?? "");
  const type = fromBase64(new URL(request.url).searchParams.get("type") ?? "");
  invariantResponse(roomId && type !== null, requestT(request)("earn.games.room.notFound"), 404);
  return { roomId, type };
}

export const RoomForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    /** "row-column", 1-based as the cells' labels; read as the 0-based row and column. */
    cell: z
      .string()
      .regex(/^[1-3]-[1-3]$/)
      .transform((v) => ({ row: Number(v[0]) - 1, col: Number(v[2]) - 1 })),
    version: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .optional(),
  }),
  z.object({ intent: z.literal("cancel") }),
]);

/** A refusal shown on the room: the API's words (below 500), else the generic failure (`failure`). */
export function refused(res: { status: number; body: Parameters<typeof errorText>[0] }, failure: string) {
  return data(
    { error: res.status < 500 ? errorText(res.body) : failure },
    { status: res.status >= 400 ? res.status : 502 },
  );
}
