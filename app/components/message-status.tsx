import { useTranslation } from "react-i18next";
import type { MessageStatus } from "../../shared/contracts/support";

/** A support message's status, for operators and members alike; its label is `common.messageStatus.<status>`. */
const STATUS_TONE: Record<MessageStatus, string> = {
  open: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  answered: "bg-green-100 text-green-900 ring-green-300",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="message-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONE[status]}`}
    >
      {t(`common.messageStatus.${status}`)}
    </span>
  );
}
