import { afterEach, describe, expect, it, vi } from "vitest";
import { InFlight } from "../../api/lib/inFlight";

describe("InFlight: the work a stopping node waits for", () => {
  afterEach(() => vi.useRealTimers());

  it("counts work until it settles, either way, and answers it unchanged", async () => {
    const work = new InFlight();
    let finish!: (v: number) => void;
    let fail!: (e: Error) => void;
    const a = work.track(new Promise<number>((resolve) => (finish = resolve)));
    const b = work.track(new Promise<number>((_, reject) => (fail = reject)));
    expect(work.count).toBe(2);
    finish(7);
    expect(await a).toBe(7);
    expect(work.count).toBe(1);
    fail(new Error("refused"));
    await expect(b).rejects.toThrow("refused");
    expect(work.count).toBe(0);
  });

  it("settled: at once when idle; when the last work ends; or at the bound, with what is left", async () => {
    vi.useFakeTimers();
    const work = new InFlight();
    expect(await work.settled(1000)).toBe(0);

    let finish!: () => void;
    void work.track(new Promise<void>((resolve) => (finish = resolve)));
    const idle = work.settled(1000);
    finish();
    expect(await idle).toBe(0);

    void work.track(new Promise<void>(() => {}));
    const bounded = work.settled(1000);
    await vi.advanceTimersByTimeAsync(999);
    let answered: number | undefined;
    void bounded.then((left) => (answered = left));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await bounded).toBe(1);
  });
});
