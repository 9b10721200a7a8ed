import { formatTime } from "../../shared/time";
import { rupees } from "../../shared/money";
import { PRACTICE_TYPE_ID } from "../../shared/ticTacToeEvents";
import type { OperatorGame } from "../../shared/contracts/games";

const STATUS_LABELS: Record<OperatorGame["status"], string> = {
  waiting: "Waiting",
  playing: "Playing",
  finished: "Finished",
  cancelled: "Cancelled",
};

const STATUS_TONES: Record<OperatorGame["status"], string> = {
  waiting: "bg-amber-100 text-amber-800",
  playing: "bg-green-100 text-green-800",
  finished: "bg-slate-100 text-slate-700",
  cancelled: "bg-red-100 text-red-800",
};

const END_REASONS: Record<string, string> = {
  line: "Three in a line",
  draw: "Board full (draw)",
  turn_timeout: "Turn ran out",
  disconnect: "Did not reconnect",
  cancelled: "Search cancelled",
  wait_expired: "No opponent in time",
  paid_rooms_off: "Paid rooms switched off",
};

function Time({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatTime(iso)}</time> : <>—</>;
}

/** `member:{id}:{balance}` read as the player's name and balance; platform accounts as they are. */
function accountLabel(account: string, game: OperatorGame): string | null {
  const m = /^member:([^:]+):(\w+)$/.exec(account);
  const player = m ? game.players.find((p) => p.user_id === m[1]) : undefined;
  return player && m ? `${player.name} · ${m[2]}` : null;
}

function winnerText(game: OperatorGame): string {
  if (game.winner === "draw") return "Draw";
  if (!game.winner) return "—";
  const player = game.players.find((p) => p.symbol === game.winner);
  return `${player?.name ?? "?"} (${game.winner})`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="inline text-slate-600">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

function GameCard({ game }: { game: OperatorGame }) {
  const practice = game.type_id === PRACTICE_TYPE_ID;
  return (
    <li className="card space-y-3 text-sm" data-testid="admin-game" aria-label={`${game.name} ${game.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {game.name} <span className="font-mono text-xs font-normal text-slate-500">{game.id}</span>
        </p>
        <span
          data-testid="game-status"
          className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[game.status]}`}
        >
          {STATUS_LABELS[game.status]}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Entry fee">{practice ? "Free" : rupees(game.entry_fee)}</Fact>
        <Fact label="Prize">{practice ? "—" : rupees(game.prize)}</Fact>
        <Fact label="Winner">
          <span data-testid="game-winner">{winnerText(game)}</span>
        </Fact>
        <Fact label="End">
          <span data-testid="game-end-reason">
            {game.end_reason ? (END_REASONS[game.end_reason] ?? game.end_reason) : "—"}
          </span>
        </Fact>
        <Fact label="Created">
          <Time iso={game.created_at} />
        </Fact>
        <Fact label="Started">
          <Time iso={game.started_at} />
        </Fact>
        <Fact label="Ended">
          <Time iso={game.finished_at} />
        </Fact>
        <Fact label="Settled">
          <Time iso={game.settled_at} />
        </Fact>
      </dl>
      <div>
        <p className="font-medium text-slate-700">Players</p>
        <ul className="mt-1 space-y-1" aria-label="Players">
          {game.players.map((p) => (
            <li key={p.user_id} data-testid="game-player" className="flex flex-wrap items-center gap-2">
              <span
                aria-hidden
                className={`inline-block h-2 w-2 rounded-full ${p.connected ? "bg-green-500" : "bg-slate-400"}`}
              />
              <span className="font-medium">{p.name}</span>
              <span className="font-mono">{p.symbol}</span>
              <span className="text-slate-600">{p.connected ? "connected" : "not connected"}</span>
            </li>
          ))}
        </ul>
      </div>
      {game.settlement.length === 0 ? (
        <p className="text-slate-600">No money moved.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-xs" aria-label="Settlement">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-2 py-1.5 font-medium">Kind</th>
                <th className="px-2 py-1.5 font-medium">Account</th>
                <th className="px-2 py-1.5 text-right font-medium">Amount</th>
                <th className="px-2 py-1.5 font-medium">Time</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {game.settlement.map((l) => {
                const label = accountLabel(l.account, game);
                return (
                  <tr key={`${l.key}:${l.account}`} data-testid="settlement-line">
                    <td className="whitespace-nowrap px-2 py-1.5 font-mono">{l.kind}</td>
                    <td className="px-2 py-1.5">
                      {label ? <span className="block font-medium">{label}</span> : null}
                      <span className="block whitespace-nowrap font-mono text-slate-600">{l.account}</span>
                    </td>
                    <td
                      className={`whitespace-nowrap px-2 py-1.5 text-right tabular-nums ${l.amount.startsWith("-") ? "text-red-700" : "text-green-700"}`}
                    >
                      {rupees(l.amount)}
                    </td>
                    <td className="whitespace-nowrap px-2 py-1.5">
                      <Time iso={l.at} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

/** The operators' view of games: each with its players and the ledger lines its settlement posted. */
export function GameList({ games, label, empty }: { games: OperatorGame[]; label: string; empty: string }) {
  if (games.length === 0) return <p className="card text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {games.map((g) => (
        <GameCard key={g.id} game={g} />
      ))}
    </ul>
  );
}
