import type { gamePlayers, gameRooms } from "../db/schema";

type RoomState = { room: typeof gameRooms.$inferSelect; players: (typeof gamePlayers.$inferSelect)[] };

/**
 * This node's last known state of the rooms in play here: what it last read of a room, or wrote
 * to it, as committed. A move is computed on it and stored over its version (stepOverVersion), so
 * the usual move — the previous one was stored by this node — is one statement, with no read
 * before it. Nothing is ever decided on this state alone: a change lands only if the room is still
 * at that version (every change to a room or a seat moves it on), and a refusal computed on it is
 * computed again on the room as read. A room another node changed (its players are connected to
 * two nodes) is read for every move from then on: its state here would mostly be out of date.
 *
 * At most `capacity` rooms are kept, the least recently used going first; a room is forgotten when
 * it closes.
 */
export class RoomStates {
  private readonly states = new Map<string, RoomState>();
  private readonly elsewhere = new Set<string>();

  constructor(private readonly capacity = 20_000) {}

  /** The room's state as last seen here; undefined when unknown, or changed by other nodes. */
  get(roomId: string): RoomState | undefined {
    return this.states.get(roomId);
  }

  /** The room as committed (read, or written by a change that committed). */
  seen(state: RoomState) {
    const id = state.room.id;
    const kept = this.states.get(id);
    // Answers can arrive out of order: a read from before a change stored here is not kept over it.
    if (kept && kept.room.version > state.room.version) return;
    this.states.delete(id);
    if (state.room.status === "finished" || state.room.status === "cancelled") {
      this.elsewhere.delete(id);
      return;
    }
    if (this.elsewhere.has(id)) return;
    this.states.set(id, state);
    evict(this.states, this.capacity);
  }

  /** The room was not at the version kept here: another node changed it. */
  changedElsewhere(roomId: string) {
    this.states.delete(roomId);
    this.elsewhere.delete(roomId);
    this.elsewhere.add(roomId);
    evict(this.elsewhere, this.capacity);
  }

  get size() {
    return this.states.size;
  }
}

/** Drops the least recently set entries beyond `capacity` (a Map or a Set iterates in insertion order). */
function evict(entries: Map<string, unknown> | Set<string>, capacity: number) {
  for (const key of entries.keys()) {
    if (entries.size <= capacity) return;
    entries.delete(key);
  }
}
