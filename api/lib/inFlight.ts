/**
 * The work a node has started and not finished: API requests, socket events, game sweeps, payout
 * reconciling and the pushes read after a commit. A node that stops waits for it before it closes its database pool,
 * so nothing it started fails half-way on a closed connection (server.ts, shutdown).
 */
export class InFlight {
  #count = 0;
  #whenIdle: (() => void)[] = [];

  /** Counts `work` until it settles (either way); answers it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#count++;
    const done = () => {
      this.#count--;
      if (this.#count === 0) for (const resolve of this.#whenIdle.splice(0)) resolve();
    };
    work.then(done, done);
    return work;
  }

  /** How much is in flight now. */
  get count(): number {
    return this.#count;
  }

  /** Settles once nothing is in flight, or after `ms` at the latest: answers how much was still running. */
  async settled(ms: number): Promise<number> {
    if (this.#count === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.#whenIdle.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
    return this.#count;
  }
}
