import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  pageQuery,
  parseWith,
  readBodyAt,
  requireMember,
  requireRole,
} from "../http";
import { gameDeps } from "../deps";
import { memberBalances } from "../ledger/ledger";
import { cancel, join } from "./join";
import { enterRoom } from "./presence";
import { move } from "./moves";
import { setPaidRooms } from "./paidRooms";
import { bettingHome, lobby } from "./lobby";
import { contentLocale } from "../content/localized";
import { GAME_ADMIN_MESSAGES, createRoomType, listGames, listRoomTypes, updateRoomType } from "./moderation";
import { gamesPaidRooms } from "../site/settings";
import { milliToRupeeString } from "../../shared/money";
import { hindiTextField, rupeeAmountField, wholeNumberIn } from "../lib/fields";
import {
  CancelRequest,
  EnterRequest,
  JoinRequest,
  MoveRequest,
  enteredAnswer,
  joinAnswer,
  requireRoomType,
} from "./requests";

/**
 * Betting games over HTTP (docs/api/games.md): the member's hub figures; tic-tac-toe for pages
 * without scripts, thin over the same room module as the socket events (the same requests and
 * answers, and the same pushes, so a scripted opponent sees each change at once); and the
 * operators' room types, paid-rooms switch and games.
 */

/** The member endpoints under /userIncomeRoute. */
export function bettingGamesRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  r.get("/user_betting_games_home_get", requireMember, async (c) =>
    okRead(
      c,
      "/userIncomeRoute/user_betting_games_home_get",
      await bettingHome(c.var.deps.db, c.var.member.id, c.var.deps.clock()),
    ),
  );

  // Each request may take a room's lock: the same per-member budget as the socket's requests.
  const limited: MiddlewareHandler<ApiEnv> = async (c, next) => {
    await c.var.deps.limiter.consume("socketRequests", c.var.member.id);
    await next();
  };

  r.get("/user_ticTacToe_rooms_get", requireMember, async (c) =>
    okRead(
      c,
      "/userIncomeRoute/user_ticTacToe_rooms_get",
      await lobby(gameDeps(c.var.deps), c.var.member.id, contentLocale(c)),
    ),
  );

  r.post("/user_ticTacToe_join_post", requireMember, limited, async (c) => {
    const request = await readBodyAt(c, "/userIncomeRoute/user_ticTacToe_join_post", JoinRequest);
    return okWrite(
      c,
      "/userIncomeRoute/user_ticTacToe_join_post",
      joinAnswer(await join(gameDeps(c.var.deps), c.var.member.id, request)),
    );
  });

  r.get("/user_ticTacToe_room_get", requireMember, limited, async (c) => {
    const { decodedRoomId, decodedRoomType } = parseWith(EnterRequest, {
      decodedRoomId: c.req.query("decodedRoomId"),
      decodedRoomType: c.req.query("decodedRoomType"),
    });
    const { deps, member } = c.var;
    // A read of the room: presence is the socket's business (and a move's), not a page load's.
    const entered = await enterRoom(gameDeps(deps), decodedRoomId, member.id, { reconnect: false });
    requireRoomType(entered.room, decodedRoomType);
    const { withdrawable } = await memberBalances(deps.db, member.id);
    return okRead(
      c,
      "/userIncomeRoute/user_ticTacToe_room_get",
      enteredAnswer(member.id, entered, milliToRupeeString(withdrawable)),
    );
  });

  r.post("/user_ticTacToe_move_post", requireMember, limited, async (c) => {
    const { decodedRoomId, row, col, version } = await readBodyAt(
      c,
      "/userIncomeRoute/user_ticTacToe_move_post",
      MoveRequest,
    );
    const room = await move(gameDeps(c.var.deps), {
      roomId: decodedRoomId,
      userId: c.var.member.id,
      row,
      col,
      expectedVersion: version,
    });
    return okWrite(c, "/userIncomeRoute/user_ticTacToe_move_post", { room });
  });

  r.post("/user_ticTacToe_cancel_post", requireMember, limited, async (c) => {
    const { decodedRoomId } = await readBodyAt(
      c,
      "/userIncomeRoute/user_ticTacToe_cancel_post",
      CancelRequest,
    );
    return okWrite(
      c,
      "/userIncomeRoute/user_ticTacToe_cancel_post",
      await cancel(gameDeps(c.var.deps), decodedRoomId, c.var.member.id),
    );
  });

  return r;
}

