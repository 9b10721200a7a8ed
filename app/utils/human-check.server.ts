import type { AppLoadContext } from "@remix-run/node";
import type { HumanCheckChallenge } from "~/components/human-check";
import { callApi } from "./api.server";

export type { HumanCheckChallenge };

/** What the login and sign-up actions put into the API body as `human_check`. */
export interface HumanCheckAnswer {
  altcha?: string;
  image_token?: string;
  image_answer?: string;
}

/**
 * Called in the login/sign-up loaders. The image challenge is always rendered so the form works
 * without JavaScript; the browser swaps it for the ALTCHA widget once scripts run.
 */
export async function humanCheckChallenge(
  request: Request,
  context: AppLoadContext,
): Promise<HumanCheckChallenge> {
  if (context.publicEnv.HUMAN_CHECK === "off") return { mode: "off" };
  const result = await callApi<{ svg: string; token: string }>(request, context, "/humanCheck/image");
  const image = result.ok && result.body.msg ? result.body.msg : null;
  return { mode: "altcha", challengeUrl: "/humanCheck/altcha-challenge", image };
}

const field = (formData: FormData, name: string): string | undefined => {
  const v = formData.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/** Reads the widget's or the image challenge's fields from a posted form; undefined when none were sent. */
export function humanCheckFromForm(formData: FormData): HumanCheckAnswer | undefined {
  const answer: HumanCheckAnswer = {
    altcha: field(formData, "altcha"),
    image_token: field(formData, "human_check_token"),
    image_answer: field(formData, "human_check_answer"),
  };
  for (const k of Object.keys(answer) as (keyof HumanCheckAnswer)[])
    if (answer[k] === undefined) delete answer[k];
  return Object.keys(answer).length ? answer : undefined;
}
