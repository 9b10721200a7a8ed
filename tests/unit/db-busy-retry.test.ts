import { describe, expect, it } from "vitest";
import { BUSY_RETRY, DB_BUSY_MESSAGE, retryBusy } from "../../api/db/retry";
import { DomainError } from "../../api/lib/errors";

/**
 * retryBusy (api/db/client.ts, issue 42): what it runs again, how long it waits, when it gives up.
 * The real deadlocks are in tests/integration/db-busy-retry.test.ts (PostgreSQL).
 */

/** An error as Drizzle throws it: its own, with the driver's (carrying PostgreSQL's code) as its cause. */
const wrapped = (code: string) =>
  Object.assign(new Error("Failed query: update …"), {
    cause: Object.assign(new Error("deadlock"), { code }),
  });

function failing(codes: string[]) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    run: async () => {
      const code = codes[runs++];
      if (code) throw wrapped(code);
      return "done";
    },
  };
}

describe("retryBusy", () => {
  it("runs again after a deadlock or a serialization failure, with short jittered waits", async () => {
    const waits: number[] = [];
    const f = failing(["40P01", "40001"]);
    await expect(retryBusy(f.run, { sleep: async (ms) => void waits.push(ms) })).resolves.toBe("done");
    expect(f.runs).toBe(3);
    expect(waits).toHaveLength(2);
    const base = BUSY_RETRY.baseDelayMs;
    expect(waits[0]).toBeGreaterThanOrEqual(base * 0.5);
    expect(waits[0]).toBeLessThanOrEqual(base * 1.5);
    expect(waits[1]).toBeGreaterThanOrEqual(base * 2 * 0.5);
    expect(waits[1]).toBeLessThanOrEqual(base * 2 * 1.5);
  });

  it("gives up after three runs with a busy refusal (503), not the database's error", async () => {
    const f = failing(["40P01", "40P01", "40P01", "40P01"]);
    const error = await retryBusy(f.run, { sleep: async () => {} }).catch((e: unknown) => e);
    expect(f.runs).toBe(3);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "unavailable", message: DB_BUSY_MESSAGE });
  });

  it("throws any other failure at once", async () => {
    const f = failing(["23505"]);
    await expect(retryBusy(f.run, { sleep: async () => {} })).rejects.toThrow("Failed query");
    expect(f.runs).toBe(1);
    const refused = new DomainError("conflict", "No.");
    let runs = 0;
    await expect(
      retryBusy(async () => {
        runs++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(runs).toBe(1);
  });
});
