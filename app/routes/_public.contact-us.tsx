import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { contactAction } from "~/utils/contact.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Contact Us") }];

export async function action(args: ActionFunctionArgs) {
  return contactAction(args, "/contact-us");
}

export default function ContactUs() {
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Contact Us</h1>
      <p className="mt-2 text-slate-600">
        Questions about your earnings, a withdrawal or your account? Send us a message and we will reply by
        e-mail, usually within one working day.
      </p>
      <div className="card mt-6">
        <ContactForm actionData={actionData} heading={null} />
      </div>
    </main>
  );
}
