import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { useIsPending } from "~/components/forms";
import { answer, change, formValues, preview } from "./content/actions.server";
import { ContentForm } from "./content/editor";
import { NoHindiYet } from "./content/markdown";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Texts and Statistics · Content · Operator Console") },
];

const TEXTS = [
  {
    key: "gift_code_page_message",
    title: "Gift code page message",
    text: "Shown above the gift code form on the member's GiftCode page.",
  },
  {
    key: "referral_page_text",
    title: "Referral page text",
    text: "Shown on the member's Refer & Earn page, beside the referral link.",
  },
] as const;
const MAX = 5000;

const STATS = [
  { name: "users", label: "Users" },
  { name: "userCompletedTask", label: "Completed tasks" },
  { name: "visitorsLast30Days", label: "Visitors in the last 30 days" },
  { name: "totalWithdrawalAmount", label: "Total withdrawn (whole rupees)" },
] as const;
const STATS_MAX = {
  users: 1e12,
  userCompletedTask: 1e12,
  visitorsLast30Days: 1e12,
  totalWithdrawalAmount: 1e10,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/content/texts");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const formId = form.get("form");
  const back = "/admin/content/texts";
  if (formId === "stats") {
    const values = formValues(
      form,
      STATS.map((s) => s.name),
    );
    const json: Record<string, number> = {};
    for (const s of STATS) {
      const raw = (values[s.name] ?? "").trim();
      if (!/^\d{1,13}$/.test(raw) || Number(raw) > STATS_MAX[s.name])
        return answer(
          { form: "stats", values, error: `${s.label}: a whole number from 0 to ${STATS_MAX[s.name]}.` },
          400,
        );
      json[s.name] = Number(raw);
    }
    return change(
      request,
      context,
      "/adminRoute/content/stats-base",
      { method: "PATCH", json },
      back,
      "stats",
      values,
    );
  }
  const text = TEXTS.find((t) => t.key === formId);
  if (!text) return answer({ error: "Choose a text." }, 400);
  const values = formValues(form, ["html", "html_hi"]);
  const html = values.html ?? "";
  const htmlHi = values.html_hi ?? "";
  if (!html.trim()) return answer({ form: text.key, values, error: "The text is required." }, 400);
  if (html.length > MAX || htmlHi.length > MAX)
    return answer({ form: text.key, values, error: `At most ${MAX} characters.` }, 400);
  const intent = form.get("intent");
  if (intent === "preview") return preview(request, context, text.key, values, html, htmlHi);
  if (intent !== "save") return answer({ form: text.key, values, error: "Choose Preview or Save." }, 400);
  return change(
    request,
    context,
    "/adminRoute/content/texts",
    { method: "PATCH", json: { key: text.key, html, html_hi: htmlHi } },
    back,
    text.key,
    values,
  );
}

export default function AdminContentTexts() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const statsAnswer = actionData?.form === "stats" ? actionData : null;
  const stats =
    statsAnswer?.values ??
    Object.fromEntries(STATS.map((s) => [s.name, String(d.public_stats_base[s.name])]));
  const saving = useIsPending({ fields: { form: "stats" } });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Texts and statistics</h1>
      {TEXTS.map((t) => (
        <section key={t.key} className="card" aria-labelledby={`${t.key}-heading`}>
          <h2 id={`${t.key}-heading`} className="text-lg font-semibold">
            {t.title}
            {d[`${t.key}_hi`]?.trim() ? null : (
              <span className="ml-2 align-middle">
                <NoHindiYet />
              </span>
            )}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t.text}</p>
          <div className="mt-3">
            <ContentForm
              formId={t.key}
              label={t.title}
              fields={[
                { name: "html", label: `${t.title} (HTML)`, type: "html", max: MAX, required: true },
                {
                  name: "html_hi",
                  label: `${t.title} — Hindi HTML (optional)`,
                  type: "html",
                  max: MAX,
                  required: false,
                  lang: "hi",
                },
              ]}
              values={{ html: d[t.key], html_hi: d[`${t.key}_hi`] ?? "" }}
              saveIntent="save"
              saveLabel="Save"
              actionData={actionData}
            />
          </div>
        </section>
      ))}
      <section className="card" aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="text-lg font-semibold">
          Public statistics base
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The home page&apos;s figures start from these numbers (the site&apos;s history before this system)
          and add the live counts.
        </p>
        <Form
          method="post"
          aria-label="Public statistics base"
          className="mt-3 space-y-3"
          key={JSON.stringify(stats)}
        >
          <input type="hidden" name="form" value="stats" />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {STATS.map((s) => (
              <div key={s.name}>
                <label className="label" htmlFor={`stats-${s.name}`}>
                  {s.label}
                </label>
                <input
                  id={`stats-${s.name}`}
                  name={s.name}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={STATS_MAX[s.name]}
                  step={1}
                  required
                  defaultValue={stats[s.name]}
                />
              </div>
            ))}
          </div>
          {statsAnswer?.error ? (
            <p role="alert" className="field-error">
              {statsAnswer.error}
            </p>
          ) : null}
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            Save Statistics Base
          </button>
        </Form>
      </section>
    </div>
  );
}
