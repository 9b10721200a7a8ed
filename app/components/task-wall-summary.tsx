import { EarningsSummary } from "./earnings-summary";
import { rupees } from "../../shared/money";
import type { TaskWallBalance } from "~/utils/task-walls";

/** Today Earnings, Total TaskWalls, Completed: the list's and the viewer's summary. */
export function TaskWallSummary({ balance }: { balance: Omit<TaskWallBalance, "available_balance"> }) {
  return (
    <EarningsSummary
      items={[
        { label: "Today Earnings", value: rupees(balance.today_offerWallIncome), testId: "tw-today" },
        { label: "Total TaskWalls", value: balance.total_offerWall, testId: "tw-total" },
        { label: "Completed", value: balance.today_completed, testId: "tw-completed" },
      ]}
    />
  );
}
