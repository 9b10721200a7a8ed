import { data, type AppLoadContext } from "@remix-run/node";
import { operatorApi, savedText } from "~/utils/admin.server";
import { errorText, type ApiCall, type Untyped } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * What a content form's action answers when it does not redirect: the form it concerns, the values
 * sent (so the form shows them again), the server's preview of its HTML, an error, or the confirm
 * step of a delete. Every page of the content editor renders from this one shape.
 */
export interface ContentActionData {
  form: string | null;
  values: Record<string, string> | null;
  preview: string | null;
  /** The server's preview of the Hindi version, when the form has one and it is not empty. */
  previewHi: string | null;
  error: string | null;
  confirm: { form: string; fields: Record<string, string>; label: string } | null;
}

const EMPTY: ContentActionData = {
  form: null,
  values: null,
  preview: null,
  previewHi: null,
  error: null,
  confirm: null,
};

export const answer = (d: Partial<ContentActionData>, status = 200) => data({ ...EMPTY, ...d }, { status });

/** The submitted text fields (files and anything else are ignored). */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v : "";
  }
  return out;
}

/** A change to a path the list and editor pages build from their configuration (a path of the map, not a literal). */
const callBuilt = operatorApi as Untyped;

/**
 * The server's preview of `html` and, when given and not empty, of its Hindi version `htmlHi`:
 * the same cleaning the public pages get (and, for `markdown`, the same rendering first).
 */
export async function preview(
  request: Request,
  context: AppLoadContext,
  formId: string,
  values: Record<string, string>,
  html: string,
  htmlHi?: string,
  format: "html" | "markdown" = "html",
) {
  const one = async (text: string) => {
    const res = await operatorApi(request, context, "/adminRoute/content/preview", {
      method: "POST",
      json: format === "markdown" ? { html: text, format } : { html: text },
    });
    return res.ok && res.body.msg ? { html: res.body.msg.html } : { error: errorText(res.body) };
  };
  const en = await one(html);
  if (!("html" in en)) return answer({ form: formId, values, error: en.error }, 400);
  if (!htmlHi?.trim()) return answer({ form: formId, values, preview: en.html });
  const hi = await one(htmlHi);
  if (!("html" in hi)) return answer({ form: formId, values, error: hi.error }, 400);
  return answer({ form: formId, values, preview: en.html, previewHi: hi.html });
}

/**
 * A change sent to the API: on success back to `returnTo` with its message as a toast; refused,
 * the form again with its values and the API's reason.
 */
export async function change(
  request: Request,
  context: AppLoadContext,
  path: string,
  apiCall: ApiCall,
  returnTo: string,
  formId: string,
  values: Record<string, string> | null,
) {
  const res = await callBuilt(request, context, path, apiCall);
  if (res.ok)
    return redirectWithToast(context, returnTo, { type: "success", title: savedText(res.body.msg) });
  const status = res.status >= 400 && res.status < 500 ? res.status : 400;
  return answer({ form: formId, values, error: errorText(res.body) }, status);
}

/** A row id from a form: digits only, else null. */
export function idOf(form: FormData): string | null {
  const id = form.get("id");
  return typeof id === "string" && /^[1-9][0-9]{0,9}$/.test(id) ? id : null;
}

/** `?page=` kept from the page's address, for the way back. */
export function pageSearch(request: Request): string {
  const p = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(p) && p > 1 ? `?page=${p}` : "";
}

/** An operator's typed India time (datetime-local) as an ISO instant, or undefined when empty. */
export function istInstant(local: string): string | undefined | null {
  if (!local.trim()) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const d = new Date(`${local.length === 16 ? `${local}:00` : local}+05:30`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
