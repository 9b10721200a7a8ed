import { useEffect, type SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";
import { HtmlContent } from "./html-content";
import { schedulePendingFaqScroll } from "./top-bar";

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The FAQ accordion, one item open at a time. Built on <details name="faq">: it opens and closes
 * without JavaScript, and the shared name makes the items exclusive in current browsers; the
 * toggle handler does the same for browsers that ignore the name.
 */
export function Faq({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = schedulePendingFaqScroll();
    return () => clearTimeout(timer);
  }, []);
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = e.currentTarget;
    if (!opened.open) return;
    opened
      .closest("[data-faq]")
      ?.querySelectorAll<HTMLDetailsElement>("details[open]")
      .forEach((d) => {
        if (d !== opened) d.open = false;
      });
  };
  return (
    <section id="faq" className="scroll-mt-20" aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("common.faq.heading")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-6 text-center text-slate-600">{t("common.faq.empty")}</p>
      ) : (
        <div
          data-faq
          className="mx-auto mt-6 max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {items.map((item, i) => (
            <details key={i} name="faq" className="group" onToggle={onToggle} data-testid="faq-item">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <span
                  aria-hidden
                  className="text-xl leading-none text-brand-600 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <HtmlContent html={item.answer} className="px-4 pb-4 text-sm" />
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
