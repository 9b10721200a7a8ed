import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import {
  GoogleSignUpSchema,
  PASSWORD_MISMATCH,
  PASSWORD_MISMATCH_MS,
  SignUpSchema,
  type SignUpFailure,
} from "~/components/signup-form";
import { humanCheckChallenge, humanCheckFromForm } from "./human-check.server";
import { actionToast, callApiOrNull, redirectIfLoggedIn } from "./session.server";
import { redirectWithToast } from "./toast.server";
import { GENERIC_FAILURE } from "../../shared/messages";
import { localeOf, requestT } from "../i18n/i18n.server";
import { localizeMessage } from "../../shared/i18n/apiMessages";
import { privacyBody } from "~/components/privacy-notice";
import type { PrivacyNoticeInfo } from "../../shared/contracts/privacy";
import { DEFAULT_AGE_CHECK, PRIVACY_NOTICE_VERSION } from "../../shared/privacyNotice";

/**
 * The notice's version and the owner's age check, from the API (issue 44); the built-in version
 * and the date of birth when the API cannot be read (the API checks the answer either way).
 */
async function privacyNoticeInfo(request: Request, context: AppLoadContext): Promise<PrivacyNoticeInfo> {
  const res = await callApiOrNull(request, context, "/userRoute/privacy_notice", {});
  const msg = res?.ok ? res.body.msg : undefined;
  return msg && typeof msg === "object"
    ? msg
    : { notice_version: PRIVACY_NOTICE_VERSION, age_check: DEFAULT_AGE_CHECK };
}

/** Each item of a sign-up error list stays about 4 s (spec 1 §9). */
export const SIGNUP_ERROR_ITEM_MS = 4000;

/** Shared by /signup and /signup/ref/{id}. */
export async function signUpLoader(request: Request, context: AppLoadContext, referrer: string | null) {
  await redirectIfLoggedIn(request, context);
  return {
    privacy: await privacyNoticeInfo(request, context),
    challenge: humanCheckChallenge(context),
    googleEnabled: context.publicEnv.GOOGLE_ENABLED,
    referrer,
  };
}

function failure(reply: SignUpFailure, status = 400) {
  return data<SignUpFailure>(reply, { status });
}

/** The error_msg list items ([{msg}] or strings) as text. */
export function errorItems(errorMsg: unknown): string[] {
  if (!Array.isArray(errorMsg)) return [];
  return errorMsg
    .map((x) =>
      typeof x === "string"
        ? x
        : typeof x === "object" && x && typeof (x as { msg?: unknown }).msg === "string"
          ? (x as { msg: string }).msg
          : "",
    )
    .filter(Boolean);
}

export async function signUpAction(request: Request, context: AppLoadContext, referrer: string | null) {
  const t = requestT(request);
  const formData = await request.formData();

  if (formData.get("intent") === "google") {
    const submission = parseWithZod(formData, { schema: GoogleSignUpSchema });
    if (submission.status !== "success") {
      return failure({
        result: submission.reply(),
        toast: actionToast({ type: "error", title: t("pub.signup.termsRequired") }),
      });
    }
    const target = new URLSearchParams({ mode: "signup", terms: "on" });
    if (referrer) target.set("ref", referrer);
    return redirect(`/auth/google?${target.toString()}`);
  }

  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const hidden = ["password", "confirm_password"];
  if (submission.status !== "success") {
    const mismatch = submission.error?.confirm_password?.includes(PASSWORD_MISMATCH);
    return failure({
      result: submission.reply({ hideFields: hidden }),
      toast: mismatch
        ? actionToast({
            type: "error",
            title: t("pub.signup.passwordMismatch"),
            duration: PASSWORD_MISMATCH_MS,
          })
        : null,
    });
  }
  const v = submission.value;
  const humanCheck = humanCheckFromForm(formData, request);
  const result = await callApiOrNull(request, context, "/userRoute/signUp", {
    obj: {
      name: v.name,
      mobile_number: Number(v.mobile_number),
      email_address: v.email_address,
      password: v.password,
      ...privacyBody(v),
      ...(referrer ? { refer_by: referrer } : {}),
      ...(humanCheck ? { human_check: humanCheck } : {}),
    },
  });
  if (result?.ok) {
    return redirectWithToast(context, "/login", { type: "success", title: t("pub.signup.success") });
  }
  const body = result?.body;
  if (body?.error_code === "already_registered") {
    return redirectWithToast(context, "/login", {
      type: "info",
      title: t("pub.signup.alreadyRegistered"),
    });
  }
  const status = result && result.status >= 400 && result.status < 500 ? result.status : 400;
  const items = errorItems(body?.error_msg);
  if (items.length) {
    return failure(
      {
        result: submission.reply({ formErrors: items, hideFields: hidden }),
        toast: actionToast({
          type: "error",
          title: items.join(" "),
          duration: SIGNUP_ERROR_ITEM_MS * items.length,
        }),
      },
      status,
    );
  }
  let message = localizeMessage(localeOf(request), GENERIC_FAILURE);
  if (typeof body?.error_msg === "string" && body.error_msg) message = body.error_msg;
  else if (body && body.msg !== undefined) message = t("pub.signup.tryLater");
  return failure(
    {
      result: submission.reply({ formErrors: [message], hideFields: hidden }),
      toast: actionToast({ type: "error", title: message }),
    },
    status,
  );
}
