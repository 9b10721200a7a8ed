import { Hono } from "hono";
import { ok, type ApiEnv } from "../http";
import { createAltchaChallenge, createImageChallenge } from "../lib/humanCheck";

/** Challenges for the login and sign-up forms (docs/api/humanCheck.md). Answers are checked by those endpoints. */
export function humanCheckRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // The ALTCHA widget fetches this itself, so it answers with the bare challenge, not the envelope.
  r.get("/altcha-challenge", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await createAltchaChallenge(c.var.deps));
  });

  // The no-JavaScript fallback, fetched by the web tier's loader and rendered inline.
  r.get("/image", async (c) => {
    c.header("cache-control", "no-store");
    return ok(c, await createImageChallenge(c.var.deps));
  });

  return r;
}
