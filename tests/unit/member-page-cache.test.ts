import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemberPageCache, type PageKeepingVote } from "../../server/member-page-cache";

/**
 * The member-page cache in front of the web tier, on a real HTTP server. A stand-in renderer
 * plays the page's loaders: it votes to keep the page under the data version it "read" (or
 * refuses), and writes the nonce it is given into the page. A stand-in API says which version is
 * current for each session.
 */
describe("member page cache", () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let renders = 0;
  let nonceSeq = 0;
  /** The data version each session's API read answers now (what the renderer reads and the check compares). */
  const current = new Map<string, string>();
  const checks: { sid: string; apiPath: string; version: string }[] = [];
  let apiDown = false;
  /** What the stand-in renderer does next. */
  let next: { status: number; setCookie?: string; vote: "keep" | "refuse" | "none" | "mixed" } = {
    status: 200,
    vote: "keep",
  };

  const sidOf = (req: IncomingMessage) => /(?:^|;\s*)sid=([^;]*)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
  const csp = (nonce: string) => `script-src 'nonce-${nonce}'`;
  const serve = createMemberPageCache({
    ttlMs: 60_000,
    maxPages: 3,
    now: () => clock,
    isCurrent: async (req, apiPath, version) => {
      checks.push({ sid: sidOf(req), apiPath, version });
      if (apiDown) throw new Error("API unreachable");
      return current.get(sidOf(req)) === version;
    },
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const nonce = `n${++nonceSeq}+/=`;
      res.setHeader("Content-Security-Policy", csp(nonce));
      serve(req, res, nonce, (vote?: PageKeepingVote) => {
        renders += 1;
        const version = current.get(sidOf(req)) ?? "v0";
        if (next.vote === "keep") vote?.keep(version);
        if (next.vote === "mixed") {
          vote?.keep(version);
          vote?.keep(`${version}-other`);
        }
        if (next.vote === "refuse") {
          vote?.keep(version);
          vote?.refuse();
        }
        res.statusCode = next.status;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        if (next.setCookie) res.setHeader("Set-Cookie", next.setCookie);
        res.write(`<html><script nonce="${nonce}">1</script>`);
        res.end(`<p>render ${renders} for ${sidOf(req)} of ${req.url} at ${version}</p></html>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clock += 3_600_000; // past every earlier page's lifetime
    renders = 0;
    checks.length = 0;
    apiDown = false;
    current.clear();
    next = { status: 200, vote: "keep" };
  });

  async function get(path: string, cookie?: string, init: RequestInit = {}) {
    const res = await fetch(base + path, {
      ...init,
      headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    });
    const body = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    return { res, body, nonce };
  }

  it("renders once, then answers while the API says the version is current, with a fresh nonce each time", async () => {
    current.set("s1", "v1");
    const first = await get("/member/dashboard", "sid=s1");
    const second = await get("/member/dashboard", "sid=s1");
    const third = await get("/member/dashboard", "theme=x; sid=s1");
    expect(renders).toBe(1);
    expect(checks).toEqual([
      { sid: "s1", apiPath: "/userRoute/userDataGet_dashboard", version: "v1" },
      { sid: "s1", apiPath: "/userRoute/userDataGet_dashboard", version: "v1" },
    ]);
    for (const r of [first, second, third]) {
      expect(r.res.status).toBe(200);
      expect(r.body).toContain("render 1 for s1 of /member/dashboard at v1");
      expect(r.body.match(/nonce="[^"]*"/g)).toEqual([`nonce="${r.nonce}"`]);
    }
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    expect(second.res.headers.get("content-length")).toBe(String(Buffer.byteLength(second.body)));
  });

  it("renders again as soon as the version changes, and keeps the new page", async () => {
    current.set("s1", "v1");
    await get("/member/dashboard", "sid=s1");
    current.set("s1", "v2");
    expect((await get("/member/dashboard", "sid=s1")).body).toContain(
      "render 2 for s1 of /member/dashboard at v2",
    );
    expect((await get("/member/dashboard", "sid=s1")).body).toContain("render 2");
    expect(renders).toBe(2);
    expect(checks.map((c) => c.version)).toEqual(["v1", "v2"]);
  });

  it("renders when the check fails (the API unreachable): a kept page is only ever answered on the API's word", async () => {
    current.set("s1", "v1");
    await get("/member/dashboard", "sid=s1");
    apiDown = true;
    expect((await get("/member/dashboard", "sid=s1")).body).toContain("render 2");
  });

  it("keeps a page per session and per address, never across them", async () => {
    current.set("s1", "same");
    current.set("s2", "same");
    await get("/member/dashboard", "sid=s1");
    const other = await get("/member/dashboard", "sid=s2");
    expect(other.body).toContain("render 2 for s2");
    const month = await get("/member/dashboard?month=2026-10", "sid=s1");
    expect(month.body).toContain("render 3 for s1 of /member/dashboard?month=2026-10");
    expect((await get("/member/dashboard", "sid=s1")).body).toContain("render 1 for s1");
    expect(renders).toBe(3);
  });

  it("leaves alone visitors without a session, toasts, other pages, data requests and other methods", async () => {
    current.set("s1", "v1");
    for (const [path, cookie, method] of [
      ["/member/dashboard", undefined, "GET"],
      ["/member/dashboard", "sid=s1; toast=abc", "GET"],
      ["/member/withdraw", "sid=s1", "GET"],
      ["/member/dashboard.data", "sid=s1", "GET"],
      ["/member/dashboard", "sid=s1", "HEAD"],
      ["/member/dashboard", "sid=s1", "POST"],
    ] as const) {
      await get(path, cookie, { method });
      await get(path, cookie, { method });
    }
    expect(renders).toBe(12);
    expect(checks).toEqual([]);
  });

  it("keeps nothing its loaders refused, read at two versions, failed, or that set a cookie", async () => {
    current.set("s1", "v1");
    for (const n of [
      { status: 200, vote: "none" },
      { status: 200, vote: "refuse" },
      { status: 200, vote: "mixed" },
      { status: 500, vote: "keep" },
      { status: 200, vote: "keep", setCookie: "toast=x; Path=/" },
    ] as const) {
      next = n;
      await get("/member/dashboard", "sid=s1");
    }
    expect(renders).toBe(5);
    next = { status: 200, vote: "none" };
    await get("/member/dashboard", "sid=s1");
    expect(renders).toBe(6);
    expect(checks).toEqual([]);
  });

  it("offers a page for its lifetime only, and keeps the most recently used pages within its bound", async () => {
    for (const s of ["a", "b", "c", "d"]) current.set(s, "v");
    await get("/member/dashboard", "sid=a");
    clock += 59_999;
    await get("/member/dashboard", "sid=a");
    expect(renders).toBe(1);
    clock += 1;
    await get("/member/dashboard", "sid=a"); // expired: rendered and kept anew
    expect(renders).toBe(2);

    await get("/member/dashboard", "sid=b");
    await get("/member/dashboard", "sid=c");
    await get("/member/dashboard", "sid=a"); // a hit makes a the most recently used
    await get("/member/dashboard", "sid=d"); // the fourth page pushes out the least recently used: b
    expect(renders).toBe(5);
    await get("/member/dashboard", "sid=a");
    await get("/member/dashboard", "sid=c");
    expect(renders).toBe(5);
    await get("/member/dashboard", "sid=b");
    expect(renders).toBe(6);
  });
});
