import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { batchLines } from "../../shared/log.server";

describe("batchLines: log lines written together", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("writes the lines of 50 ms as one chunk, in order, and nothing before", () => {
    const chunks: string[] = [];
    const { write } = batchLines((c) => void chunks.push(c));
    write('{"n":1}\n');
    vi.advanceTimersByTime(20);
    write('{"n":2}\n');
    vi.advanceTimersByTime(29);
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(chunks).toEqual(['{"n":1}\n{"n":2}\n']);
    write('{"n":3}\n');
    vi.advanceTimersByTime(50);
    expect(chunks).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
    vi.advanceTimersByTime(500);
    expect(chunks).toHaveLength(2);
  });

  it("writes at once when 64 KiB wait", () => {
    const chunks: string[] = [];
    const { write } = batchLines((c) => void chunks.push(c));
    const line = `${"x".repeat(1023)}\n`;
    for (let i = 0; i < 63; i++) write(line);
    expect(chunks).toEqual([]);
    write(line);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toBe(line.repeat(64));
  });

  it("writes what waits when the process exits", () => {
    const chunks: string[] = [];
    const { write } = batchLines((c) => void chunks.push(c));
    write('{"msg":"stopped"}\n');
    process.emit("exit", 0);
    expect(chunks).toEqual(['{"msg":"stopped"}\n']);
  });
});
