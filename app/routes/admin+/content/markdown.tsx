/**
 * What the Markdown editors (announcements, policy pages) add to the content forms: the short
 * formatting help and the mark on an item that has no Hindi yet. The Markdown itself is rendered
 * by the API (Preview, and every page a member reads): the browser never loads a Markdown library.
 */

export const MARKDOWN_HINT =
  "Markdown (see Formatting help); HTML works too. Scripts, event handlers and javascript: links are removed.";

const EXAMPLES: [write: string, get: string][] = [
  ["## Heading", "a heading (### for a smaller one)"],
  ["**bold** and *italic*", "bold and italic words"],
  ["[our FAQ](https://example.com/faq)", "a link"],
  ["- one\n- two", "a list (1. 2. for a numbered one)"],
  ["an empty line", "starts a new paragraph"],
];

/** Formatting help: open or close it without JavaScript (a native disclosure). */
export function MarkdownHelp({ id }: { id: string }) {
  return (
    <details
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="markdown-help"
    >
      <summary className="cursor-pointer font-semibold text-slate-800">Formatting help</summary>
      <table className="mt-2 w-full table-fixed text-left" aria-labelledby={`${id}-help-caption`}>
        <caption id={`${id}-help-caption`} className="sr-only">
          Markdown: what to type and what it gives
        </caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="pb-1 pr-2">
              Type
            </th>
            <th scope="col" className="pb-1">
              To get
            </th>
          </tr>
        </thead>
        <tbody>
          {EXAMPLES.map(([write, get]) => (
            <tr key={write} className="align-top">
              <td className="py-1 pr-2">
                <code className="whitespace-pre-wrap break-words font-mono text-xs text-slate-900">
                  {write}
                </code>
              </td>
              <td className="py-1 text-slate-700">{get}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The mark on an item whose Hindi version is empty: Hindi readers see its English. */
export function NoHindiYet() {
  return (
    <span
      className="inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900"
      data-testid="no-hindi-yet"
    >
      No Hindi yet
    </span>
  );
}

/** Where the Hindi preview would be when the Hindi field is empty. */
export function NoHindiPreview({ id }: { id: string }) {
  return (
    <section
      aria-labelledby={`${id}-preview-hi-heading`}
      className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-3"
      data-testid="content-preview-hi"
    >
      <h3
        id={`${id}-preview-hi-heading`}
        className="text-sm font-semibold uppercase tracking-wide text-slate-600"
      >
        Preview (Hindi)
      </h3>
      <p className="mt-2 text-sm text-slate-700">
        <NoHindiYet /> Members reading in Hindi see the English.
      </p>
    </section>
  );
}
