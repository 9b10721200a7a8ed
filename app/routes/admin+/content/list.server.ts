import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, change, formValues, idOf, istInstant, pageSearch, preview } from "./actions.server";
import type { ListConfig } from "./list";

/**
 * The action of a list page (announcements, FAQ items, home sections): preview, add, save, move,
 * and delete after its confirm step. Every change goes to the API, which checks the role, cleans
 * the HTML and audits it.
 */
export async function listAction({ request, context }: ActionFunctionArgs, config: ListConfig) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = idOf(form);
  const back = `${config.page}${pageSearch(request)}`;
  const names = config.fields.map((f) => f.name);
  const formId = id ? `edit-${id}` : "new";

  if (intent === "move") {
    const direction = form.get("direction");
    if (!id || (direction !== "up" && direction !== "down"))
      return answer({ error: "That item could not be moved: reload the page." }, 400);
    return change(
      request,
      context,
      `/adminRoute/content/order/${config.kind}/${id}`,
      { method: "POST", json: { direction } },
      back,
      "list",
      null,
    );
  }
  if (intent === "delete-check") {
    if (!id) return answer({ error: "That item no longer exists: reload the page." }, 400);
    const label = String(form.get("label") ?? "").slice(0, 80);
    return answer({ confirm: { form: "list", fields: { id, label }, label } });
  }
  if (intent === "delete") {
    if (!id) return answer({ error: "That item no longer exists: reload the page." }, 400);
    return change(
      request,
      context,
      `/adminRoute/content/${config.kind}/${id}`,
      { method: "DELETE" },
      back,
      "list",
      null,
    );
  }

  const values = formValues(form, names);
  for (const f of config.fields) {
    const v = values[f.name] ?? "";
    if (f.required && !v.trim())
      return answer({ form: formId, values, error: `${f.label} is required.` }, 400);
    if (v.length > f.max)
      return answer({ form: formId, values, error: `${f.label} must be at most ${f.max} characters.` }, 400);
  }
  if (intent === "preview")
    return preview(
      request,
      context,
      formId,
      values,
      values[config.htmlField] ?? "",
      config.htmlFieldHi ? (values[config.htmlFieldHi] ?? "") : undefined,
      config.fields.find((f) => f.name === config.htmlField)?.type === "markdown" ? "markdown" : "html",
    );
  if (intent !== "create" && intent !== "update") return answer({ error: "Choose Preview or save." }, 400);
  if (intent === "update" && !id)
    return answer({ error: "That item no longer exists: reload the page." }, 400);

  const json: Record<string, string> = {};
  for (const f of config.fields) {
    const v = values[f.name] ?? "";
    if (f.type !== "time") json[f.name] = v;
    else {
      const time = istInstant(v);
      if (time === null)
        return answer({ form: formId, values, error: `${f.label}: choose a date and time.` }, 400);
      if (time !== undefined) json[f.name] = time;
    }
  }
  return intent === "create"
    ? change(
        request,
        context,
        `/adminRoute/content/${config.kind}`,
        { method: "POST", json },
        back,
        formId,
        values,
      )
    : change(
        request,
        context,
        `/adminRoute/content/${config.kind}/${id}`,
        { method: "PATCH", json },
        back,
        formId,
        values,
      );
}

/** The item a list page opens for editing (`?edit=<id>`), or null. */
export function editParam(url: URL): number | null {
  const edit = Number(url.searchParams.get("edit"));
  return Number.isSafeInteger(edit) && edit > 0 ? edit : null;
}
