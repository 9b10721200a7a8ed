import { EarningsSummary } from "./earnings-summary";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/format";
import type { TaskWallBalance } from "~/utils/task-walls";

/** Today Earnings, Total TaskWalls, Completed: the list's and the viewer's summary. */
export function TaskWallSummary({ balance }: { balance: Omit<TaskWallBalance, "available_balance"> }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <EarningsSummary
      items={[
        {
          label: t("common.taskWallSummary.today"),
          value: f.rupees(balance.today_offerWallIncome),
          testId: "tw-today",
        },
        { label: t("common.taskWallSummary.total"), value: balance.total_offerWall, testId: "tw-total" },
        {
          label: t("common.taskWallSummary.completed"),
          value: balance.today_completed,
          testId: "tw-completed",
        },
      ]}
    />
  );
}
