import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { MemberBreachNotice } from "../../shared/contracts/housekeeping";

/**
 * The breach notices sent to the member (issue 44 §5), on their dashboard until dismissed: the
 * owner's words in the member's language, as plain text. Dismissing is a real form (no script needed).
 */
export function BreachNotices({ notices }: { notices: MemberBreachNotice[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!notices.length) return null;
  return (
    <section
      className="space-y-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950"
      aria-labelledby="breach-notices-title"
      data-testid="breach-notices"
    >
      <h2 id="breach-notices-title" className="text-lg font-bold">
        {t("housekeeping.breach.title")}
      </h2>
      <ul className="space-y-3">
        {notices.map((n) => (
          <li key={n.id} className="rounded-lg border border-red-200 bg-white p-3">
            <h3 className="font-semibold">{n.subject}</h3>
            <p className="text-xs text-slate-600">
              {t("housekeeping.breach.sentOn", { time: f.time(n.sent_at) })}
            </p>
            <p className="mt-2 whitespace-pre-line break-words text-sm">{n.body}</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="dismiss-breach" />
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" className="btn-secondary">
                {t("housekeeping.breach.dismiss")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
