import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberApi } from "~/utils/api.server";
import { contactAction } from "~/utils/contact.server";
import { ContactForm } from "~/components/contact-form";
import { isMobileNumber } from "../../shared/fields";

export const meta: MetaFunction = () => [{ title: "Support" }];

/** The form starts filled with what the account already knows; the member can change any of it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [profile, account] = await Promise.all([
    memberApi(request, context, "/userRoute/userProfileData_get"),
    memberApi(request, context, "/userRoute/userpassword_and_email_get"),
  ]);
  const p = profile.ok ? profile.body.msg : undefined;
  const a = account.ok ? account.body.msg : undefined;
  const mobile = p?.mobile_number === null || p?.mobile_number === undefined ? "" : String(p.mobile_number);
  return {
    defaultValue: {
      name: p?.name ?? "",
      email_address: a?.email_address ?? "",
      mobile_number: isMobileNumber(mobile) ? mobile : "",
    },
  };
}

/** The shared contact action: the session cookie travels with the call, so the message is stored with the account. */
export async function action(args: ActionFunctionArgs) {
  return contactAction(args, "/member/support");
}

export default function SupportPage() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Support</h1>
      <p className="text-sm text-slate-600">
        Questions about a withdrawal, a conversion or your account? Write to us and we will reply by e-mail.
      </p>
      <div className="card">
        <ContactForm actionData={actionData} defaultValue={defaultValue} heading={null} />
      </div>
    </div>
  );
}
