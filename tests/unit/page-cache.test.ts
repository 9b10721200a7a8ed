import { createServer, get as httpGet, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageCache, cutAt, joinAt, pickEncoding } from "../../server/page-cache";

/** A GET by node:http (fetch would decompress the body for us): the raw body and headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ encoding?: string; vary?: string; body: Buffer; csp?: string }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          encoding: res.headers["content-encoding"],
          vary: res.headers.vary,
          body: Buffer.concat(chunks),
          csp: res.headers["content-security-policy"] as string,
        }),
      );
    }).on("error", reject);
  });
}

/**
 * The public-page cache in front of the web tier, on a real HTTP server: a stand-in renderer
 * counts how often pages are rendered and writes the nonce it is given into the page, as the
 * real one does into every inline script.
 */
describe("public page cache", () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let renders = 0;
  let nonceSeq = 0;
  /** What the stand-in renderer answers next (status and extra headers). */
  let next: { status: number; type: string; setCookie?: string } = { status: 200, type: "text/html" };

  const csp = (nonce: string) => `script-src 'nonce-${nonce}'`;
  const serve = createPageCache({
    ttlMs: 5_000,
    now: () => clock,
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const nonce = `n${++nonceSeq}+/=`;
      res.setHeader("Content-Security-Policy", csp(nonce));
      serve(req, res, nonce, () => {
        renders += 1;
        res.statusCode = next.status;
        res.setHeader("Content-Type", next.type);
        if (next.setCookie) res.setHeader("Set-Cookie", next.setCookie);
        res.write(`<html><script nonce="${nonce}">1</script>`);
        res.end(`<p>render ${renders} of ${req.url}</p><script nonce="${nonce}">2</script></html>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clock += 60_000; // past every earlier page's lifetime
    renders = 0;
    next = { status: 200, type: "text/html; charset=utf-8" };
  });

  async function get(path: string, init: RequestInit = {}) {
    const res = await fetch(base + path, {
      ...init,
      headers: { "accept-encoding": "identity", ...init.headers },
    });
    const body = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    return { res, body, nonce };
  }

  it("renders a public page once, then answers from the cache with a fresh nonce matching its header", async () => {
    const first = await get("/login");
    const second = await get("/login");
    const third = await get("/login");
    expect(renders).toBe(1);
    for (const r of [first, second, third]) {
      expect(r.body).toContain("render 1 of /login");
      // Every inline script carries the answer's own nonce, and no other.
      expect(r.body.match(/nonce="[^"]*"/g)).toEqual([`nonce="${r.nonce}"`, `nonce="${r.nonce}"`]);
    }
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    expect(second.res.headers.get("content-length")).toBe(String(Buffer.byteLength(second.body)));
    expect(second.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("keeps a page for its lifetime only, per path and query", async () => {
    await get("/payment-proof?page=2");
    clock += 4_999;
    await get("/payment-proof?page=2");
    expect(renders).toBe(1);
    await get("/payment-proof?page=3");
    expect(renders).toBe(2);
    clock += 1;
    expect((await get("/payment-proof?page=2")).body).toContain("render 3 of /payment-proof?page=2");
  });

  it("is bypassed by a session or toast cookie, but not by other cookies", async () => {
    await get("/");
    expect((await get("/", { headers: { cookie: "sid=abc" } })).body).toContain("render 2");
    expect((await get("/", { headers: { cookie: "theme=x; toast=abc" } })).body).toContain("render 3");
    expect((await get("/", { headers: { cookie: "hc_img=tok; theme=x" } })).body).toContain("render 1");
    expect(renders).toBe(3);
  });

  it("leaves other pages, other methods and non-HTML or failed answers alone", async () => {
    await get("/member/dashboard");
    await get("/member/dashboard");
    expect(renders).toBe(2);
    await get("/login.data");
    await get("/login.data");
    expect(renders).toBe(4);
    await get("/signup", { method: "POST", body: "x=1" });
    await get("/signup", { method: "POST", body: "x=1" });
    expect(renders).toBe(6);

    next = { status: 404, type: "text/html" };
    await get("/dmca");
    next = { status: 200, type: "application/json" };
    await get("/dmca");
    next = { status: 200, type: "text/html", setCookie: "toast=gone; Path=/" };
    await get("/dmca");
    expect(renders).toBe(9);
    // Nothing above was kept: the next visitor gets a fresh render.
    next = { status: 200, type: "text/html" };
    await get("/dmca");
    expect(renders).toBe(10);
  });

  it("answers HEAD from a kept page without a body, and gzips a hit for a browser that takes it", async () => {
    const page = await get("/terms-of-use");
    const head = await fetch(base + "/terms-of-use", {
      method: "HEAD",
      headers: { "accept-encoding": "identity" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(page.body)));
    expect(await head.text()).toBe("");

    const zipped = await new Promise<{ encoding?: string; body: Buffer; csp?: string }>((resolve, reject) => {
      // node:http, not fetch: fetch would unzip it for us.
      httpGet(base + "/terms-of-use", { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            encoding: res.headers["content-encoding"],
            body: Buffer.concat(chunks),
            csp: res.headers["content-security-policy"] as string,
          }),
        );
      }).on("error", reject);
    });
    expect(zipped.encoding).toBe("gzip");
    const html = gunzipSync(zipped.body).toString();
    const nonce = /'nonce-([^']+)'/.exec(zipped.csp ?? "")?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain("render 1 of /terms-of-use");
    expect(renders).toBe(1);
  });
});

/**
 * The cache in front of the real web tier's compression middleware (server.ts: `compression()`):
 * a page rendered on a miss goes out compressed like any other answer, and is kept as plain HTML.
 */
describe("public page cache with the compression middleware", () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let renders = 0;
  let nonceSeq = 0;
  const serve = createPageCache({ ttlMs: 5_000, now: () => clock });
  const compress = compression();
  // A page above the middleware's 1 KB threshold.
  const filler = "<p>Earn rupees with ads, short links and task walls.</p>".repeat(100);

  beforeAll(async () => {
    server = createServer((req, res) => {
      const nonce = `c${++nonceSeq}`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      serve(req, res, nonce, () => {
        // As express runs it: the middleware wraps the answer, then the page is written.
        compress(req as never, res as never, () => {
          renders += 1;
          res.statusCode = 200;
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.write(`<html><script nonce="${nonce}">1</script>${filler}`);
          res.end(`<p>render ${renders}</p></html>`);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clock += 60_000;
    renders = 0;
  });

  const nonceOf = (csp?: string) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

  it("compresses the answer on a miss (gzip), keeps the page plain, and compresses hits too", async () => {
    const miss = await rawGet(`${base}/`, { "accept-encoding": "gzip" });
    expect(miss.encoding).toBe("gzip");
    const html = gunzipSync(miss.body).toString();
    expect(html).toContain(`nonce="${nonceOf(miss.csp)}"`);
    expect(html).toContain("render 1");
    expect(miss.body.length).toBeLessThan(html.length / 4);
    // Kept as plain HTML: a browser taking no compression gets it as it is, with its own nonce.
    const plain = await rawGet(`${base}/`, { "accept-encoding": "identity" });
    expect(plain.body.toString()).toContain("render 1");
    expect(plain.body.toString()).toContain(`nonce="${nonceOf(plain.csp)}"`);
    const hit = await rawGet(`${base}/`, { "accept-encoding": "gzip, deflate" });
    expect(hit.encoding).toBe("gzip");
    expect(hit.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(hit.body).toString()).toContain("render 1");
    expect(renders).toBe(1);
  });

  it("compresses a miss with brotli for a browser that takes it, and its hits too", async () => {
    const miss = await rawGet(`${base}/login`, { "accept-encoding": "gzip, deflate, br" });
    expect(miss.encoding).toBe("br");
    expect(brotliDecompressSync(miss.body).toString()).toContain("render 1");
    const hit = await rawGet(`${base}/login`, { "accept-encoding": "br" });
    expect(brotliDecompressSync(hit.body).toString()).toContain(`nonce="${nonceOf(hit.csp)}"`);
    expect(renders).toBe(1);
  });

  it("picks brotli, else gzip, from what the browser takes", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe("a kept page's bytes, cut at its nonce and joined with another", () => {
  const cases = [
    ['<p>नमस्ते</p><script nonce="N0nce+/=">1</script>₹50', "N0nce+/="],
    ["N0nce+/=at the start, at the end N0nce+/=", "N0nce+/="],
    ["N0nce+/=N0nce+/=", "N0nce+/="],
    ["no nonce at all — कोई नहीं", "N0nce+/="],
    ["", "N0nce+/="],
  ] as const;

  it.each(cases)("%j: as String#split and Array#join would, byte for byte", (page, nonce) => {
    const parts = cutAt(Buffer.from(page), Buffer.from(nonce));
    expect(parts.map((p) => p.toString())).toEqual(page.split(nonce));
    expect(joinAt(parts, Buffer.from("fresh/Nonce=")).toString()).toBe(
      page.split(nonce).join("fresh/Nonce="),
    );
  });

  it("leaves a page whole for an empty separator", () => {
    expect(cutAt(Buffer.from("abc"), Buffer.alloc(0)).map(String)).toEqual(["abc"]);
  });
});