const name = z
  .string({ invalid_type_error: "name must be text." })
  .trim()
  .min(1, "name is required.")
  .max(60, "name must be at most 60 characters.");
const enabled = z.boolean({ invalid_type_error: "enabled must be true or false." });

const typeFields = {
  name,
  name_hi: hindiTextField("name_hi", 60),
  entry_fee: rupeeAmountField("entry_fee"),
  prize: rupeeAmountField("prize"),
  enabled,
  sort_order: wholeNumberIn("sort_order", 0, 1_000_000),
};

const NewTypeSchema = z
  .object({
    ...typeFields,
    name_hi: typeFields.name_hi.optional(),
    enabled: enabled.optional(),
    sort_order: typeFields.sort_order.optional(),
  })
  .strict();

const EditTypeSchema = z
  .object({
    name: name.optional(),
    name_hi: typeFields.name_hi.optional(),
    entry_fee: typeFields.entry_fee.optional(),
    prize: typeFields.prize.optional(),
    enabled: enabled.optional(),
    sort_order: typeFields.sort_order.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Send at least one field to change.");

const SwitchSchema = z
  .object({
    on: z.boolean({ invalid_type_error: "on must be true or false.", required_error: "on is required." }),
  })
  .strict();

const ID = /^[0-9a-f]{24}$/;

/** The operators' game endpoints under /adminRoute. */
export function adminGamesRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const guard = [requireMember, requireRole("moderation")] as const;

  r.get("/gameRoomTypes", ...guard, async (c) =>
    okRead(c, "/adminRoute/gameRoomTypes", { records: await listRoomTypes(c.var.deps.db) }),
  );

  r.post("/gameRoomTypes", ...guard, async (c) => {
    const b = await readBodyAt(c, "/adminRoute/gameRoomTypes", NewTypeSchema);
    const saved = await createRoomType(c.var.deps.db, c.var.member.id, {
      name: b.name,
      nameHi: b.name_hi ?? null,
      entryFee: b.entry_fee,
      prize: b.prize,
      enabled: b.enabled ?? true,
      sortOrder: b.sort_order ?? 0,
    });
    c.var.deps.gameNotifier.lobby();
    return okWrite(c, "/adminRoute/gameRoomTypes", { message: GAME_ADMIN_MESSAGES.saved, roomType: saved });
  });

  r.patch("/gameRoomTypes/:id", ...guard, async (c) => {
    const id = c.req.param("id");
    if (!ID.test(id)) throw new ApiError(404, GAME_ADMIN_MESSAGES.typeNotFound);
    const b = await readBodyAt(c, "/adminRoute/gameRoomTypes/:id", EditTypeSchema);
    const saved = await updateRoomType(c.var.deps.db, c.var.member.id, id, {
      name: b.name,
      nameHi: b.name_hi,
      entryFee: b.entry_fee,
      prize: b.prize,
      enabled: b.enabled,
      sortOrder: b.sort_order,
    });
    c.var.deps.gameNotifier.lobby();
    return okWrite(c, "/adminRoute/gameRoomTypes/:id", {
      message: GAME_ADMIN_MESSAGES.saved,
      roomType: saved,
    });
  });

  r.get("/gamePaidRooms", ...guard, async (c) =>
    okRead(c, "/adminRoute/gamePaidRooms", {
      on: await gamesPaidRooms(c.var.deps.db, c.var.deps.config.NODE_ENV),
    }),
  );

  r.patch("/gamePaidRooms", ...guard, async (c) => {
    const { on } = await readBodyAt(c, "/adminRoute/gamePaidRooms", SwitchSchema);
    const refunded = await setPaidRooms(gameDeps(c.var.deps), c.var.member.id, on);
    return okWrite(c, "/adminRoute/gamePaidRooms", {
      message: GAME_ADMIN_MESSAGES.switched(on),
      on,
      refunded_players: refunded,
    });
  });

  r.get("/games", ...guard, async (c) => {
    const limit = Number(c.req.query("limit") ?? 50);
    return okRead(
      c,
      "/adminRoute/games",
      await listGames(gameDeps(c.var.deps), {
        limit: Number.isSafeInteger(limit) ? limit : 50,
        page: pageQuery(c),
      }),
    );
  });

  return r;
}
