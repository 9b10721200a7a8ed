import type { ReactNode } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { HtmlContent } from "~/components/html-content";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { useIsPending } from "~/components/forms";
import type { ContentActionData } from "./actions.server";
import { MARKDOWN_HINT, MarkdownHelp, NoHindiPreview } from "./markdown";

/** The content editor's building blocks: fields, the preview, order buttons and the delete step. */

export const HTML_HINT =
  "Simple HTML is allowed (paragraphs, bold, lists, links, images). Scripts, event handlers and javascript: links are removed.";

/** What every Hindi field says about itself. */
export const HINDI_HINT =
  "Optional. Members reading the site in Hindi see this; left empty, they see the English. Cleaned like the English.";

export interface FieldSpec {
  name: string;
  label: string;
  /** `markdown`: announcements and policy pages (rendered by the API; HTML works too). */
  type: "text" | "html" | "markdown" | "time";
  max: number;
  required: boolean;
  hint?: string;
  rows?: number;
  /** A Hindi version (issue 23): typed in Hindi, optional, shown to members reading in Hindi. */
  lang?: "hi";
}

/** One field of a content form: a line of text, an HTML area or an India time. */
export function ContentField({ formId, spec, value }: { formId: string; spec: FieldSpec; value: string }) {
  const id = `${formId}-${spec.name}`;
  const hintId = `${id}-hint`;
  const formatHint = spec.type === "html" ? HTML_HINT : spec.type === "markdown" ? MARKDOWN_HINT : null;
  const hint =
    spec.hint ??
    (spec.lang === "hi"
      ? formatHint
        ? `${HINDI_HINT} ${formatHint}`
        : HINDI_HINT
      : (formatHint ?? undefined));
  return (
    <div>
      <label className="label" htmlFor={id}>
        {spec.label}
      </label>
      {spec.type === "html" || spec.type === "markdown" ? (
        <textarea
          id={id}
          name={spec.name}
          className="input min-h-32 font-mono text-sm"
          rows={spec.rows ?? 6}
          lang={spec.lang}
          required={spec.required}
          maxLength={spec.max}
          defaultValue={value}
          aria-describedby={hint ? hintId : undefined}
        />
      ) : (
        <input
          id={id}
          name={spec.name}
          className="input"
          type={spec.type === "time" ? "datetime-local" : "text"}
          lang={spec.lang}
          required={spec.required}
          maxLength={spec.type === "time" ? undefined : spec.max}
          defaultValue={value}
          autoComplete="off"
          aria-describedby={hint ? hintId : undefined}
        />
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The server's rendering of the HTML (as the public site shows it), under the form that asked;
 * `hindi` for the Hindi version's (headed "Preview (Hindi)", marked lang="hi").
 */
export function PreviewBlock({ html, id, hindi = false }: { html: string; id: string; hindi?: boolean }) {
  const headingId = `${id}-preview${hindi ? "-hi" : ""}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-lg border border-dashed border-brand-600 bg-white p-3"
      data-testid={hindi ? "content-preview-hi" : "content-preview"}
    >
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-brand-600">
        {hindi ? "Preview (Hindi)" : "Preview"}
      </h3>
      <div lang={hindi ? "hi" : undefined}>
        <HtmlContent html={html} className="mt-2 text-sm" />
      </div>
    </section>
  );
}

/**
 * A content form: its fields, Preview (the server's rendering below the form, the values kept) and
 * the save button. Works without JavaScript: both buttons submit the same form with their intent.
 */
export function ContentForm({
  formId,
  label,
  fields,
  values,
  hidden,
  saveIntent,
  saveLabel,
  actionData,
  cancelTo,
  multipart = false,
  children,
}: {
  formId: string;
  label: string;
  fields: FieldSpec[];
  values: Record<string, string>;
  hidden?: Record<string, string>;
  saveIntent: string;
  saveLabel: string;
  actionData: ContentActionData | undefined;
  cancelTo?: string;
  multipart?: boolean;
  children?: ReactNode;
}) {
  const location = useLocation();
  const mine = actionData?.form === formId ? actionData : null;
  const shown = mine?.values ?? values;
  const saving = useIsPending({ fields: { intent: saveIntent, form: formId } });
  const previewing = useIsPending({ fields: { intent: "preview", form: formId } });
  const markdown = fields.some((f) => f.type === "markdown");
  return (
    <div>
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        aria-label={label}
        className="space-y-3"
        // A new answer (or page) shows the values it carries, not the ones typed before it.
        key={`${formId}-${location.key}-${mine ? "answer" : "page"}`}
      >
        <input type="hidden" name="form" value={formId} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fieldGroups(fields).map((group) =>
          group.length === 1 ? (
            <ContentField
              key={group[0]!.name}
              formId={formId}
              spec={group[0]!}
              value={shown[group[0]!.name] ?? ""}
            />
          ) : (
            // A Markdown text and its Hindi version: side by side on a wide screen, stacked on a phone.
            <div key={group[0]!.name} className="grid gap-3 lg:grid-cols-2">
              {group.map((f) => (
                <ContentField key={f.name} formId={formId} spec={f} value={shown[f.name] ?? ""} />
              ))}
            </div>
          ),
        )}
        {markdown ? <MarkdownHelp id={formId} /> : null}
        {children}
        {mine?.error ? (
          <p role="alert" className="field-error">
            {mine.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={previewing}>
            Preview
          </button>
          <button type="submit" name="intent" value={saveIntent} className="btn-primary" disabled={saving}>
            {saveLabel}
          </button>
          {cancelTo ? (
            <Link to={cancelTo} className="btn-secondary">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
      {markdown && mine?.preview !== null && mine?.preview !== undefined ? (
        // Both languages' previews, as the text's fields: side by side on a wide screen.
        <div className="grid gap-x-3 lg:grid-cols-2">
          <PreviewBlock id={formId} html={mine.preview} />
          {mine.previewHi ? (
            <PreviewBlock id={formId} html={mine.previewHi} hindi />
          ) : (
            <NoHindiPreview id={formId} />
          )}
        </div>
      ) : (
        <>
          {mine?.preview !== null && mine?.preview !== undefined ? (
            <PreviewBlock id={formId} html={mine.preview} />
          ) : null}
          {mine?.previewHi ? <PreviewBlock id={formId} html={mine.previewHi} hindi /> : null}
        </>
      )}
    </div>
  );
}

/** The fields in the form's order, a Markdown field together with its Hindi version next to it. */
function fieldGroups(fields: FieldSpec[]): FieldSpec[][] {
  const groups: FieldSpec[][] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const next = fields[i + 1];
    if (f.type === "markdown" && !f.lang && next?.type === "markdown" && next.lang === "hi") {
      groups.push([f, next]);
      i++;
    } else groups.push([f]);
  }
  return groups;
}

/** Move up / Move down, each a form of its own. `what` names the item for screen readers. */
export function MoveButtons({
  hidden,
  what,
  first,
  last,
}: {
  hidden: Record<string, string>;
  what: string;
  first: boolean;
  last: boolean;
}) {
  const button = (direction: "up" | "down") => (
    <Form method="post" key={direction}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
        {direction === "up" ? "Move up" : "Move down"}
        <span className="sr-only"> {what}</span>
      </button>
    </Form>
  );
  return (
    <>
      {first ? null : button("up")}
      {last ? null : button("down")}
    </>
  );
}

/** Delete asks first: the action answers the confirm step (a dialog, rendered by the server too). */
export function DeleteButton({ hidden, what }: { hidden: Record<string, string>; what: string }) {
  return (
    <Form method="post">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="delete-check" />
      <button type="submit" className="btn-danger px-3 py-1.5 text-sm">
        Delete<span className="sr-only"> {what}</span>
      </button>
    </Form>
  );
}

export function DeleteConfirm({ actionData }: { actionData: ContentActionData | undefined }) {
  const confirm = actionData?.confirm ?? null;
  const pending = useIsPending({ fields: { intent: "delete" } });
  if (!confirm) return null;
  return (
    <ConfirmDialog
      title="Delete this for good?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      tone="danger"
      pending={pending}
      fields={{ ...confirm.fields, intent: "delete" }}
    >
      <p>
        “{confirm.label}” is removed from the public site at once. This cannot be undone (the audit log keeps
        its text).
      </p>
    </ConfirmDialog>
  );
}

/** Plain text of an HTML fragment, shortened: how an item is named in buttons and the confirm step. */
export function shortText(html: string, max = 60): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text || "(no text)";
}

/** An ISO instant as the datetime-local value of India time. */
export function istLocal(iso: string): string {
  const t = new Date(iso).getTime() + 330 * 60 * 1000;
  return Number.isNaN(t) ? "" : new Date(t).toISOString().slice(0, 16);
}
