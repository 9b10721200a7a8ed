import { Hono } from "hono";
import { z } from "zod";
import { ApiError, ok, pageQuery, readBody, requireMember, requireOperator, type ApiEnv } from "../http";
import { gameDeps } from "../deps";
import { bettingHome, setPaidRooms } from "../domain/ticTacToe";
import {
  GAME_ADMIN_MESSAGES,
  createRoomType,
  listGames,
  listRoomTypes,
  updateRoomType,
} from "../domain/gameAdmin";
import { gamesPaidRooms } from "../domain/settings";
import { rupeeAmountField, wholeNumberIn } from "./operatorFields";

/**
 * Betting games over HTTP (docs/api/games.md): the member's hub figures, and the operators' room
 * types, paid-rooms switch and games. Play itself goes over the socket (api/realtime/ticTacToe.ts).
 */

/** GET /userIncomeRoute/user_betting_games_home_get (spec 2 §7). */
export function bettingGamesRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  r.get("/user_betting_games_home_get", requireMember, async (c) =>
    ok(c, await bettingHome(c.var.deps.db, c.var.member.id, c.var.deps.clock())),
  );
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
  const guard = [requireMember, requireOperator] as const;

  r.get("/gameRoomTypes", ...guard, async (c) => ok(c, { records: await listRoomTypes(c.var.deps.db) }));

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
    return ok(c, { message: GAME_ADMIN_MESSAGES.saved, roomType: saved });
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
    return ok(c, { message: GAME_ADMIN_MESSAGES.saved, roomType: saved });
  });

  r.get("/gamePaidRooms", ...guard, async (c) =>
    ok(c, { on: await gamesPaidRooms(c.var.deps.db, c.var.deps.config.NODE_ENV) }),
  );

  r.patch("/gamePaidRooms", ...guard, async (c) => {
    const { on } = await readBody(c, SwitchSchema);
    const refunded = await setPaidRooms(gameDeps(c.var.deps), c.var.member.id, on);
    return ok(c, { message: GAME_ADMIN_MESSAGES.switched(on), on, refunded_players: refunded });
  });

  r.get("/games", ...guard, async (c) => {
    const limit = Number(c.req.query("limit") ?? 50);
    return ok(
      c,
      await listGames(gameDeps(c.var.deps), {
        limit: Number.isSafeInteger(limit) ? limit : 50,
        page: pageQuery(c),
      }),
    );
  });

  return r;
}
