import { Link } from "@remix-run/react";
import { HtmlContent } from "~/components/html-content";
import { Pagination } from "~/components/pagination";
import type { Pagination as Paging } from "../../../../shared/pagination";
import type { ContentActionData } from "./actions.server";
import { ContentForm, DeleteButton, DeleteConfirm, MoveButtons, type FieldSpec } from "./editor";
import { NoHindiYet } from "./markdown";

/** An ordered list the console edits: announcements, FAQ items or home page sections. */
export interface ListConfig {
  kind: "announcements" | "faq" | "home-sections";
  /** The console page. */
  page: string;
  title: string;
  /** One item, as a button names it ("FAQ item"). */
  singular: string;
  intro: string;
  fields: FieldSpec[];
  /** The field previewed (the HTML one). */
  htmlField: string;
  /** Its Hindi version's field, previewed beside it. */
  htmlFieldHi?: string;
}

/** One item as the list shows it: a heading line, its HTML, and its values for the edit form. */
export interface ListRow {
  id: number;
  heading: string;
  html: string;
  /** The Hindi version of `heading` and `html`, "" when none. */
  headingHi?: string;
  htmlHi?: string;
  /** Its Hindi version is missing: the list marks it "No Hindi yet". */
  noHindi?: boolean;
  values: Record<string, string>;
}

export function ListPage({
  config,
  rows,
  pagination,
  editId,
  actionData,
}: {
  config: ListConfig;
  rows: ListRow[];
  pagination: Paging;
  editId: number | null;
  actionData: ContentActionData | undefined;
}) {
  const pageQuery = pagination.page > 1 ? `?page=${pagination.page}` : "";
  const editing = rows.find((r) => r.id === editId) ?? null;
  const empty = Object.fromEntries(config.fields.map((f) => [f.name, ""]));
  const listError = actionData?.form === null && actionData.error ? actionData.error : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{config.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{config.intro}</p>
      </div>

      {editing ? (
        <section className="card" aria-labelledby="edit-heading" id="edit">
          <h2 id="edit-heading" className="text-lg font-semibold">
            Edit {config.singular}
          </h2>
          <div className="mt-3">
            <ContentForm
              formId={`edit-${editing.id}`}
              label={`Edit ${config.singular}`}
              fields={config.fields}
              values={editing.values}
              hidden={{ id: String(editing.id) }}
              saveIntent="update"
              saveLabel="Save"
              actionData={actionData}
              cancelTo={`${config.page}${pageQuery}`}
            />
          </div>
        </section>
      ) : (
        <section className="card" aria-labelledby="new-heading">
          <h2 id="new-heading" className="text-lg font-semibold">
            Add {config.singular}
          </h2>
          <div className="mt-3">
            <ContentForm
              formId="new"
              label={`Add ${config.singular}`}
              fields={config.fields}
              values={empty}
              saveIntent="create"
              saveLabel="Add"
              actionData={actionData}
            />
          </div>
        </section>
      )}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-lg font-semibold">
          In the order the site shows them
          <span className="ml-2 text-sm font-normal text-slate-500">({pagination.totalRecords})</span>
        </h2>
        {listError ? (
          <p role="alert" className="field-error">
            {listError}
          </p>
        ) : null}
        {rows.length === 0 ? (
          <p className="card text-sm text-slate-600">There is no data</p>
        ) : (
          <ol className="space-y-3" aria-label={config.title}>
            {rows.map((row, i) => {
              const position = (pagination.page - 1) * pagination.pageSize + i;
              return (
                <li key={row.id} className="card space-y-2" data-testid="content-item">
                  <p className="break-words font-semibold text-slate-900">
                    <span className="mr-2 text-slate-500">{position + 1}.</span>
                    {row.heading}
                    {row.noHindi ? (
                      <span className="ml-2 align-middle">
                        <NoHindiYet />
                      </span>
                    ) : null}
                  </p>
                  <HtmlContent html={row.html} className="break-words text-sm" />
                  {row.headingHi || row.htmlHi ? (
                    <div className="border-l-2 border-slate-200 pl-3" lang="hi">
                      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500" lang="en">
                        Hindi
                      </p>
                      {row.headingHi ? (
                        <p className="break-words font-semibold text-slate-900">{row.headingHi}</p>
                      ) : null}
                      {row.htmlHi ? <HtmlContent html={row.htmlHi} className="break-words text-sm" /> : null}
                    </div>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`${config.page}?${new URLSearchParams({ ...(pagination.page > 1 ? { page: String(pagination.page) } : {}), edit: String(row.id) })}#edit`}
                      className="btn-secondary px-3 py-1.5 text-sm"
                    >
                      Edit<span className="sr-only"> {row.heading}</span>
                    </Link>
                    <MoveButtons
                      hidden={{ id: String(row.id) }}
                      what={row.heading}
                      first={position === 0}
                      last={position === pagination.totalRecords - 1}
                    />
                    <DeleteButton hidden={{ id: String(row.id), label: row.heading }} what={row.heading} />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <Pagination page={pagination.page} totalPages={pagination.totalPages} />
      </section>
      <DeleteConfirm actionData={actionData} />
    </div>
  );
}
