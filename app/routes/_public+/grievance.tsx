import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactForm, type ContactActionData } from "~/components/contact-form";
import { AlertBox } from "~/components/confirm-dialog";
import { useFormat } from "~/i18n/format";
import { callApi } from "~/utils/api.server";
import { grievanceAction } from "~/utils/contact.server";
import { pageTitle } from "~/utils/meta";
import type { GrievanceOfficer } from "../../../shared/contracts/support";
import { DEFAULT_GRIEVANCE_OFFICER } from "../../../shared/grievance";

/**
 * The grievance officer (issue 44; IT Rules 2021, rule 3(2)): who they are and how to reach them,
 * the clocks the owner set, and the form that files a grievance — answered at once with its
 * reference. Linked from the footer of every page; works without JavaScript.
 */
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "pub.grievance") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const result = await callApi(request, context, "/userMessageRoute/grievance_officer");
    return {
      officer:
        result.ok && result.body.msg ? (result.body.msg as GrievanceOfficer) : DEFAULT_GRIEVANCE_OFFICER,
    };
  } catch {
    // The API cannot be read: the rule's clocks, no officer.
    return { officer: DEFAULT_GRIEVANCE_OFFICER };
  }
}

export async function action(args: ActionFunctionArgs) {
  return grievanceAction(args);
}

type Filed = { filed: { reference: string; resolve_by: string } };

export default function Grievance() {
  const { officer } = useLoaderData<typeof loader>();
  const actionData = useActionData<ContactActionData | Filed>();
  const { t } = useTranslation();
  const format = useFormat();
  const filed = actionData && "filed" in actionData ? actionData.filed : null;
  const named = Boolean(officer.name || officer.email || officer.address);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t("pub.grievance.heading")}</h1>
      <p className="mt-2 text-slate-600">
        {t("pub.grievance.intro", { hours: officer.acknowledge_hours, days: officer.resolve_days })}
      </p>
      <section className="card mt-6" aria-labelledby="grievance-officer">
        <h2 id="grievance-officer" className="text-lg font-semibold text-slate-900">
          {t("pub.grievance.officer")}
        </h2>
        {named ? (
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-slate-600">{t("pub.grievance.name")}</dt>
            <dd className="break-words text-slate-900">{officer.name}</dd>
            <dt className="font-medium text-slate-600">{t("pub.grievance.email")}</dt>
            <dd className="break-words text-slate-900">
              {officer.email ? <a href={`mailto:${officer.email}`}>{officer.email}</a> : null}
            </dd>
            <dt className="font-medium text-slate-600">{t("pub.grievance.address")}</dt>
            <dd className="whitespace-pre-line break-words text-slate-900">{officer.address}</dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm text-slate-600">{t("pub.grievance.notNamed")}</p>
        )}
      </section>
      <div className="card mt-6">
        {filed ? (
          <AlertBox tone="success" title={t("pub.grievance.received")}>
            <p>{t("pub.grievance.reference", { reference: filed.reference })}</p>
            <p>{t("pub.grievance.resolveBy", { date: format.time(filed.resolve_by) })}</p>
          </AlertBox>
        ) : (
          <ContactForm
            actionData={actionData && "result" in actionData ? actionData : undefined}
            heading={t("pub.grievance.form")}
          />
        )}
      </div>
    </main>
  );
}
