import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { TFunction } from "i18next";
import { errorText } from "./api.server";
import { callApiOrNull } from "./session.server";
import type { ApiBody } from "../../shared/envelope";
import { redirectWithToast } from "./toast.server";
import { GENERIC_FAILURE } from "../../shared/messages";
import { localeOf, requestT } from "../i18n/i18n.server";
import { localizeMessage } from "../../shared/i18n/apiMessages";

/**
 * The browser side of Google sign-in (authorization-code flow with PKCE). /auth/google keeps the
 * state, the PKCE verifier, the mode and the referrer in a short-lived signed cookie and sends the
 * browser to the provider; /auth/google/callback checks the state and lets the API exchange the code.
 */
const CALLBACK_PATH = "/auth/google/callback";

const FlowSchema = z.object({
  state: z.string(),
  verifier: z.string(),
  mode: z.enum(["login", "signup"]),
  ref: z.string().nullable(),
});
type Flow = z.infer<typeof FlowSchema>;

const cookies = new Map<string, ReturnType<typeof createCookie>>();
function flowCookie(context: AppLoadContext) {
  const key = `${context.secureCookies ? "s" : "-"}${context.sessionSecret}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("google_flow", {
      path: "/auth/google",
      httpOnly: true,
      // Lax: the provider sends the browser back with a top-level GET, which carries it.
      sameSite: "lax",
      maxAge: 10 * 60,
      secure: context.secureCookies,
      secrets: [context.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

function signUpPage(ref: string | null): string {
  return ref ? `/signup/ref/${encodeURIComponent(ref)}` : "/signup";
}

const redirectUri = (request: Request) => new URL(CALLBACK_PATH, new URL(request.url).origin).href;

/** Starts the flow, from the login page's link or the sign-up page's button (which needs `terms=on`). */
export async function startGoogleSignIn(
  request: Request,
  context: AppLoadContext,
  input: URLSearchParams | FormData,
) {
  const t = requestT(request);
  const genericFailure = localizeMessage(localeOf(request), GENERIC_FAILURE);
  const mode = input.get("mode") === "signup" ? "signup" : "login";
  const rawRef = input.get("ref");
  const ref = typeof rawRef === "string" && rawRef.trim() ? rawRef.trim().slice(0, 64) : null;
  const back = mode === "signup" ? signUpPage(ref) : "/login";
  if (!context.publicEnv.GOOGLE_ENABLED) {
    return redirectWithToast(context, back, { type: "error", title: t("pub.google.notConfigured") });
  }
  if (mode === "signup" && input.get("terms") !== "on") {
    return redirectWithToast(context, back, { type: "error", title: t("pub.signup.termsRequired") });
  }
  const flow: Flow = {
    state: randomBytes(24).toString("base64url"),
    verifier: randomBytes(32).toString("base64url"),
    mode,
    ref,
  };
  const codeChallenge = createHash("sha256").update(flow.verifier).digest("base64url");
  const result = await callApiOrNull(request, context, "/userRoute/user_signUp_login_google", {
    query: { redirect_uri: redirectUri(request), state: flow.state, code_challenge: codeChallenge },
  });
  const answer = result?.ok ? result.body.msg : undefined;
  const target = typeof answer === "object" ? answer.authorization_url : undefined;
  if (!target)
    return redirectWithToast(context, back, {
      type: "error",
      title: result ? errorText(result.body, genericFailure) : genericFailure,
    });
  return redirect(target, { headers: { "set-cookie": await flowCookie(context).serialize(flow) } });
}

/** What the member reads when Google sign-in fails (spec 1 §8, Google sign-up and Google login). */
function failureMessage(t: TFunction, flow: Flow, body: ApiBody, genericFailure: string): string {
  // A Google sign-up of an e-mail registered with a password reads the spec's longer sentence.
  if (flow.mode === "signup" && body.error_code === "login_with_password")
    return t("pub.google.alreadyRegistered");
  return errorText(body, genericFailure);
}

/** The provider sent the browser back: check the state, let the API sign the member in, pass its cookie on. */
export async function finishGoogleSignIn(request: Request, context: AppLoadContext) {
  const t = requestT(request);
  const genericFailure = localizeMessage(localeOf(request), GENERIC_FAILURE);
  const cookie = flowCookie(context);
  const clear = await cookie.serialize("", { maxAge: 0 });
  const fail = (title: string) =>
    redirectWithToast(context, "/login", { type: "error", title }, { headers: { "set-cookie": clear } });

  const parsed = FlowSchema.safeParse(await cookie.parse(request.headers.get("cookie")));
  const params = new URL(request.url).searchParams;
  // No flow cookie (expired, or a callback this browser never started) or another state: not ours to finish.
  if (!parsed.success || params.get("state") !== parsed.data.state) return fail(genericFailure);
  const flow = parsed.data;
  if (params.get("error"))
    return fail(params.get("error") === "access_denied" ? t("pub.google.cancelled") : genericFailure);

  const result = await callApiOrNull(request, context, "/userRoute/user_signUp_login_google", {
    query: {
      google_code: params.get("code") ?? "",
      redirect_uri: redirectUri(request),
      code_verifier: flow.verifier,
      iss: params.get("iss") ?? undefined,
      ...(flow.mode === "login"
        ? { userAlreadyHaveAccount_state: "true" }
        : { referral_id_signup: flow.ref ?? "" }),
    },
  });
  if (!result) return fail(genericFailure);
  if (!result.ok) return fail(failureMessage(t, flow, result.body, genericFailure));
  const headers = new Headers({ "set-cookie": clear });
  for (const c of result.setCookies) headers.append("set-cookie", c);
  return redirectWithToast(
    context,
    "/member/dashboard",
    { type: "success", title: t("pub.login.success") },
    { headers },
  );
}
