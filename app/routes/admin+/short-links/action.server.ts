import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { operatorChange } from "~/utils/admin.server";
import { INVALID_REQUEST } from "~/utils/invariant";
import { LinkSchema, SettingsSchema, ShortenerSchema, type Intent } from "./schemas";

/** Where every change returns, with the API's answer as a toast. */
export const PAGE = "/admin/short-links";

/** Each form answers its own errors: `formId` names the form that was sent. */
function refused(formId: string, reply: SubmissionResult<string[]>) {
  return data({ formId, result: reply }, { status: 400 });
}

export async function shortLinksAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("id") ?? "");

  if (intent === "settings") {
    const s = parseWithZod(form, { schema: SettingsSchema });
    if (s.status !== "success") return refused("settings", s.reply());
    const instructions = (s.value.instructions ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    return operatorChange(
      request,
      context,
      "/adminRoute/shortLinkSettings",
      {
        method: "PATCH",
        json: { minSeconds: s.value.minSeconds, expiryMinutes: s.value.expiryMinutes, instructions },
      },
      PAGE,
    );
  }

  if (intent === "shortener") {
    const s = parseWithZod(form, { schema: ShortenerSchema });
    if (s.status !== "success") return refused(`shortener-${id || "new"}`, s.reply());
    const v = s.value;
    if (!v.id)
      return operatorChange(
        request,
        context,
        "/adminRoute/shorteners",
        {
          method: "POST",
          json: {
            name: v.name,
            kind: v.kind ?? "adlinkfly",
            ...(v.kind === "builtin" ? {} : { apiUrl: v.apiUrl, apiKey: v.apiKey, domain: v.domain }),
          },
        },
        PAGE,
      );
    // The built-in shortener's address and domain follow the site's; a blank key keeps the old one.
    const builtin = form.get("builtin") === "1";
    return operatorChange(
      request,
      context,
      `/adminRoute/shorteners/${encodeURIComponent(v.id)}`,
      {
        method: "PATCH",
        json: {
          name: v.name,
          enabled: v.enabled ?? false,
          ...(builtin ? {} : { apiUrl: v.apiUrl, domain: v.domain }),
          ...(v.apiKey ? { apiKey: v.apiKey } : {}),
        },
      },
      PAGE,
    );
  }

  if (intent === "link") {
    const s = parseWithZod(form, { schema: LinkSchema });
    if (s.status !== "success") return refused(`link-${id || "new"}`, s.reply());
    const { id: linkId, ...v } = s.value;
    const fields = {
      ...v,
      // An emptied Hindi field is sent empty: the Hindi name is removed.
      name_hi: v.name_hi ?? "",
      howToComplete: v.howToComplete || null,
      sortOrder: v.sortOrder ?? 0,
      enabled: v.enabled ?? false,
    };
    if (!linkId)
      return operatorChange(
        request,
        context,
        "/adminRoute/shortLinks",
        { method: "POST", json: { ...fields, enabled: true } },
        PAGE,
      );
    return operatorChange(
      request,
      context,
      `/adminRoute/shortLinks/${encodeURIComponent(linkId)}`,
      { method: "PATCH", json: fields },
      PAGE,
    );
  }
  throw new Response(INVALID_REQUEST, { status: 400 });
}
