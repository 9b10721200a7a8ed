/**
 * Server-supplied HTML (policy pages, home sections, FAQ answers). The API sanitizes it on the way
 * in and on the way out, so it is rendered as given, with readable prose styles.
 */
export function HtmlContent({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`text-slate-700 [&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-slate-900 [&_h2]:mb-3 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_p]:leading-relaxed [&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_strong]:text-slate-900 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
