import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { IMAGE_TOKEN_COOKIE } from "../../shared/humanCheck";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { CHALLENGE_TTL_MS, imageChallengeToken, verifyHumanCheck } from "../../api/accounts/humanCheck";
import { createApi } from "../../api/app";
import { createMember } from "../../api/accounts/accounts";

/** What the widget posts: base64 of {challenge, solution}. */
async function solvedPayload(t: TestApi): Promise<{ challenge: Challenge; payload: string }> {
  const res = await t.request("/humanCheck/altcha-challenge");
  expect(res.status).toBe(200);
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  expect(solution).not.toBeNull();
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  return { challenge, payload };
}

describe.each(drivers("one"))("human check (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver, { HUMAN_CHECK: "altcha" });
  });
  afterAll(() => t.close());

  it("issues a signed, expiring ALTCHA challenge", async () => {
    const res = await t.request("/humanCheck/altcha-challenge");
    expect(res.status).toBe(200);
    const c = res.body as Challenge;
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parameters.algorithm).toBe("PBKDF2/SHA-256");
    const ttl = (c.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(ttl).toBeGreaterThan(CHALLENGE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(CHALLENGE_TTL_MS);
  });

  it("accepts a solved ALTCHA challenge once and refuses its replay", async () => {
    const { payload } = await solvedPayload(t);
    expect(await verifyHumanCheck(t.deps, { altcha: payload })).toBe(true);
    expect(await verifyHumanCheck(t.deps, { altcha: payload })).toBe(false);
  });

  it("refuses concurrent replays: exactly one of them passes", async () => {
    const { payload } = await solvedPayload(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => verifyHumanCheck(t.deps, { altcha: payload })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuses a tampered ALTCHA payload", async () => {
    const { challenge, payload } = await solvedPayload(t);
    const decoded = JSON.parse(Buffer.from(payload, "base64").toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    // A later expiry (or any other parameter) breaks the signature.
    const longer = {
      ...decoded,
      challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: 4_000_000_000 } },
    };
    expect(
      await verifyHumanCheck(t.deps, { altcha: Buffer.from(JSON.stringify(longer)).toString("base64") }),
    ).toBe(false);
    // A key that was not derived from the challenge (the work not done) does not match the signed key.
    const key = decoded.solution.derivedKey;
    const wrong = {
      ...decoded,
      solution: { ...decoded.solution, derivedKey: key.slice(0, -1) + (key.endsWith("0") ? "1" : "0") },
    };
    expect(
      await verifyHumanCheck(t.deps, { altcha: Buffer.from(JSON.stringify(wrong)).toString("base64") }),
    ).toBe(false);
    expect(await verifyHumanCheck(t.deps, { altcha: "not-base64-json" })).toBe(false);
    // The untouched payload still passes: the refusals above did not burn it.
    expect(await verifyHumanCheck(t.deps, { altcha: payload })).toBe(true);
  });

  it("refuses a missing or empty answer", async () => {
    expect(await verifyHumanCheck(t.deps, undefined)).toBe(false);
    expect(await verifyHumanCheck(t.deps, {})).toBe(false);
  });

  it("serves the picture as an SVG image that sets its token in an HttpOnly cookie, never cached", async () => {
    const app = createApi(t.deps);
    const res = await app.request("/humanCheck/image.svg", { headers: { host: "localhost:3000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${IMAGE_TOKEN_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=600/);
    const token = cookie!.split(";")[0]!.slice(IMAGE_TOKEN_COOKIE.length + 1);
    // The answer is not in the token.
    expect(Object.keys(JSON.parse(Buffer.from(token, "base64url").toString())).sort()).toEqual([
      "expiresAt",
      "mac",
      "nonce",
    ]);
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "wrong" })).toBe(false);
  });

  it("signs an unambiguous text: characters moved from the answer to the nonce make no valid token", async () => {
    const token = imageChallengeToken(t.deps, "k7mpx");
    const parsed = JSON.parse(Buffer.from(token, "base64url").toString()) as {
      nonce: string;
      expiresAt: number;
      mac: string;
    };
    // Same MAC, the answer's last character moved to the front of the nonce: the signed text of the
    // old concatenation (answer + nonce + expiry) would be identical.
    const moved = Buffer.from(JSON.stringify({ ...parsed, nonce: `x${parsed.nonce}` })).toString("base64url");
    expect(await verifyHumanCheck(t.deps, { image_token: moved, image_answer: "k7mp" })).toBe(false);
    // The untouched token still works (once).
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "k7mpx" })).toBe(true);
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "k7mpx" })).toBe(false);
  });

  it("accepts the image answer once (case-insensitive), refuses a wrong one and a replay", async () => {
    const token = imageChallengeToken(t.deps, "k7mpx");
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "k7mpq" })).toBe(false);
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: " K7MPX " })).toBe(true);
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "k7mpx" })).toBe(false);
  });

  it("refuses an expired image token", async () => {
    const issued = Date.now() - CHALLENGE_TTL_MS - 1_000;
    const token = imageChallengeToken(t.deps, "abcde", issued);
    expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "abcde" })).toBe(false);
    // Same text, fresh token: accepted (the refusal was the expiry, not the answer).
    expect(
      await verifyHumanCheck(t.deps, {
        image_token: imageChallengeToken(t.deps, "abcde"),
        image_answer: "abcde",
      }),
    ).toBe(true);
  });

  it("refuses an image token signed with another secret", async () => {
    const other = await startTestApi(driver, {
      HUMAN_CHECK: "altcha",
      SESSION_SECRET: "another-session-secret-another-session-0000",
    });
    try {
      const token = imageChallengeToken(other.deps, "abcde");
      expect(await verifyHumanCheck(t.deps, { image_token: token, image_answer: "abcde" })).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe.each(drivers("one"))("login behind the human check (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver, { HUMAN_CHECK: "altcha" });
    await createMember(t.deps.db, { name: "Hema", email: "hema@example.test", password: "hema-password-1" });
  });
  afterAll(() => t.close());

  const login = (human_check?: Record<string, string>) =>
    t.request("/userRoute/login", {
      obj: {
        email_userName: "hema@example.test",
        password: "hema-password-1",
        loginRemember_state: false,
        human_check,
      },
    });

  it("refuses a login without an answer", async () => {
    const res = await login();
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toBe("Please verify that you are a human!");
  });

  it("accepts a solved ALTCHA challenge once", async () => {
    const { payload } = await solvedPayload(t);
    expect((await login({ altcha: payload })).status).toBe(200);
    const replay = await login({ altcha: payload });
    expect(replay.status).toBe(400);
    expect(replay.body.error_msg).toBe("Please verify that you are a human!");
  });

  it("accepts the image answer once", async () => {
    const token = imageChallengeToken(t.deps, "hxm4p");
    expect((await login({ image_token: token, image_answer: "wrong" })).status).toBe(400);
    expect((await login({ image_token: token, image_answer: "HXM4P" })).status).toBe(200);
    expect((await login({ image_token: token, image_answer: "hxm4p" })).status).toBe(400);
  });
});

describe.each(drivers("one"))("human check off (%s)", (driver) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(driver, { HUMAN_CHECK: "off" });
  });
  afterAll(() => t.close());

  it("accepts anything when HUMAN_CHECK=off", async () => {
    expect(await verifyHumanCheck(t.deps, undefined)).toBe(true);
  });
});
