import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLogs, log, logRequest, type RequestLine } from "../../shared/log.server";

/**
 * The request line (shared/log.server.ts, logRequest) is built by hand for speed: it must be the
 * line the logger itself writes for the same fields, key for key, and follow the logger's level.
 */
describe("the request line", () => {
  afterEach(() => void vi.useRealTimers());

  const written = (level: string, write: () => void) => {
    const capture = captureLogs(level);
    try {
      write();
    } finally {
      capture.stop();
    }
    return capture.lines;
  };

  const lines: RequestLine[] = [
    {
      reqId: "0b6c1a52-5f1e-4d6e-9a43-8f0d4c1e2b3a",
      tier: "web",
      method: "GET",
      route: "/login",
      status: 200,
      ms: 1.3,
    },
    {
      reqId: "web-req-0002-bbbb",
      tier: "api",
      method: "POST",
      route: "/userAmount/userWithdrawal_record_post",
      status: 400,
      ms: 12,
      errorCode: "INSUFFICIENT_BALANCE",
    },
    // Whatever a string holds, the line stays one JSON object (quotes, a backslash, a line break, Hindi).
    { reqId: 'id-"quoted"\\', tier: "web", method: "GET", route: "/नमस्ते\n(other)", status: 404, ms: 0 },
  ];

  it.each(lines)("is the logger's own line for the same fields: %j", (line) => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:20:30.456Z"), toFake: ["Date"] });
    const [ours] = written("info", () => logRequest(line));
    const [pinos] = written("info", () => log.info({ ...line }, "request"));
    expect(ours).toBe(pinos);
    expect(JSON.parse(ours!)).toMatchObject({
      level: "info",
      time: "2026-11-28T10:20:30.456Z",
      ...line,
      msg: "request",
    });
  });

  it("is written at info and below, never above", () => {
    expect(written("info", () => logRequest(lines[0]!))).toHaveLength(1);
    expect(written("debug", () => logRequest(lines[0]!))).toHaveLength(1);
    expect(written("warn", () => logRequest(lines[0]!))).toHaveLength(0);
    expect(written("silent", () => logRequest(lines[0]!))).toHaveLength(0);
  });

  it("takes the time of each line, not of the first line of its millisecond", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:20:30.456Z"), toFake: ["Date"] });
    const first = written("info", () => logRequest(lines[0]!));
    vi.setSystemTime(new Date("2026-11-28T10:20:30.457Z"));
    const second = written("info", () => logRequest(lines[0]!));
    expect(JSON.parse(first[0]!).time).toBe("2026-11-28T10:20:30.456Z");
    expect(JSON.parse(second[0]!).time).toBe("2026-11-28T10:20:30.457Z");
  });
});
