import type { Socket } from "socket.io-client";
import { ROOM_COMPONENT, TIC_TAC_TOE_EVENTS as EV, type RoomView } from "../../shared/ticTacToeEvents";
import { REGISTER_COMPONENT_EVENT } from "../../shared/taskWall";
import { rng, sleep, type GameStats } from "./load";
import type { Member } from "./site";
import { openMemberSocket } from "../sockets";

/** The game players of the multi-node load (bench/multinode/run.ts): paid tic-tac-toe over websockets through nginx. */

interface Player {
  m: Member;
  type: number;
  socket?: Socket;
  roomId?: string;
  symbol?: "X" | "O";
  room?: RoomView;
  busy: boolean;
  progressAt: number;
}

const closed = (r?: RoomView) => !r || r.status === "finished" || r.status === "cancelled";

/**
 * Tic-tac-toe players through nginx: each joins a paid room of its type, plays on its turn after a
 * short think, and joins again when the game ends. A player whose connection drops (its node was
 * lost) connects again through nginx and re-enters its room. `stop()` ends the joining: players
 * still waiting for an opponent cancel (their fee is refunded), the others finish their games.
 */
export class Games {
  readonly stats: GameStats = {
    joins: 0,
    moves: 0,
    refused: 0,
    lost: [],
    goodbyes: 0,
    abandoned: 0,
    reconnects: 0,
    finished: 0,
    cancelled: 0,
    ends: new Map(),
    openAtEnd: 0,
  };
  readonly players: Player[];
  /** Every room a player of the run sat in. */
  readonly rooms = new Set<string>();
  private accepting = true;
  private active = true;
  private random = rng(20261127);
  private watchdog?: NodeJS.Timeout;
  /** Why each socket that dropped was disconnected (socket.io's reason). */
  private disconnectReasons = new WeakMap<Socket, string>();

  constructor(
    readonly origin: string,
    members: Member[],
    private now: () => number,
    private thinkMs: [number, number] = [150, 400],
  ) {
    const types = [10, 20, 50];
    this.players = members.map((m, i) => ({
      m,
      type: types[Math.floor(i / 2) % types.length]!,
      busy: false,
      progressAt: 0,
    }));
  }

  private think() {
    return this.thinkMs[0] + this.random() * (this.thinkMs[1] - this.thinkMs[0]);
  }

  private async ask(p: Player, event: string, payload: unknown): Promise<any> {
    const s = p.socket;
    const at = this.now();
    if (!s?.connected) return { success: false, transport: true };
    try {
      const answer = await s.timeout(15_000).emitWithAck(event, payload);
      if (answer?.success === true) p.progressAt = this.now();
      else this.stats.refused++;
      return answer;
    } catch {
      // socket.io's "disconnect" (with its reason) comes before the pending acks are failed.
      const reason = this.disconnectReasons.get(s);
      if (reason === "io server disconnect") this.stats.goodbyes++;
      // The run closing its own sockets (close(), after finish()) fails what is still asked: not lost.
      else if (reason === "io client disconnect" && !this.active) this.stats.abandoned++;
      else this.stats.lost.push({ at, failedAt: this.now(), event, reason: reason ?? "no answer in 15 s" });
      return { success: false, transport: true };
    }
  }

  async start(): Promise<void> {
    await Promise.all(this.players.map((p) => this.connect(p)));
    for (const p of this.players) void this.play(p);
    // A push missed while a node was lost: a player without news for 4 s reads its room again.
    this.watchdog = setInterval(() => {
      for (const p of this.players)
        if (!p.busy && p.socket?.connected && p.roomId && this.now() - p.progressAt > 4000)
          void this.resync(p);
    }, 1000);
  }

  private async connect(p: Player): Promise<void> {
    for (let attempt = 0; this.active; attempt++) {
      const { socket, error } = await openMemberSocket(this.origin, p.m.cookie, 10_000);
      if (error !== null) {
        socket.close();
        await sleep(200 * Math.min(attempt + 1, 10));
        continue;
      }
      p.socket = socket;
      socket.on(EV.roomUpdated, (push: { msg?: { room?: RoomView } }) => this.see(p, push?.msg?.room));
      socket.on("disconnect", (reason) => {
        this.disconnectReasons.set(socket, reason);
        if (!this.active || p.socket !== socket) return;
        this.stats.reconnects++;
        p.busy = false;
        void this.connect(p).then(() => (p.roomId ? this.resync(p) : this.play(p)));
      });
      const registered = await this.ask(p, REGISTER_COMPONENT_EVENT, { type: ROOM_COMPONENT });
      if (registered.success) return;
      socket.close();
    }
  }

