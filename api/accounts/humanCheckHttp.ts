import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { ApiEnv } from "../http";
import { CHALLENGE_TTL_MS, createAltchaChallenge, createImageChallenge } from "./humanCheck";
import { IMAGE_TOKEN_COOKIE } from "../../shared/humanCheck";

/** Challenges for the login and sign-up forms (docs/api/humanCheck.md). Answers are checked by those endpoints. */
export function humanCheckRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // The ALTCHA widget fetches this itself, so it answers with the bare challenge, not the envelope.
  r.get("/altcha-challenge", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await createAltchaChallenge(c.var.deps));
  });

  // The no-JavaScript fallback: the forms show it as an <img> only browsers without scripts load,
  // so pages stay the same for every visitor. Its token goes with it, in a cookie the form's action reads.
  r.get("/image.svg", async (c) => {
    const { svg, token } = await createImageChallenge(c.var.deps);
    setCookie(c, IMAGE_TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: CHALLENGE_TTL_MS / 1000,
      secure: c.var.deps.config.NODE_ENV === "production",
    });
    c.header("cache-control", "no-store");
    // Opened on its own, the picture is a document: it may not run or load anything.
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(svg, 200, { "content-type": "image/svg+xml; charset=utf-8" });
  });

  return r;
}
