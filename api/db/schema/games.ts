import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { users } from "./accounts";

/** Betting games: tic-tac-toe room types, rooms and players. */

/**
 * A kind of paid room the operator offers: entry fee and prize per game, two players. The entry
 * fee is unique: members join a type by its fee (spec 2 §7 `join_req_for_ticTacToe`). The prize
 * never exceeds the fees of a full room, so the game escrow cannot pay out more than it took.
 */
export const gameRoomTypes = pgTable(
  "game_room_types",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The Hindi version (issue 45): null or empty means the English is shown. */
    nameHi: text("name_hi"),
    entryFee: money("entry_fee").notNull(),
    prize: money("prize").notNull(),
    maxPlayers: integer("max_players").notNull().default(2),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("game_room_types_entry_fee_key").on(t.entryFee),
    check("game_room_types_fee_positive", sql`${t.entryFee} > 0`),
    check(
      "game_room_types_prize_within_fees",
      sql`${t.prize} > 0 AND ${t.prize} <= ${t.entryFee} * ${t.maxPlayers}`,
    ),
    check("game_room_types_two_players", sql`${t.maxPlayers} = 2`),
  ],
);

/**
 * One game. The room row is the game's single authority on any node: its board, turn, winner and
 * every deadline live here, and each change happens under the row's lock (FOR UPDATE) and bumps
 * `version`. `type_id` is a room type's id or 'practice'; the fee and prize are copied at creation,
 * so an operator's later edit never changes a game in progress.
 */
export const gameRooms = pgTable(
  "game_rooms",
  {
    id: text("id").primaryKey(),
    typeId: text("type_id").notNull(),
    name: text("name").notNull(),
    /** The type's Hindi name, copied with the name at creation (issue 45); null: none. */
    nameHi: text("name_hi"),
    entryFee: money("entry_fee").notNull().default(0),
    prize: money("prize").notNull().default(0),
    maxPlayers: integer("max_players").notNull().default(2),
    status: text("status", { enum: ["waiting", "playing", "finished", "cancelled"] })
      .notNull()
      .default("waiting"),
    board: jsonb("board").$type<string[][]>().notNull(),
    currentTurn: text("current_turn", { enum: ["X", "O"] }),
    /** 'X', 'O' or 'draw' once finished. */
    winner: text("winner", { enum: ["X", "O", "draw"] }),
    /** Why it ended: line, draw, turn_timeout, disconnect, cancelled, wait_expired, paid_rooms_off. */
    endReason: text("end_reason"),
    version: integer("version").notNull().default(0),
    turnDeadline: timestamp("turn_deadline", { withTimezone: true, mode: "date" }),
    /**
     * While the player to move is disconnected their turn clock stands still: what was left of it
     * (ms), restored (not reset) when they return.
     */
    pausedTurnMs: integer("paused_turn_ms"),
    waitDeadline: timestamp("wait_deadline", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** When its money moved (prize and revenue, or refunds); a room is settled once. */
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("game_rooms_fees_nonnegative", sql`${t.entryFee} >= 0 AND ${t.prize} >= 0`),
    index("game_rooms_type_status_idx").on(t.typeId, t.status, t.createdAt),
    index("game_rooms_status_idx").on(t.status, t.createdAt),
    index("game_rooms_wait_deadline_idx").on(t.waitDeadline),
    index("game_rooms_turn_deadline_idx").on(t.turnDeadline),
  ],
);

/**
 * A member's seat in a room. `active` while the room is waiting or playing: the partial unique
 * index lets a member hold one live seat per room type, so joining twice (two tabs at once)
 * cannot take two seats or two fees. `reconnect_deadline` is set while the member is disconnected
 * from a game in play; passing it loses the game.
 */
export const gamePlayers = pgTable(
  "game_players",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => gameRooms.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    typeId: text("type_id").notNull(),
    symbol: text("symbol", { enum: ["X", "O"] }).notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    connected: boolean("connected").notNull().default(true),
    reconnectDeadline: timestamp("reconnect_deadline", { withTimezone: true, mode: "date" }),
    /**
     * What is left of the player's disconnect budget for this game (ms; 120 s in all): each
     * disconnect spends from it, so dropping and returning cannot stall a game forever.
     */
    disconnectBudgetMs: integer("disconnect_budget_ms").notNull().default(120000),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    uniqueIndex("game_players_room_symbol_key").on(t.roomId, t.symbol),
    uniqueIndex("game_players_one_live_seat")
      .on(t.userId, t.typeId)
      .where(sql`${t.active}`),
    index("game_players_user_idx").on(t.userId, t.joinedAt),
    index("game_players_reconnect_idx").on(t.reconnectDeadline),
  ],
);
