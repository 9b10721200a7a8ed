import { describe, expect, it } from "vitest";
import { clientAddress } from "../../api/http";

describe("the client's address behind trusted proxies (TRUST_PROXY hops)", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
  });

  it("takes the address the outermost trusted proxy saw, not the left-most one", () => {
    // The client sent a forged "6.6.6.6"; the one proxy appended the real address it saw.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    // Two proxies: a CDN appended the client, the load balancer appended the CDN.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 192.0.2.50", 2)).toBe("198.51.100.7");
  });

  it("stops at the left-most entry when there are fewer entries than hops", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
  });
});
