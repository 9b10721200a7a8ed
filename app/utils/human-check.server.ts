import { readCookie } from "../../shared/cookies";
import type { AppLoadContext } from "@remix-run/node";
import type { HumanCheckChallenge } from "~/components/human-check";
import { IMAGE_TOKEN_COOKIE } from "../../shared/humanCheck";
import type { HumanCheckAnswer } from "../../shared/contracts/accounts";

export type { HumanCheckChallenge };

/**
 * Called in the login/sign-up loaders. Nothing per visitor: the widget fetches its challenge, and
 * the picture (for browsers without scripts) is an image that brings its own token in a cookie.
 */
export function humanCheckChallenge(context: AppLoadContext): HumanCheckChallenge {
  if (context.publicEnv.HUMAN_CHECK === "off") return { mode: "off" };
  return {
    mode: "altcha",
    challengeUrl: "/humanCheck/altcha-challenge",
    imageUrl: "/humanCheck/image.svg",
  };
}

const field = (formData: FormData, name: string): string | undefined => {
  const v = formData.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/** The picture's token, from the cookie its image set. */
function imageToken(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, IMAGE_TOKEN_COOKIE);
}

/**
 * Reads the widget's answer, or the picture's answer with its token (from the request's cookie),
 * from a posted form; undefined when none was sent.
 */
export function humanCheckFromForm(formData: FormData, request: Request): HumanCheckAnswer | undefined {
  const altcha = field(formData, "altcha");
  if (altcha) return { altcha };
  const image_answer = field(formData, "human_check_answer");
  if (!image_answer) return undefined;
  const image_token = imageToken(request.headers.get("cookie"));
  return image_token ? { image_token, image_answer } : { image_answer };
}
