import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  ApiError,
  ok,
  pageQuery,
  parseWith,
  readBody,
  requireMember,
  requireRole,
  type ApiEnv,
} from "../http";
import { gameDeps } from "../deps";
import { memberBalances } from "../ledger/ledger";
import { cancel, join } from "./join";
import { enterRoom } from "./presence";
import { move } from "./moves";
import { setPaidRooms } from "./paidRooms";
import { bettingHome, lobby } from "./lobby";
import { GAME_ADMIN_MESSAGES, createRoomType, listGames, listRoomTypes, updateRoomType } from "./moderation";
import { gamesPaidRooms } from "../site/settings";
import { milliToRupeeString } from "../../shared/money";
import type {
  BettingHome,
  GameRoomTypeList,
  GameRoomTypeSaved,
  OperatorGames,
  PaidRoomsState,
  PaidRoomsSwitched,
  TicTacToeEntered,
  TicTacToeJoined,
  TicTacToeLobby,
  TicTacToeMoved,
} from "../../shared/contracts/games";
import { rupeeAmountField, wholeNumberIn } from "../lib/fields";
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
    ok(c, (await bettingHome(c.var.deps.db, c.var.member.id, c.var.deps.clock())) satisfies BettingHome),
  );

  // Each request may take a room's lock: the same per-member budget as the socket's requests.
  const limited: MiddlewareHandler<ApiEnv> = async (c, next) => {
    await c.var.deps.limiter.consume("socketRequests", c.var.member.id);
    await next();
  };

  r.get("/user_ticTacToe_rooms_get", requireMember, async (c) =>
    ok(c, (await lobby(gameDeps(c.var.deps), c.var.member.id)) satisfies TicTacToeLobby),
  );

  r.post("/user_ticTacToe_join_post", requireMember, limited, async (c) => {
    const request = await readBody(c, JoinRequest);
    return ok(
      c,
      joinAnswer(await join(gameDeps(c.var.deps), c.var.member.id, request)) satisfies TicTacToeJoined,
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
    return ok(
      c,
      enteredAnswer(member.id, entered, milliToRupeeString(withdrawable)) satisfies TicTacToeEntered,
    );
  });

  r.post("/user_ticTacToe_move_post", requireMember, limited, async (c) => {
    const { decodedRoomId, row, col, version } = await readBody(c, MoveRequest);
    const room = await move(gameDeps(c.var.deps), {
      roomId: decodedRoomId,
      userId: c.var.member.id,
      row,
      col,
      expectedVersion: version,
    });
    return ok(c, { room } satisfies TicTacToeMoved);
  });

  r.post("/user_ticTacToe_cancel_post", requireMember, limited, async (c) => {
    const { decodedRoomId } = await readBody(c, CancelRequest);
    return ok(c, await cancel(gameDeps(c.var.deps), decodedRoomId, c.var.member.id));
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
  entry_fee: rupeeAmountField("entry_fee"),
  prize: rupeeAmountField("prize"),
  enabled,
  sort_order: wholeNumberIn("sort_order", 0, 1_000_000),
};

const NewTypeSchema = z
  .object({ ...typeFields, enabled: enabled.optional(), sort_order: typeFields.sort_order.optional() })
  .strict();

const EditTypeSchema = z
  .object({
    name: name.optional(),
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
    ok(c, { records: await listRoomTypes(c.var.deps.db) } satisfies GameRoomTypeList),
  );

  r.post("/gameRoomTypes", ...guard, async (c) => {
    const b = await readBody(c, NewTypeSchema);
    const saved = await createRoomType(c.var.deps.db, c.var.member.id, {
      name: b.name,
      entryFee: b.entry_fee,
      prize: b.prize,
      enabled: b.enabled ?? true,
      sortOrder: b.sort_order ?? 0,
    });
    c.var.deps.gameNotifier.lobby();
    return ok(c, { message: GAME_ADMIN_MESSAGES.saved, roomType: saved } satisfies GameRoomTypeSaved);
  });

  r.patch("/gameRoomTypes/:id", ...guard, async (c) => {
    const id = c.req.param("id");
    if (!ID.test(id)) throw new ApiError(404, GAME_ADMIN_MESSAGES.typeNotFound);
    const b = await readBody(c, EditTypeSchema);
    const saved = await updateRoomType(c.var.deps.db, c.var.member.id, id, {
      name: b.name,
      entryFee: b.entry_fee,
      prize: b.prize,
      enabled: b.enabled,
      sortOrder: b.sort_order,
    });
    c.var.deps.gameNotifier.lobby();
    return ok(c, { message: GAME_ADMIN_MESSAGES.saved, roomType: saved } satisfies GameRoomTypeSaved);
  });

  r.get("/gamePaidRooms", ...guard, async (c) =>
    ok(c, { on: await gamesPaidRooms(c.var.deps.db, c.var.deps.config.NODE_ENV) } satisfies PaidRoomsState),
  );

  r.patch("/gamePaidRooms", ...guard, async (c) => {
    const { on } = await readBody(c, SwitchSchema);
    const refunded = await setPaidRooms(gameDeps(c.var.deps), c.var.member.id, on);
    return ok(c, {
      message: GAME_ADMIN_MESSAGES.switched(on),
      on,
      refunded_players: refunded,
    } satisfies PaidRoomsSwitched);
  });

  r.get("/games", ...guard, async (c) => {
    const limit = Number(c.req.query("limit") ?? 50);
    return ok(
      c,
      (await listGames(gameDeps(c.var.deps), {
        limit: Number.isSafeInteger(limit) ? limit : 50,
        page: pageQuery(c),
      })) satisfies OperatorGames,
    );
  });

  return r;
}
