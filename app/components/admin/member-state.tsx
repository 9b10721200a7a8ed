/** A member's standing at a glance: operator, withdrawals held, earning suspended, banned. */
export function MemberStateBadges({
  role,
  held,
  suspended,
  banned,
}: {
  role: "member" | "operator";
  held: boolean;
  suspended: boolean;
  banned: boolean;
}) {
  const badges: { text: string; tone: string }[] = [];
  if (role === "operator")
    badges.push({ text: "Operator", tone: "bg-brand-50 text-brand-800 ring-brand-200" });
  if (banned) badges.push({ text: "Banned", tone: "bg-red-100 text-red-800 ring-red-300" });
  if (suspended)
    badges.push({ text: "Earning suspended", tone: "bg-amber-100 text-amber-900 ring-amber-300" });
  if (held) badges.push({ text: "Withdrawals held", tone: "bg-amber-100 text-amber-900 ring-amber-300" });
  if (badges.length === 0) return <span className="text-slate-600">In good standing</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {badges.map((b) => (
        <li
          key={b.text}
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${b.tone}`}
        >
          {b.text}
        </li>
      ))}
    </ul>
  );
}
