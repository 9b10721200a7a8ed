import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { lt } from "drizzle-orm";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import type { Deps } from "../deps";
import { humanCheckUses } from "../db/schema";

/**
 * Human verification: an ALTCHA proof-of-work payload from the widget (JavaScript on), or the
 * answer to a server-rendered image challenge (JavaScript off). HUMAN_CHECK=off accepts anything.
 */
export const HumanCheckInput = z
  .object({
    altcha: z.string().max(10_000).optional(),
    image_token: z.string().max(2_000).optional(),
    image_answer: z.string().max(50).optional(),
  })
  .strict()
  .optional();
export type HumanCheckInput = z.infer<typeof HumanCheckInput>;

/** How long a challenge (either kind) may be answered after it was issued. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Proof-of-work cost: PBKDF2 with `cost` iterations per attempt, and the answer hidden among the
 * first few hundred counters — about a second on a low-end phone, trivial for the server to check
 * (the key signature makes verification one PBKDF2 run).
 */
const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
const ALTCHA_COST = 1_000;
const ALTCHA_COUNTER_MIN = 100;
const ALTCHA_COUNTER_MAX = 400;

/** Separate keys per purpose, all derived from the one session secret. */
function derivedSecret(sessionSecret: string, purpose: string): string {
  return createHmac("sha256", sessionSecret).update(`human-check:${purpose}`).digest("hex");
}

function altchaSecrets(deps: Deps) {
  return {
    hmacSignatureSecret: derivedSecret(deps.config.sessionSecret, "altcha-signature"),
    hmacKeySignatureSecret: derivedSecret(deps.config.sessionSecret, "altcha-key"),
  };
}

/** A signed ALTCHA challenge, as the widget fetches it from GET /humanCheck/altcha-challenge. */
export async function createAltchaChallenge(deps: Deps, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER_MIN, ALTCHA_COUNTER_MAX + 1),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    ...altchaSecrets(deps),
  });
}

const AltchaPayload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
      })
      .passthrough(),
    signature: z.string().optional(),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

function parseAltchaPayload(raw: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = AltchaPayload.safeParse(JSON.parse(Buffer.from(raw, "base64").toString("utf8")));
    return parsed.success ? (parsed.data as { challenge: Challenge; solution: Solution }) : null;
  } catch {
    return null;
  }
}

async function verifyAltcha(deps: Deps, raw: string): Promise<boolean> {
  const payload = parseAltchaPayload(raw);
  if (!payload) return false;
  // Only the algorithm we issue: the signature covers it, but this keeps a forged one from reaching a KDF.
  if (payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return false;
  let result;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...altchaSecrets(deps),
    });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  return markUsed(deps, `altcha:${payload.challenge.parameters.nonce}`);
}

/** Records a challenge as answered; false when it already was (a replay). */
async function markUsed(deps: Deps, nonce: string): Promise<boolean> {
  const inserted = await deps.db
    .insert(humanCheckUses)
    .values({ nonce })
    .onConflictDoNothing()
    .returning({ nonce: humanCheckUses.nonce });
  // Rows older than any live challenge protect nothing; prune now and then instead of on every call.
  if (Math.random() < 0.02) {
    await deps.db
      .delete(humanCheckUses)
      .where(lt(humanCheckUses.createdAt, new Date(Date.now() - 2 * CHALLENGE_TTL_MS)));
  }
  return inserted.length === 1;
}

// ---- Image challenge (no JavaScript) ----

/** Letters and digits that cannot be mistaken for one another in a distorted picture. */
const IMAGE_ALPHABET = "abcdefhjkmnprstuvwxyz2345678";
const IMAGE_LENGTH = 5;

const ImageToken = z
  .object({ nonce: z.string().min(16).max(64), expiresAt: z.number().int(), mac: z.string() })
  .strict();

/**
 * The MAC covers a JSON array, so no two (answer, nonce, expiry) triples share a signed text:
 * moving characters from the answer to the nonce makes a different text, not a new valid token.
 */
function imageMac(deps: Deps, answer: string, nonce: string, expiresAt: number): string {
  return createHmac("sha256", derivedSecret(deps.config.sessionSecret, "image"))
    .update(JSON.stringify([answer.trim().toLowerCase(), nonce, expiresAt]))
    .digest("base64url");
}

/**
 * The stateless token for an image challenge showing `text`: the answer is only inside the MAC,
 * so the token can travel in a cookie. Exposed for tests, which need a token whose answer they know.
 */
export function imageChallengeToken(deps: Deps, text: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString("base64url");
  const expiresAt = now + CHALLENGE_TTL_MS;
  return Buffer.from(
    JSON.stringify({ nonce, expiresAt, mac: imageMac(deps, text, nonce, expiresAt) }),
  ).toString("base64url");
}

type SvgCaptcha = (text: string, options?: Record<string, unknown>) => string;
let svgCaptcha: Promise<SvgCaptcha> | undefined;

/** A new image challenge: an SVG picture of a random word, and its token. */
export async function createImageChallenge(deps: Deps): Promise<{ svg: string; token: string }> {
  // Loaded on first use: the module reads its font file when imported.
  svgCaptcha ??= import("svg-captcha").then((m) => ((m as { default?: unknown }).default ?? m) as SvgCaptcha);
  const render = await svgCaptcha;
  let text = "";
  for (let i = 0; i < IMAGE_LENGTH; i++) text += IMAGE_ALPHABET[randomInt(IMAGE_ALPHABET.length)];
  const svg = render(text, { width: 160, height: 56, noise: 2, color: false, background: "#f8fafc" });
  return { svg, token: imageChallengeToken(deps, text) };
}

async function verifyImage(deps: Deps, rawToken: string, answer: string, now = Date.now()): Promise<boolean> {
  let token: z.infer<typeof ImageToken>;
  try {
    const parsed = ImageToken.safeParse(JSON.parse(Buffer.from(rawToken, "base64url").toString("utf8")));
    if (!parsed.success) return false;
    token = parsed.data;
  } catch {
    return false;
  }
  const expected = Buffer.from(imageMac(deps, answer, token.nonce, token.expiresAt));
  const given = Buffer.from(token.mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (token.expiresAt < now) return false;
  return markUsed(deps, `image:${token.nonce}`);
}

/** True when the input proves a human answered a challenge we issued, and that challenge was not used before. */
export async function verifyHumanCheck(
  deps: Deps,
  input: HumanCheckInput,
  now = Date.now(),
): Promise<boolean> {
  if (deps.config.HUMAN_CHECK === "off") return true;
  if (!input) return false;
  if (input.altcha) return verifyAltcha(deps, input.altcha);
  if (input.image_token && input.image_answer)
    return verifyImage(deps, input.image_token, input.image_answer, now);
  return false;
}
