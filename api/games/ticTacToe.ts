/**
 * What api/deps.ts wires into every request: the room module's dependencies and the transport's
 * notifier. The rooms themselves are split by concern: rooms.ts (storage under the row lock),
 * join.ts, presence.ts, moves.ts, sweeper.ts, paidRooms.ts and lobby.ts.
 */
export { NO_GAME_NOTIFIER, type GameDeps, type GameNotifier } from "./rooms";
