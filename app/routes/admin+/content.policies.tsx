import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { answer, change, formValues, preview } from "./content/actions.server";
import { ContentForm } from "./content/editor";
import { NoHindiYet } from "./content/markdown";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Policy Pages · Content · Operator Console") },
];

const SLUGS = ["privacy_policy", "terms_of_use", "dmca"] as const;
const MAX = 50_000;
const PUBLIC_PATH = {
  privacy_policy: "/privacy-policy",
  terms_of_use: "/terms-of-use",
  dmca: "/dmca",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/content/policies");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const slug = SLUGS.find((s) => s === form.get("form"));
  if (!slug) return answer({ error: "Choose a page." }, 400);
  const values = formValues(form, ["html", "html_hi"]);
  const html = values.html ?? "";
  const htmlHi = values.html_hi ?? "";
  if (!html.trim()) return answer({ form: slug, values, error: "The page's text is required." }, 400);
  if (html.length > MAX || htmlHi.length > MAX)
    return answer({ form: slug, values, error: `At most ${MAX} characters.` }, 400);
  const intent = form.get("intent");
  if (intent === "preview") return preview(request, context, slug, values, html, htmlHi, "markdown");
  if (intent !== "save") return answer({ form: slug, values, error: "Choose Preview or Save." }, 400);
  return change(
    request,
    context,
    `/adminRoute/content/policies/${slug}`,
    { method: "PATCH", json: { html, html_hi: htmlHi } },
    "/admin/content/policies",
    slug,
    values,
  );
}

export default function AdminContentPolicies() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Policy pages</h1>
        <p className="mt-1 text-sm text-slate-600">
          The whole page in Markdown (HTML works too): headings, paragraphs, lists and links.
        </p>
      </div>
      {d.records.map((p) => (
        <section key={p.slug} className="card" aria-labelledby={`${p.slug}-heading`}>
          <h2 id={`${p.slug}-heading`} className="text-lg font-semibold">
            {p.title}{" "}
            {p.html_hi?.trim() ? null : (
              <span className="align-middle">
                <NoHindiYet />{" "}
              </span>
            )}
            <a href={PUBLIC_PATH[p.slug]} className="text-sm font-normal text-brand-600 underline">
              Open the page<span className="sr-only"> {p.title}</span>
            </a>
          </h2>
          <div className="mt-3">
            <ContentForm
              formId={p.slug}
              label={p.title}
              fields={[
                {
                  name: "html",
                  label: `${p.title} — English`,
                  type: "markdown",
                  max: MAX,
                  required: true,
                  rows: 12,
                },
                {
                  name: "html_hi",
                  label: `${p.title} — Hindi (optional)`,
                  type: "markdown",
                  max: MAX,
                  required: false,
                  rows: 12,
                  lang: "hi",
                },
              ]}
              values={{ html: p.html, html_hi: p.html_hi ?? "" }}
              saveIntent="save"
              saveLabel="Save"
              actionData={actionData}
              multipart
            />
          </div>
        </section>
      ))}
    </div>
  );
}
