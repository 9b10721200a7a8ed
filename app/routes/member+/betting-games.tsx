import { pageTitle } from "~/utils/meta";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { memberRead } from "~/utils/api.server";
import { BalanceCard } from "~/components/balance-card";
import { EarningsSummary } from "~/components/earnings-summary";
import { useTranslation } from "react-i18next";
import { parseRupees } from "../../../shared/money";
import { useFormat } from "~/i18n/format";
import { LOBBY_PATH } from "~/utils/tic-tac-toe";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "games.hub") }];

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
  { key: "ticTacToe", icon: "#", to: LOBBY_PATH },
  { key: "ludo", icon: "⚄", to: null },
  { key: "wingo", icon: "◎", to: null },
] as const;

export default function BettingGames() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormat();
  const profit = parseRupees(d.today_bettings_profit_or_lose_amount);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <h1 className="text-2xl font-bold">{t("earn.games.hub.heading")}</h1>
      <RestrictionNotice restrictions={d.restrictions} kind="earning" />
      <BalanceCard label={t("earn.games.depositBalance")} amount={d.deposit_amount} tone="amber" />
      <EarningsSummary
        items={[
          {
            label: t("earn.games.hub.todayBetting"),
            value: f.rupees(d.today_betting_amount),
            testId: "bg-betting",
          },
          {
            label: t("earn.games.hub.winAmount"),
            value: f.rupees(d.today_bettings_winning_amount),
            testId: "bg-winning",
          },
          {
            label: profit < 0 ? t("earn.games.hub.loss") : t("earn.games.hub.profit"),
            value: (
              <span className={profit < 0 ? "text-red-700" : "text-green-700"}>
                {f.rupees(d.today_bettings_profit_or_lose_amount)}
              </span>
            ),
            testId: "bg-profit",
          },
        ]}
      />
      <ul className="grid gap-3 sm:grid-cols-3" aria-label={t("earn.games.hub.gamesList")}>
        {GAMES.map((g) => (
          <li
            key={g.key}
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
              <h2 className="font-semibold">{t(`earn.games.hub.${g.key}.name`)}</h2>
            </div>
            <p className="text-sm text-slate-600">{t(`earn.games.hub.${g.key}.text`)}</p>
            {g.to ? (
              <Link
                to={g.to}
                className="btn-primary w-full"
                aria-label={t("earn.games.hub.playGame", { name: t(`earn.games.hub.${g.key}.name`) })}
              >
                {t("earn.games.hub.play")}
              </Link>
            ) : (
              <button type="button" className="btn-secondary w-full" disabled>
                {t("earn.games.hub.comingSoon")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
