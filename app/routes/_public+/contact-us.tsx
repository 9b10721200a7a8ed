import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/contact-form";
import { contactAction } from "~/utils/contact.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.contactUs") }];

export async function action(args: ActionFunctionArgs) {
  return contactAction(args, "/contact-us");
}

export default function ContactUs() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t("pub.contact.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("pub.contact.intro")}</p>
      <div className="card mt-6">
        <ContactForm actionData={actionData} heading={null} />
      </div>
    </main>
  );
}
