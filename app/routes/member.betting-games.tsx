import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { memberRead } from "~/utils/api.server";
import { BalanceCard } from "~/components/balance-card";
import { EarningsSummary } from "~/components/earnings-summary";
import { parseRupees, rupees } from "../../shared/money";
import { LOBBY_PATH } from "~/utils/tic-tac-toe";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";

export const meta: MetaFunction = () => [{ title: "Betting Games" }];

/** The betting home of spec 2 §3. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, restrictions] = await Promise.all([
    memberRead(request, context, "/userIncomeRoute/user_betting_games_home_get"),
    memberRestrictions(request, context),
  ]);
  return { ...d, restrictions };
}

/** The games of the hub (spec 2 §1): only Tic Tac Toe is playable. */
const GAMES = [
  { name: "Tic Tac Toe", icon: "#", text: "Two players, a 3×3 board: three in a row wins.", to: LOBBY_PATH },
  { name: "Ludo Game", icon: "⚄", text: "Race your tokens home.", to: null },
  { name: "WinGo Casino", icon: "◎", text: "Pick a colour, win the round.", to: null },
] as const;

export default function BettingGames() {
  const d = useLoaderData<typeof loader>();
  const profit = parseRupees(d.today_bettings_profit_or_lose_amount);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <h1 className="text-2xl font-bold">Betting Games</h1>
      <RestrictionNotice restrictions={d.restrictions} kind="earning" />
      <BalanceCard label="Deposit Balance" amount={d.deposit_amount} tone="amber" />
      <EarningsSummary
        items={[
          { label: "Today's Betting", value: rupees(d.today_betting_amount), testId: "bg-betting" },
          { label: "Win Amount", value: rupees(d.today_bettings_winning_amount), testId: "bg-winning" },
          {
            label: profit < 0 ? "Loss" : "Profit",
            value: (
              <span className={profit < 0 ? "text-red-700" : "text-green-700"}>
                {rupees(d.today_bettings_profit_or_lose_amount)}
              </span>
            ),
            testId: "bg-profit",
          },
        ]}
      />
      <ul className="grid gap-3 sm:grid-cols-3" aria-label="Games">
        {GAMES.map((g) => (
          <li
            key={g.name}
            className={`card flex flex-col gap-3 ${g.to ? "" : "opacity-60"}`}
            data-testid="game-card"
            aria-disabled={g.to ? undefined : true}
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-700"
              >
                {g.icon}
              </span>
              <h2 className="font-semibold">{g.name}</h2>
            </div>
            <p className="text-sm text-slate-600">{g.text}</p>
            {g.to ? (
              <Link to={g.to} className="btn-primary w-full" aria-label={`Play ${g.name}`}>
                Play
              </Link>
            ) : (
              <button type="button" className="btn-secondary w-full" disabled>
                Coming Soon
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
