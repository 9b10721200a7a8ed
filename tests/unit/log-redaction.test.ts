import { describe, expect, it } from "vitest";
import { REDACTED_KEYS, captureLogs, log, redacted } from "../../shared/log.server";

/**
 * The logger's second line of defence: an object logged whole by mistake never writes the values
 * under the secret keys (shared/log.server.ts, REDACTED_KEYS), at the top of the line, in the
 * objects below it, in arrays, and in a logged error's own fields.
 */
describe("log redaction", () => {
  const logged = (write: () => void) => {
    const capture = captureLogs("info");
    try {
      write();
    } finally {
      capture.stop();
    }
    return capture.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  it("replaces every secret key's value, at the top, below it and in arrays; keeps the rest", () => {
    const [line] = logged(() =>
      log.info(
        {
          password: "pw-top-secret",
          route: "/userRoute/login",
          req: { headers: { cookie: "sid=abc", "user-agent": "Phone" }, obj: "U2FsdGVkX1-cipher" },
          list: [{ token: "tok-1" }, { upi_id: "name@okaxis", note: "kept" }],
        },
        "a line",
      ),
    );
    expect(line).toMatchObject({
      password: "[redacted]",
      route: "/userRoute/login",
      req: { headers: { cookie: "[redacted]", "user-agent": "Phone" }, obj: "[redacted]" },
      list: [{ token: "[redacted]" }, { upi_id: "[redacted]", note: "kept" }],
      msg: "a line",
    });
    const text = JSON.stringify(line);
    for (const secret of ["pw-top-secret", "sid=abc", "U2FsdGVkX1", "tok-1", "name@okaxis"])
      expect(text).not.toContain(secret);
  });

  it("reads a logged error with its message and stack, and redacts its fields", () => {
    const e = Object.assign(new Error("refused"), { code: "E_REFUSED", authorization: "Bearer abc" });
    const [line] = logged(() => log.error({ err: e }, "failed"));
    const err = line!.err as Record<string, unknown>;
    expect(err).toMatchObject({
      type: "Error",
      message: "refused",
      code: "E_REFUSED",
      authorization: "[redacted]",
    });
    expect(String(err.stack)).toContain("refused");
    // An error given as text stays text.
    const [plain] = logged(() => log.error({ err: "connection refused" }, "failed"));
    expect(plain!.err).toBe("connection refused");
  });

  it("leaves an object without secrets as it is (no copy), and never changes the object logged", () => {
    const clean = { route: "/x", status: 200, nested: { a: [1, 2] } };
    expect(redacted(clean)).toBe(clean);
    const dirty = { nested: { secret: "s" } };
    expect(redacted(dirty)).toEqual({ nested: { secret: "[redacted]" } });
    expect(dirty.nested.secret).toBe("s");
    for (const key of REDACTED_KEYS) expect(redacted({ [key]: "v" })).toEqual({ [key]: "[redacted]" });
  });
});
