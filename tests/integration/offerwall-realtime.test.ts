import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import { memberSocket } from "../support/sockets";
import { expectLedgerConsistent, newMember, newOperator, type TestMember } from "../support/money";
import { createDeps, type Deps } from "../../api/deps";
import { createTaskWall } from "../../api/taskWalls/config";
import { seedTaskWalls } from "../../api/seed/taskWalls";
import { REGISTER_COMPONENT_EVENT, TASK_WALL_BALANCE_EVENT } from "../../shared/taskWall";

/**
 * The task-wall socket events (spec 2 §7) with real socket.io clients against real servers: the
 * balance acknowledgement, the registration, bad payloads, the push after a postback reaching
 * only the member's registered sockets, and — two nodes sharing Redis — a postback on one node
 * reaching a member connected to the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "realtime-wall-secret";
const md5 = (s: string) => createHash("md5").update(s).digest("hex");

type Push = { success: boolean; msg: Record<string, unknown> };

describe.each(drivers("one"))("task-wall sockets (%s)", (driver) => {
  let t: TestApi;
  let nodeA: ServedApi;
  let depsB: Deps;
  let nodeB: ServedApi;
  let wallId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApi(driver, { REDIS_URL });
    // A second node: its own deps and Redis connections, the same database.
    depsB = await createDeps(t.deps.config, { database: t.database, mailer: t.deps.mailer });
    const adapterKey = `socket.io-test-${randomBytes(6).toString("hex")}`;
    nodeA = await serveApi(t.deps, { realtime: { adapterKey } });
    nodeB = await serveApi(depsB, { realtime: { adapterKey } });
    const operator = await newOperator(t);
    const wall = await createTaskWall(t.deps.db, operator.id, {
      name: "Realtime wall",
      frameUrlTemplate: "https://wall.example/?u={user_id}",
      secret: SECRET,
      scheme: "md5_fields",
      signatureFields: ["user_id", "transaction_id", "amount"],
      signatureSeparator: ":",
      milliPerPoint: 1,
      capPerPostback: "50",
    });
    wallId = wall.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await nodeB?.close();
    await nodeA?.close();
    depsB?.redis?.disconnect();
    await t?.close();
  });

  async function socketFor(m: TestMember, node: ServedApi): Promise<Socket> {
    return memberSocket(node.origin, m.cookie, sockets);
  }

  /** Everything the socket is pushed, in order. */
  function pushes(socket: Socket): Push[] {
    const seen: Push[] = [];
    socket.on(TASK_WALL_BALANCE_EVENT, (p: Push) => seen.push(p));
    return seen;
  }

  /** The next push of the balance (failing, not hanging, when none comes). */
  const nextPush = (socket: Socket) =>
    new Promise<Push>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no push within 10 s")), 10_000);
      socket.once(TASK_WALL_BALANCE_EVENT, (p: Push) => {
        clearTimeout(timer);
        resolve(p);
      });
    });

  /** A network's signed postback, over HTTP to the given node. */
  async function postback(node: ServedApi, userId: string, tx: string, amount: string) {
    const sig = md5(`${userId}:${tx}:${amount}:${SECRET}`);
    const res = await fetch(
      `${node.origin}/postback/offerwall/${wallId}?user_id=${userId}&transaction_id=${tx}&amount=${amount}&signature=${sig}`,
    );
    return { status: res.status, text: await res.text() };
  }

  const register = (s: Socket, payload: unknown = { type: "taskWall" }) =>
    s.timeout(10_000).emitWithAck(REGISTER_COMPONENT_EVENT, payload);
  const askBalance = (s: Socket, payload: unknown = { success: true }) =>
    s.timeout(10_000).emitWithAck(TASK_WALL_BALANCE_EVENT, payload);

  it("acknowledges the balance request and the registration; bad payloads get an error ack", async () => {
    const m = await newMember(t);
    const s = await socketFor(m, nodeA);
    expect(await askBalance(s)).toEqual({
      success: true,
      msg: {
        available_balance: "0.000",
        pending_offerWall: "0.000",
        today_offerWallIncome: "0.000",
        total_offerWall: 1,
        today_completed: 0,
      },
    });
    expect(await register(s)).toEqual({ success: true });

    const invalid = { success: false, error: expect.any(String), error_code: "invalid_input" };
    expect(await askBalance(s, { success: "yes" })).toEqual(invalid);
    expect(await askBalance(s, "not an object")).toEqual(invalid);
    expect(await s.timeout(10_000).emitWithAck(TASK_WALL_BALANCE_EVENT)).toEqual(invalid);
    expect(await register(s, { type: "chat" })).toEqual({
      success: false,
      error: "Unknown component type: use taskWall, ticTacToe_out_room_details, ticTacToe_in_room.",
      error_code: "invalid_input",
    });
    expect(await register(s, null)).toEqual(invalid);
    // Without an acknowledgement function nothing is answered, and nothing breaks.
    s.emit(TASK_WALL_BALANCE_EVENT, { success: true });
    s.emit(REGISTER_COMPONENT_EVENT, 42);
    expect(await askBalance(s)).toMatchObject({ success: true });
    expect(s.connected).toBe(true);
  });

  it("pushes the balance after a postback to the member's registered sockets only", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const registered = await socketFor(m, nodeA);
    const secondTab = await socketFor(m, nodeA);
    const unregistered = await socketFor(m, nodeA);
    const others = await socketFor(other, nodeA);
    for (const s of [registered, secondTab, others]) expect(await register(s)).toEqual({ success: true });
    const unregisteredSeen = pushes(unregistered);
    const othersSeen = pushes(others);

    const [first, second] = [nextPush(registered), nextPush(secondTab)];
    expect(await postback(nodeA, m.id, "rt-1", "750")).toEqual({ status: 200, text: "1" });
    const expected = {
      success: true,
      msg: {
        available_balance: "0.750",
        pending_offerWall: "0.000",
        today_offerWallIncome: "0.750",
        total_offerWall: 1,
        today_completed: 1,
      },
    };
    expect(await first).toEqual(expected);
    expect(await second).toEqual(expected);

    // The other member's own push comes after ours on the same server: had ours reached them, it
    // would have come first.
    const theirs = nextPush(others);
    expect(await postback(nodeA, other.id, "rt-2", "100")).toEqual({ status: 200, text: "1" });
    expect((await theirs).msg).toMatchObject({ available_balance: "0.100" });
    expect(othersSeen.map((p) => p.msg.available_balance)).toEqual(["0.100"]);
    // An acknowledgement travels after anything pushed to that socket before it.
    expect(await askBalance(unregistered)).toMatchObject({
      success: true,
      msg: { available_balance: "0.750" },
    });
    expect(unregisteredSeen).toEqual([]);
    // A duplicate moves no money and pushes nothing.
    const registeredSeen = pushes(registered);
    expect(await postback(nodeA, m.id, "rt-1", "750")).toEqual({ status: 200, text: "1" });
    expect(await askBalance(registered)).toMatchObject({ msg: { available_balance: "0.750" } });
    expect(registeredSeen).toEqual([]);
    await expectLedgerConsistent(t);
  });

  it("two nodes sharing Redis: a postback on node A reaches the member connected to node B", async () => {
    const m = await newMember(t);
    const onB = await socketFor(m, nodeB);
    expect(await register(onB)).toEqual({ success: true });
    expect(await askBalance(onB)).toMatchObject({ success: true, msg: { available_balance: "0.000" } });
    const pushed = nextPush(onB);
    expect(await postback(nodeA, m.id, "rt-b-1", "1250")).toEqual({ status: 200, text: "1" });
    expect(await pushed).toEqual({
      success: true,
      msg: {
        available_balance: "1.250",
        pending_offerWall: "0.000",
        today_offerWallIncome: "1.250",
        total_offerWall: 1,
        today_completed: 1,
      },
    });
    // And the other way round.
    const onA = await socketFor(m, nodeA);
    expect(await register(onA)).toEqual({ success: true });
    const back = nextPush(onA);
    expect(await postback(nodeB, m.id, "rt-b-2", "250")).toEqual({ status: 200, text: "1" });
    expect((await back).msg).toMatchObject({ available_balance: "1.500", today_completed: 2 });
    await expectLedgerConsistent(t);
  });

  it("the socket's balance counts the demo wall only where it is served (a demo install)", async () => {
    await t.deps.db.transaction((tx) => seedTaskWalls(tx));
    const s = await socketFor(await newMember(t), nodeA);
    const total = async () => ((await askBalance(s)) as Push).msg.total_offerWall as number;
    const config = t.deps.config;
    const saved = { SEED_DEMO: config.SEED_DEMO, NODE_ENV: config.NODE_ENV };
    try {
      Object.assign(config, { SEED_DEMO: true, NODE_ENV: "test" });
      const served = await total();
      Object.assign(config, { SEED_DEMO: false });
      expect(await total()).toBe(served - 1);
      Object.assign(config, { SEED_DEMO: true, NODE_ENV: "production" });
      expect(await total()).toBe(served - 1);
    } finally {
      Object.assign(config, saved);
    }
  });
});
