import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { parseWithZod } from "@conform-to/zod";
import { LoginForm, LoginSchema, type LoginFailure } from "~/components/login-form";
import { SecondFactorForm, SecondFactorSchema, type SecondFactorStep } from "~/components/second-factor-form";
import { ActionToast } from "~/utils/client-toast";
import { humanCheckChallenge, humanCheckFromForm } from "~/utils/human-check.server";
import { actionToast, callApiOrNull, forwardedCookies, redirectIfLoggedIn } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { ApiResult } from "~/utils/api.server";
import { localeOf, requestT } from "~/i18n/i18n.server";
import { pageTitle } from "~/utils/meta";
import { DEFAULT_LOGIN_LANDING, LOGIN_RETURN_PARAM, loginLanding, loginPathFor } from "~/utils/login-return";
import { siteOriginOf } from "../../../shared/sameSite";
import { localizeMessage } from "../../../shared/i18n/apiMessages";
import { GENERIC_FAILURE } from "../../../shared/messages";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.login") }];

/** The shared failure sentence in the request's language. */
const genericFailure = (request: Request) => localizeMessage(localeOf(request), GENERIC_FAILURE);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfLoggedIn(request, context);
  return {
    challenge: humanCheckChallenge(context),
    googleEnabled: context.publicEnv.GOOGLE_ENABLED,
  };
}

/** A closed (banned) account's refusal carries `accountClosed`: the page shows how to appeal. */
type LoginAnswer = (LoginFailure & { accountClosed?: boolean }) | SecondFactorStep;

const isSecondFactorStep = (a: LoginAnswer | undefined): a is SecondFactorStep =>
  Boolean(a && "secondFactor" in a);

/** The page asked for in `?redirectTo=` (a path of this site), else the dashboard. */
const landingOf = (request: Request) =>
  loginLanding(new URL(request.url).searchParams.get(LOGIN_RETURN_PARAM), siteOriginOf(request));

/**
 * Either step's success: the API's Set-Cookie carries the session, the toast rides in the same
 * redirect, to the page the visitor was sent here from (`?redirectTo=`, kept by both steps' forms,
 * which post to this URL) or the dashboard.
 */
function signedIn(request: Request, context: ActionFunctionArgs["context"], result: ApiResult) {
  return redirectWithToast(
    context,
    landingOf(request),
    { type: "success", title: requestT(request)("pub.login.success") },
    { headers: forwardedCookies(result) },
  );
}

/** The second step: the ticket from the first and the authenticator code. */
async function secondFactorAction(
  request: Request,
  context: ActionFunctionArgs["context"],
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: SecondFactorSchema });
  const ticket = typeof formData.get("ticket") === "string" ? String(formData.get("ticket")) : "";
  const remember = formData.get("remember") === "true";
  if (submission.status !== "success") {
    return data<LoginAnswer>(
      { secondFactor: { ticket, remember }, result: submission.reply({ hideFields: ["code"] }) },
      { status: 400 },
    );
  }
  const result = await callApiOrNull(request, context, "/userRoute/login_second_factor", {
    obj: {
      ticket: submission.value.ticket,
      code: submission.value.code,
      loginRemember_state: submission.value.remember === "true",
    },
  });
  if (result?.ok) return signedIn(request, context, result);
  const message =
    typeof result?.body.error_msg === "string" && result.body.error_msg
      ? result.body.error_msg
      : genericFailure(request);
  // A dead ticket sends the operator back to the password; a wrong code (or a wait) stays on the code.
  if (result?.body.error_code === "invalid_token") {
    const landing = landingOf(request);
    const again = landing === DEFAULT_LOGIN_LANDING ? "/login" : loginPathFor(landing);
    return redirectWithToast(context, again, { type: "error", title: message });
  }
  return data<LoginAnswer>(
    {
      secondFactor: { ticket, remember },
      result: submission.reply({ formErrors: [message], hideFields: ["code"] }),
    },
    { status: result && result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "second_factor") return secondFactorAction(request, context, formData);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data<LoginAnswer>(
      { result: submission.reply({ hideFields: ["password"] }), toast: null, errorCode: null },
      { status: 400 },
    );
  }
  const humanCheck = humanCheckFromForm(formData, request);
  const result = await callApiOrNull(request, context, "/userRoute/login", {
    obj: {
      email_userName: submission.value.email_userName,
      password: submission.value.password,
      loginRemember_state: submission.value.loginRemember_state === true,
      ...(humanCheck ? { human_check: humanCheck } : {}),
    },
  });
  if (result?.ok) return signedIn(request, context, result);
  if (
    result?.body.error_code === "second_factor_required" &&
    typeof result.body.second_factor_ticket === "string"
  ) {
    return data<LoginAnswer>({
      secondFactor: {
        ticket: result.body.second_factor_ticket,
        remember: submission.value.loginRemember_state === true,
      },
      result: null,
    });
  }
  const apiMessage =
    typeof result?.body.error_msg === "string" && result.body.error_msg ? result.body.error_msg : null;
  const message = apiMessage ?? genericFailure(request);
  return data<LoginAnswer>(
    {
      result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
      toast: actionToast({ type: "error", title: message }),
      errorCode: result?.body.error_code ?? null,
      accountClosed: result?.body.account_closed === true,
    },
    { status: result && result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export default function LoginPage() {
  const { challenge, googleEnabled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as LoginAnswer | undefined;
  const { t } = useTranslation();
  if (isSecondFactorStep(answer)) {
    return (
      <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
        <div className="card p-6">
          <h1 className="mb-5 text-2xl font-bold">{t("pub.login.twoStep")}</h1>
          <SecondFactorForm step={answer} />
        </div>
      </main>
    );
  }
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="card p-6">
        <h1 className="text-2xl font-bold">{t("pub.login.heading")}</h1>
        <p className="mb-5 mt-1 text-sm text-slate-600">{t("pub.login.welcome")}</p>
        {answer && "accountClosed" in answer && answer.accountClosed ? (
          <div
            role="alert"
            data-testid="account-closed"
            className="mb-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
          >
            <p className="font-semibold">{t("pub.login.closed")}</p>
            <p className="mt-1">
              <Trans
                i18nKey="pub.login.appeal"
                components={{ go: <Link to="/contact-us" className="font-semibold underline" /> }}
              />
            </p>
          </div>
        ) : null}
        <LoginForm challenge={challenge} googleEnabled={googleEnabled} failure={answer} />
      </div>
      <ActionToast toast={answer?.toast} />
    </main>
  );
}
