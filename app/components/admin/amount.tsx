import { formatRupees, parseRupees } from "../../../shared/money";

/**
 * An amount of money in the console: never wrapped mid-number (₹1,23,456.500 stays on one line,
 * even inside a cell that breaks long words), digits of equal width so columns line up. Give the
 * API's rupee string (`value`) or milli-rupees (`milli`).
 */
export function Amount({
  value,
  milli,
  className = "",
}: {
  value?: string | null;
  milli?: number;
  className?: string;
}) {
  const m = milli ?? parseRupees(value);
  return (
    <span
      className={`whitespace-nowrap break-normal tabular-nums ${m < 0 ? "text-red-700" : ""} ${className}`}
      data-testid="amount"
    >
      {formatRupees(m)}
    </span>
  );
}
