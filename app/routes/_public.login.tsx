import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { LoginForm, LoginSchema, type LoginFailure } from "~/components/login-form";
import { ActionToast } from "~/utils/client-toast";
import { humanCheckChallenge, humanCheckFromForm } from "~/utils/human-check.server";
import {
  actionToast,
  callApiOrNull,
  forwardedCookies,
  GENERIC_ERROR,
  redirectIfLoggedIn,
} from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Login | Rupee Rewards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfLoggedIn(request, context);
  return {
    challenge: await humanCheckChallenge(request, context),
    googleEnabled: context.publicEnv.GOOGLE_ENABLED,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data<LoginFailure>(
      { result: submission.reply({ hideFields: ["password"] }), toast: null, errorCode: null },
      { status: 400 },
    );
  }
  const humanCheck = humanCheckFromForm(formData);
  const result = await callApiOrNull(request, context, "/userRoute/login", {
    obj: {
      email_userName: submission.value.email_userName,
      password: submission.value.password,
      loginRemember_state: submission.value.loginRemember_state === true,
      ...(humanCheck ? { human_check: humanCheck } : {}),
    },
  });
  if (result?.ok) {
    // The API's Set-Cookie carries the session; the toast rides along in the same redirect.
    return redirectWithToast(
      context,
      "/member/dashboard",
      { type: "success", title: "Login Success!" },
      { headers: forwardedCookies(result) },
    );
  }
  const apiMessage =
    typeof result?.body.error_msg === "string" && result.body.error_msg ? result.body.error_msg : null;
  const message = apiMessage ?? GENERIC_ERROR;
  return data<LoginFailure>(
    {
      result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
      toast: actionToast({ type: "error", title: message }),
      errorCode: result?.body.error_code ?? null,
    },
    { status: result && result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export default function LoginPage() {
  const { challenge, googleEnabled } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="card p-6">
        <h1 className="text-2xl font-bold">Login</h1>
        <p className="mb-5 mt-1 text-sm text-slate-600">Welcome back! Log in to keep earning.</p>
        <LoginForm challenge={challenge} googleEnabled={googleEnabled} failure={failure} />
      </div>
      <ActionToast toast={failure?.toast} />
    </main>
  );
}
