import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeObj } from "../../shared/obj.server";
import { requestHost, siteOrigin, type Config } from "../../api/config";
import { requestUrl } from "../../server/remix-handler";
import { serverProcessDatabase } from "../support/db";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { startTestApi, type TestApi } from "../support/api";
import { newOperator } from "../support/money";
import { createTaskWall } from "../../api/taskWalls/config";

type OriginConfig = Pick<Config, "PUBLIC_ORIGIN" | "PORT" | "NODE_ENV" | "TRUST_PROXY">;
const local: OriginConfig = { PORT: 3000, NODE_ENV: "development", TRUST_PROXY: 0, PUBLIC_ORIGIN: undefined };
const headers = (h: Record<string, string>) => (name: string) => h[name];

describe("the site's address for links made for the member in front of it", () => {
  it("is the member's own request origin on a local run without PUBLIC_ORIGIN", () => {
    expect(siteOrigin(local, headers({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(siteOrigin(local, headers({ host: "192.168.1.20:3000" }))).toBe("http://192.168.1.20:3000");
    expect(siteOrigin(local, headers({ host: "[::1]:3000" }))).toBe("http://[::1]:3000");
    // Garbage in Host is not an origin: the configured local address is used.
    for (const host of ["", "a b", "x/y", "evil.com/path", "user@evil.com", "%00"])
      expect(siteOrigin(local, headers({ host })), host).toBe("http://localhost:3000");
    // Forwarded headers count only behind a trusted proxy.
    const forwarded = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "rr.local",
      "x-forwarded-proto": "https",
    });
    expect(siteOrigin(local, forwarded)).toBe("http://10.0.0.5:3000");
    expect(siteOrigin({ ...local, TRUST_PROXY: 1 }, forwarded)).toBe("https://rr.local");
  });

  it("is PUBLIC_ORIGIN whenever it is set, and production never reads Host", () => {
    const h = headers({ host: "evil.example" });
    expect(siteOrigin({ ...local, PUBLIC_ORIGIN: "https://rewards.example.com/" }, h)).toBe(
      "https://rewards.example.com",
    );
    expect(siteOrigin({ ...local, NODE_ENV: "production" }, h)).toBe("http://localhost:3000");
    expect(requestHost({ TRUST_PROXY: 0 }, headers({ host: "Example.COM:80" }))).toBe("example.com");
  });

  it("the web tier's page URL (the referral link's origin) is PUBLIC_ORIGIN when set", () => {
    const req = (host: string, originalUrl: string) => ({
      protocol: "http",
      hostname: host.split(":")[0]!,
      originalUrl,
      get: (name: string) => (name.toLowerCase() === "host" ? host : undefined),
    });
    expect(requestUrl(req("127.0.0.2:3000", "/member/refer-and-earn") as never, undefined).origin).toBe(
      "http://127.0.0.2:3000",
    );
    expect(
      requestUrl(
        req("evil.example", "//evil.example/member/refer-and-earn") as never,
        "https://rr.example.com",
      ).origin,
    ).toBe("https://rr.example.com");
  });
});

describe("a short link's end page is on the address the member used (real server, two loopback addresses)", () => {
  const OBJ_SECRET = "site-origin-test-obj-secret";
  let database: Awaited<ReturnType<typeof serverProcessDatabase>>;
  let server: ServerProcess;
  let port: string;
  beforeAll(async () => {
    database = await serverProcessDatabase();
    // Listening on every address, so 127.0.0.2 reaches it too; no PUBLIC_ORIGIN (a local run).
    server = await startServerProcess(
      { ...database.env, HOST: "0.0.0.0", SEED_DEMO: "on", OBJ_SECRET },
      { timeoutMs: 120_000 },
    );
    port = new URL(server.origin).port;
  }, 130_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function signIn(origin: string): Promise<string> {
    const res = await fetch(`${origin}/userRoute/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        obj: encodeObj(OBJ_SECRET, {
          email_userName: "demo@example.com",
          password: "demo-password-123",
          loginRemember_state: false,
        }),
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The session cookie (the device cookie comes with it).
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
  }

  // A link each: a link started once answers its open token again.
  for (const [index, address] of ["127.0.0.1", "127.0.0.2"].entries()) {
    it(`through ${address}`, async () => {
      const origin = `http://${address}:${port}`;
      const cookie = await signIn(origin);
      const list = await fetch(`${origin}/userIncomeRoute/user_shortlink_data_get`, { headers: { cookie } });
      const links = (
        (await list.json()) as { msg: { shortedLinksData: { _id: string; shortnerDomain: string }[] } }
      ).msg.shortedLinksData;
      const link = links[index]!;
      expect(link.shortnerDomain).toBe(`${address}:${port}`);
      const started = await fetch(`${origin}/userIncomeRoute/user_shortlink_firstPage_data_patch`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({
          obj_already: encodeObj(OBJ_SECRET, {
            linkId: link._id,
            shortnerDomain: link.shortnerDomain,
            endPageRoute: "/member/last-page",
            clientOrigin: "http://localhost:1",
          }),
        }),
      });
      const body = (await started.json()) as { msg: { shortUrl: string } };
      expect(started.status, JSON.stringify(body)).toBe(200);
      const shortUrl = new URL(body.msg.shortUrl);
      expect(shortUrl.origin).toBe(origin);
      const resolved = await fetch(`${origin}/shortener${shortUrl.pathname.replace(/^\/s/, "")}`);
      const destination = new URL(((await resolved.json()) as { msg: { url: string } }).msg.url);
      expect(destination.origin).toBe(origin);
      expect(destination.pathname).toMatch(/^\/member\/last-page\/[A-Za-z0-9_-]+$/);
    });
  }
});

describe("links shown to operators follow the operator's own address on a local run", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi("pglite");
  });
  afterAll(() => t?.close());

  it("the task wall's postback address", async () => {
    const op = await newOperator(t);
    await createTaskWall(t.deps.db, op.id, {
      name: "Origin wall",
      frameUrlTemplate: "https://wall.example/?u={user_id}",
      secret: "origin-wall-secret",
      scheme: "md5_fields",
      signatureFields: ["user_id", "transaction_id", "amount"],
      signatureSeparator: ":",
      milliPerPoint: 1,
      capPerPostback: "50",
    });
    for (const host of ["127.0.0.1:3000", "192.168.1.20:3000"]) {
      const walls = await t.request("/adminRoute/offerWalls", { cookie: op.cookie, headers: { host } });
      const urls = (walls.body.msg.records as { postbackUrl: string }[]).map((w) => w.postbackUrl);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`http://${host}/postback/offerwall/`), url).toBe(true);
    }
  });
});
