import { describe, expect, it } from "vitest";
import { RoomStates } from "../../api/games/roomStates";
import type { Locked } from "../../api/games/rooms";

/** A room's state at a version (only the columns the keeping looks at matter here). */
const at = (id: string, version: number, status: Locked["room"]["status"] = "playing") =>
  ({ room: { id, version, status }, players: [] }) as unknown as Locked;

describe("a node's state of its rooms", () => {
  it("keeps the newest version seen: a read answered after a later write does not replace it", () => {
    const states = new RoomStates();
    states.seen(at("r1", 3));
    states.seen(at("r1", 2));
    expect(states.get("r1")?.room.version).toBe(3);
    states.seen(at("r1", 4));
    expect(states.get("r1")?.room.version).toBe(4);
  });

  it("forgets a room when it closes", () => {
    const states = new RoomStates();
    states.seen(at("r1", 3));
    states.seen(at("r1", 4, "finished"));
    expect(states.get("r1")).toBeUndefined();
    states.seen(at("r2", 1, "waiting"));
    states.seen(at("r2", 2, "cancelled"));
    expect(states.get("r2")).toBeUndefined();
    expect(states.size).toBe(0);
  });

  it("keeps nothing of a room changed on another node, until it closes", () => {
    const states = new RoomStates();
    states.seen(at("r1", 3));
    states.changedElsewhere("r1");
    expect(states.get("r1")).toBeUndefined();
    states.seen(at("r1", 5));
    expect(states.get("r1")).toBeUndefined();
    states.seen(at("r1", 6, "finished"));
    states.seen(at("r1", 7));
    expect(states.get("r1")?.room.version).toBe(7);
  });

  it("holds at most its capacity, the least recently seen going first", () => {
    const states = new RoomStates(2);
    states.seen(at("r1", 1));
    states.seen(at("r2", 1));
    states.seen(at("r1", 2));
    states.seen(at("r3", 1));
    expect(states.size).toBe(2);
    expect(states.get("r2")).toBeUndefined();
    expect(states.get("r1")?.room.version).toBe(2);
    expect(states.get("r3")?.room.version).toBe(1);
  });
});
