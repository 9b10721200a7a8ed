import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../api/lib/outbound";
import { captureLogs } from "../../shared/log.server";
import { adLinkFlyShorten, SHORTENER_MESSAGES } from "../../api/shortLinks/shorteners";

describe("isPrivateAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, unique-local and unspecified addresses", () => {
    for (const a of [
      "127.0.0.1",
      "127.9.9.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not-an-address",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
  });
  it("lets public addresses through", () => {
    for (const a of ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:1.1.1.1"])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe("a shortener's API address (operator-typed) is fetched with a guard", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? "");
      if (req.url?.startsWith("/redirect")) {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/api?status=success` });
        return res.end();
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "success", shortenedUrl: "https://sho.rt/abc" }));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const shorten = (apiUrl: string, allowPrivate: boolean) =>
    adLinkFlyShorten({
      name: "Guarded",
      apiUrl,
      apiKey: "secret-key-1234",
      url: "https://site.example/member/last-page/t",
      timeoutMs: 2_000,
      allowPrivate,
    });

  it("reaches a local shortener outside production (the tests' and local runs' shortener)", async () => {
    await expect(shorten(`http://127.0.0.1:${port}/api`, true)).resolves.toBe("https://sho.rt/abc");
  });

  it("refuses loopback by address and by name in production, sending nothing, and logs no key", async () => {
    const logs = captureLogs("warn");
    try {
      seen.length = 0;
      for (const apiUrl of [
        `http://127.0.0.1:${port}/api`,
        `http://localhost:${port}/api`,
        `http://[::1]:${port}/api`,
        `http://0x7f000001:${port}/api`,
      ])
        await expect(shorten(apiUrl, false), apiUrl).rejects.toThrow(SHORTENER_MESSAGES.unavailable);
      expect(seen).toEqual([]);
      const logged = logs.lines.join("");
      expect(logged).toContain("private address");
      expect(logged).not.toContain("secret-key-1234");
    } finally {
      logs.stop();
    }
  });

  it("does not follow redirects", async () => {
    const logs = captureLogs("warn");
    try {
      seen.length = 0;
      await expect(shorten(`http://127.0.0.1:${port}/redirect`, true)).rejects.toThrow(
        SHORTENER_MESSAGES.unavailable,
      );
      expect(seen).toHaveLength(1);
      expect(logs.lines).toHaveLength(1);
      expect(JSON.parse(logs.lines[0]!)).toMatchObject({ level: "warn" });
      expect(logs.lines[0]).toContain("HTTP 302");
    } finally {
      logs.stop();
    }
  });
});
