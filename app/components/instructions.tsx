import { useTranslation } from "react-i18next";

/** The server's instructions (sanitized HTML items) under a money form; nothing when there are none. */
export function Instructions({ items }: { items: string[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <section className="card" aria-labelledby="instructions-heading">
      <h2 id="instructions-heading" className="text-lg font-semibold">
        {t("common.instructions")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {items.map((html, i) => (
          <li key={i} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </ul>
    </section>
  );
}
