import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { HtmlContent } from "~/components/html-content";
import { answer, change, formValues, preview } from "./content/actions.server";
import { ContentForm, DeleteButton, DeleteConfirm, MoveButtons, shortText } from "./content/editor";
import { NoHindiYet } from "./content/markdown";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Instructions · Content · Operator Console") },
];

const KEYS = [
  "withdrawal_instructions",
  "convert_instructions",
  "ptc_instructions",
  "shortlink_instructions",
  "offerwall_instructions",
] as const;
type Key = (typeof KEYS)[number];
const MAX = 2000;
const MAX_ITEMS = 20;
const PAGE = "/admin/content/instructions";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = await operatorRead(request, context, "/adminRoute/content/instructions");
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  return { lists: d.lists, edit };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const key = KEYS.find((k) => k === form.get("list")) as Key | undefined;
  if (!key) return answer({ error: "Choose a list." }, 400);
  const intent = String(form.get("intent") ?? "");
  const rawIndex = String(form.get("index") ?? "");
  const index = /^\d{1,3}$/.test(rawIndex) ? Number(rawIndex) : null;
  const expected = typeof form.get("expected") === "string" ? String(form.get("expected")) : undefined;
  const formId = String(form.get("form") ?? "");
  const path = `/adminRoute/content/instruction-items/${key}`;
  const gone = () => answer({ error: "That item no longer exists: reload the page." }, 400);

  if (intent === "move") {
    const direction = form.get("direction");
    if (index === null || (direction !== "up" && direction !== "down")) return gone();
    return change(
      request,
      context,
      path,
      { method: "POST", json: { op: "move", index, direction, expected } },
      PAGE,
      "list",
      null,
    );
  }
  if (intent === "delete-check") {
    if (index === null) return gone();
    const label = String(form.get("label") ?? "").slice(0, 80);
    return answer({
      confirm: { form: "list", fields: { list: key, index: String(index), expected: expected ?? "" }, label },
    });
  }
  if (intent === "delete") {
    if (index === null) return gone();
    return change(
      request,
      context,
      path,
      { method: "POST", json: { op: "remove", index, expected } },
      PAGE,
      "list",
      null,
    );
  }

  const values = formValues(form, ["html", "html_hi"]);
  const html = values.html ?? "";
  const htmlHi = values.html_hi ?? "";
  if (!html.trim()) return answer({ form: formId, values, error: "The item's text is required." }, 400);
  if (html.length > MAX || htmlHi.length > MAX)
    return answer({ form: formId, values, error: `At most ${MAX} characters.` }, 400);
  if (intent === "preview") return preview(request, context, formId, values, html, htmlHi);
  if (intent === "add")
    return change(
      request,
      context,
      path,
      { method: "POST", json: { op: "add", html, html_hi: htmlHi } },
      PAGE,
      formId,
      values,
    );
  if (intent === "edit" && index !== null)
    return change(
      request,
      context,
      path,
      { method: "POST", json: { op: "edit", index, html, html_hi: htmlHi, expected } },
      PAGE,
      formId,
      values,
    );
  return answer({ form: formId, values, error: "Choose Preview or save." }, 400);
}

export default function AdminContentInstructions() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listError = actionData?.form === "list" && actionData.error ? actionData.error : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Instructions</h1>
        <p className="mt-1 text-sm text-slate-600">
          Each member page&apos;s instructions, as numbered items in this order. At most {MAX_ITEMS} items a
          list.
        </p>
      </div>
      {listError ? (
        <p role="alert" className="field-error">
          {listError}
        </p>
      ) : null}
      {d.lists.map((list) => (
        <section key={list.key} className="card space-y-3" aria-labelledby={`${list.key}-heading`}>
          <h2 id={`${list.key}-heading`} className="text-lg font-semibold">
            {list.label}
          </h2>
          {list.items.length === 0 ? (
            <p className="text-sm text-slate-600">No instructions: the page shows none.</p>
          ) : (
            <ol className="space-y-3" aria-label={`${list.label} instructions`}>
              {list.items.map((item, i) => {
                const what = `${list.label} item ${i + 1}`;
                const itemHi = list.items_hi?.[i] ?? "";
                const editing = d.edit === `${list.key}:${i}`;
                const hidden = { list: list.key, index: String(i), expected: item };
                return (
                  <li
                    key={`${i}-${item}`}
                    className="rounded-lg border border-slate-200 p-3"
                    id={`${list.key}-${i}`}
                  >
                    {editing ? (
                      <ContentForm
                        formId={`edit-${list.key}-${i}`}
                        label={`Edit ${what}`}
                        fields={[
                          {
                            name: "html",
                            label: `${what} (HTML)`,
                            type: "html",
                            max: MAX,
                            required: true,
                            rows: 4,
                          },
                          {
                            name: "html_hi",
                            label: `${what} — Hindi HTML (optional)`,
                            type: "html",
                            max: MAX,
                            required: false,
                            rows: 4,
                            lang: "hi",
                          },
                        ]}
                        values={{ html: item, html_hi: itemHi }}
                        hidden={hidden}
                        saveIntent="edit"
                        saveLabel="Save"
                        actionData={actionData}
                        cancelTo={PAGE}
                      />
                    ) : (
                      <>
                        <div className="flex gap-2">
                          <span className="font-semibold text-slate-500">{i + 1}.</span>
                          <div className="min-w-0 space-y-2">
                            <HtmlContent html={item} className="break-words text-sm" />
                            {itemHi ? (
                              <div className="border-l-2 border-slate-200 pl-3" lang="hi">
                                <HtmlContent html={itemHi} className="break-words text-sm" />
                              </div>
                            ) : (
                              <NoHindiYet />
                            )}
                          </div>
                        </div>
                        <div className="mt-2 flex flex-wrap gap-2">
                          <Link
                            to={`${PAGE}?edit=${encodeURIComponent(`${list.key}:${i}`)}#${list.key}-${i}`}
                            className="btn-secondary px-3 py-1.5 text-sm"
                          >
                            Edit<span className="sr-only"> {what}</span>
                          </Link>
                          <MoveButtons
                            hidden={hidden}
                            what={what}
                            first={i === 0}
                            last={i === list.items.length - 1}
                          />
                          <DeleteButton
                            hidden={{ ...hidden, label: `${what}: ${shortText(item, 50)}` }}
                            what={what}
                          />
                        </div>
                      </>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {list.items.length < MAX_ITEMS ? (
            <ContentForm
              formId={`add-${list.key}`}
              label={`Add an item to ${list.label}`}
              fields={[
                {
                  name: "html",
                  label: `New ${list.label} item (HTML)`,
                  type: "html",
                  max: MAX,
                  required: true,
                  rows: 3,
                },
                {
                  name: "html_hi",
                  label: `New ${list.label} item — Hindi HTML (optional)`,
                  type: "html",
                  max: MAX,
                  required: false,
                  rows: 3,
                  lang: "hi",
                },
              ]}
              values={{ html: "", html_hi: "" }}
              hidden={{ list: list.key }}
              saveIntent="add"
              saveLabel="Add Item"
              actionData={actionData}
            />
          ) : null}
        </section>
      ))}
      <DeleteConfirm actionData={actionData} />
    </div>
  );
}
