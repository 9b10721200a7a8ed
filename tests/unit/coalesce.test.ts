import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalesced } from "../../api/realtime/coalesce";

describe("a push sent at most once a period", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the first at once, the rest of the period as one at its end, and the last change always", () => {
    const push = vi.fn();
    const send = coalesced(push, 1000);
    send();
    expect(push).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) send();
    expect(push).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(push).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(push).toHaveBeenCalledTimes(2);
    // A change in the next period waits for its end too.
    send();
    expect(push).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(push).toHaveBeenCalledTimes(3);
    // A quiet period ends the spacing: the next change is sent at once.
    vi.advanceTimersByTime(1000);
    send();
    expect(push).toHaveBeenCalledTimes(4);
  });

  it("sends nothing more once stopped", () => {
    const push = vi.fn();
    const send = coalesced(push, 1000);
    send();
    send();
    send.stop();
    vi.advanceTimersByTime(5000);
    expect(push).toHaveBeenCalledTimes(1);
  });
});