  /** Reads the player's room again (entering it, as the room page does on load) and acts on it. */
  private async resync(p: Player) {
    if (!p.roomId || p.busy) return;
    p.busy = true;
    const entered = await this.ask(p, EV.enterRoom, { decodedRoomId: p.roomId, decodedRoomType: p.type });
    p.busy = false;
    if (entered.success) {
      p.symbol = entered.msg.userSymbol;
      this.see(p, entered.msg.room);
    } else if (!entered.transport) {
      // Refused (the game ended while the player was away): the room is no longer the player's.
      this.stats.ends.set("ended while away", (this.stats.ends.get("ended while away") ?? 0) + 1);
      p.roomId = undefined;
      p.room = undefined;
      if (this.accepting) setTimeout(() => void this.play(p), this.think());
    }
  }

  private async play(p: Player): Promise<void> {
    if (!this.accepting || !this.active || p.busy) return;
    p.busy = true;
    const joined = await this.ask(p, EV.join, { type: p.type });
    if (!joined.success) {
      p.busy = false;
      if (!joined.transport) setTimeout(() => void this.play(p), 1000);
      return;
    }
    this.stats.joins++;
    p.roomId = joined.msg.userRoom_id;
    this.rooms.add(p.roomId!);
    p.room = undefined;
    const entered = await this.ask(p, EV.enterRoom, { decodedRoomId: p.roomId, decodedRoomType: p.type });
    p.busy = false;
    if (!entered.success) return;
    p.symbol = entered.msg.userSymbol;
    this.see(p, entered.msg.room);
  }

  private see(p: Player, room: RoomView | undefined) {
    if (room && room._id === p.roomId && (!p.room || p.room.version < room.version)) {
      p.room = room;
      p.progressAt = this.now();
    }
    const r = p.room;
    if (!r || p.busy || r._id !== p.roomId) return;
    if (r.status === "playing" && r.currentTurn === p.symbol) {
      p.busy = true;
      setTimeout(() => void this.move(p, r.version), this.think());
    } else if (r.status === "waiting" && !this.accepting) {
      void this.cancel(p);
    } else if (closed(r)) {
      if (r.status === "finished") this.stats.finished++;
      else this.stats.cancelled++;
      const reason = r.end_reason ?? "?";
      this.stats.ends.set(reason, (this.stats.ends.get(reason) ?? 0) + 1);
      p.roomId = undefined;
      p.room = undefined;
      if (this.accepting) setTimeout(() => void this.play(p), this.think());
    }
  }

  private async move(p: Player, version: number) {
    const r = p.room;
    if (!this.active || !r || r.version !== version || r.status !== "playing") {
      p.busy = false;
      return;
    }
    const empty: [number, number][] = [];
    r.gameState.forEach((line, row) => line.forEach((cell, col) => cell === "" && empty.push([row, col])));
    const [row, col] = empty[Math.floor(this.random() * empty.length)]!;
    const answer = await this.ask(p, EV.move, { decodedRoomId: r._id, row, col, version });
    p.busy = false;
    if (answer.success) {
      this.stats.moves++;
      this.see(p, answer.msg?.room);
    } else {
      // Refused (the board moved on: e.g. this move was made on a node that died before answering)
      // or unanswered: the room is read again rather than the same move sent with a stale version.
      void this.resync(p);
    }
  }

  private async cancel(p: Player) {
    if (!p.roomId || p.busy) return;
    p.busy = true;
    const answer = await this.ask(p, EV.cancel, { decodedRoomId: p.roomId });
    p.busy = false;
    if (answer.success) {
      this.stats.cancelled++;
      p.roomId = undefined;
      p.room = undefined;
    } else if (!answer.transport) void this.resync(p); // an opponent came first: the game is played out
  }

  /** No new games; waiting players cancel; answers when every player's game is over (or `ms` passed). */
  async finish(ms: number): Promise<void> {
    this.accepting = false;
    for (const p of this.players) if (p.room?.status === "waiting") void this.cancel(p);
    const deadline = this.now() + ms;
    while (this.now() < deadline && this.players.some((p) => p.roomId)) await sleep(250);
    this.stats.openAtEnd = this.players.filter((p) => p.roomId).length;
  }

  close() {
    this.active = false;
    if (this.watchdog) clearInterval(this.watchdog);
    for (const p of this.players) p.socket?.disconnect();
  }
}
