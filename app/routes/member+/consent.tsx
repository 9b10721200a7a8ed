import { pageTitle } from "~/utils/meta";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { errorText, memberApi, memberRead } from "~/utils/api.server";
import { forwardedCookies } from "~/utils/session.server";
import { ErrorList, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import {
  ConsentAndAgeFields,
  PrivacyFormFields,
  PrivacyNotice,
  privacyBody,
} from "~/components/privacy-notice";
import { requestT } from "~/i18n/i18n.server";
import { siteOriginOf } from "../../../shared/sameSite";
import { consentBack } from "~/utils/consent-back";

/**
 * The consent step (issue 44 §1, §3): a member whose last acceptance is older than the notice in
 * force (or who has none: members from before, a new Google sign-in), or who has given no age
 * answer, is sent here by the member frame before any other member page (session.server.ts), and
 * back to `back` (a path of this site only) once they accept. An under-18 answer stops the account
 * and signs them out: they land on /adults-only.
 */

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data?.title ?? "Privacy notice") },
];

const StepSchema = z.object(PrivacyFormFields);

const backOf = (request: Request) =>
  consentBack(new URL(request.url).searchParams.get("back"), siteOriginOf(request));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await memberRead(request, context, "/userRoute/privacy_get");
  if (!state.notice_due && !state.age_due) throw redirect(backOf(request));
  const marketing = state.purposes.find((p) => p.purpose === "marketing_mail");
  return {
    title: requestT(request)("privacy.step.title"),
    version: state.notice_version,
    noticeDue: state.notice_due,
    firstNotice: state.purposes.every((p) => p.notice_version === null),
    ageDue: state.age_due,
    ageCheck: state.age_check,
    marketing: marketing?.granted === true,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: StepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const res = await memberApi(request, context, "/userRoute/privacy_accept", {
    method: "POST",
    json: privacyBody(submission.value),
  });
  if (res.ok) throw redirect(backOf(request));
  if (res.status === 403) throw redirect("/adults-only", { headers: forwardedCookies(res) });
  return data(
    { result: submission.reply({ formErrors: [errorText(res.body)] }) },
    { status: res.status >= 400 && res.status < 500 ? res.status : 400 },
  );
}

export default function ConsentStep() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useTranslation();
  const [form, fields] = useAppForm({
    id: "consent-step",
    lastResult: actionData?.result,
    schema: StepSchema,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">{t("privacy.step.heading")}</h1>
      {d.noticeDue ? (
        <p className="text-slate-700">
          {d.firstNotice
            ? t("privacy.step.firstNotice")
            : t("privacy.step.newNotice", { version: d.version })}
        </p>
      ) : null}
      {d.ageDue ? <p className="text-slate-700">{t("privacy.step.age")}</p> : null}
      <PrivacyNotice version={d.version} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="card space-y-4"
        aria-labelledby="privacy-notice-heading"
      >
        <ErrorList id={form.errorId} errors={form.errors} />
        <ConsentAndAgeFields
          version={d.version}
          ageCheck={d.ageCheck}
          askAge={d.ageDue}
          marketingDefault={d.marketing}
          fields={fields}
        />
        <SubmitButton pending={pending}>{t("privacy.step.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
