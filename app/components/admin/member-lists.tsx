import { Link } from "@remix-run/react";
import type { MemberListAnswers, MemberListName } from "../../../shared/contracts/members";
import { Money, Table, Time, memberLink } from "./member-list-table";
import { LedgerAccount } from "./ledger-account";
import { memberIdsOfAccounts } from "../../../shared/ledgerAccountLabel";
import { maskAccountInfo } from "../../../shared/payoutAccountMask";

const memberOf = (account: string) => memberIdsOfAccounts([account])[0] ?? "";

/** The member page's lists, one table each (scrolling sideways on a narrow screen). */

export const LIST_LABELS: Record<MemberListName, string> = {
  ledger: "Ledger",
  withdrawals: "Withdrawals",
  conversions: "Conversions",
  campaigns: "Campaigns",
  games: "Games",
  referrals: "Referrals",
  signins: "Sign-ins",
  sessions: "Sessions",
  cheats: "Cheat log",
  postbacks: "Postbacks",
  messages: "Messages",
  notes: "Notes",
};

export type ShownList = { [L in MemberListName]: { tab: L; data: MemberListAnswers[L] } }[MemberListName];

const RESULT_WORDS = {
  won: "Won",
  lost: "Lost",
  draw: "Draw",
  cancelled: "Cancelled",
  "in play": "In play",
} as const;
const DIRECTION_WORDS = {
  withdrawToDeposit: "Withdrawable → deposit",
  depositToWithdraw: "Deposit → withdrawable",
} as const;
const SIGN_IN_WORDS = { signup: "Sign-up", login: "Login", google: "Google sign-in" } as const;
const CHANNEL_WORDS = { ptc_ads: "Ads", click_short_link: "Short links" } as const;

/** One page of the chosen list. */
export function MemberListView({ shown, memberId }: { shown: ShownList; memberId: string }) {
  const label = LIST_LABELS[shown.tab];
  switch (shown.tab) {
    case "ledger":
      return (
        <Table
          caption={`${label}: entries touching the member's balances, newest first`}
          rows={shown.data.records}
          rowKey={(e) => e.entryId}
          empty="No ledger entries yet: the balances are zero."
          columns={[
            { header: "Time", cell: (e) => <Time iso={e.time} />, className: "whitespace-nowrap" },
            { header: "Kind", cell: (e) => <span className="font-mono text-xs">{e.kind}</span> },
            { header: "Withdrawable", cell: (e) => <Money value={e.withdrawable} /> },
            { header: "Deposit", cell: (e) => <Money value={e.deposit} /> },
            { header: "Debt", cell: (e) => <Money value={e.debt} /> },
            {
              header: "Counterpart",
              className: "min-w-[11rem]",
              cell: (e) => (
                <ul className="space-y-0.5">
                  {e.counterparts.map((l, i) => (
                    <li key={`${l.account}-${i}`} className="flex flex-wrap items-baseline gap-x-2 text-xs">
                      <LedgerAccount
                        id={l.account}
                        names={l.memberName === undefined ? {} : { [memberOf(l.account)]: l.memberName }}
                      />
                      <Money value={l.amount} />
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              header: "Key",
              // Room for the key: beside amounts that never wrap, it would be squeezed to a letter a line.
              className: "min-w-[14rem]",
              cell: (e) => (
                <span className="break-all font-mono text-xs">
                  #{e.entryId} {e.idempotencyKey}
                  {e.memo ? <span className="block font-sans text-slate-600">{e.memo}</span> : null}
                </span>
              ),
            },
          ]}
        />
      );
    case "withdrawals":
      return (
        <Table
          caption={label}
          rows={shown.data.records}
          rowKey={(w) => w.id}
          empty="No withdrawals."
          columns={[
            { header: "Requested", cell: (w) => <Time iso={w.time} />, className: "whitespace-nowrap" },
            { header: "Amount", cell: (w) => <Money value={w.amount} /> },
            { header: "Method", cell: (w) => w.method },
            {
              header: "Account",
              cell: (w) => (
                <span className="break-all font-mono">{maskAccountInfo(w.method, w.accountInfo)}</span>
              ),
            },
            { header: "Status", cell: (w) => w.status },
            {
              header: "Settled",
              cell: (w) =>
                w.settledAt ? (
                  <>
                    <Time iso={w.settledAt} /> {w.settledBy ? `by ${w.settledBy}` : ""}
                    {w.remark ? <span className="block text-slate-600">{w.remark}</span> : null}
                  </>
                ) : (
                  "—"
                ),
            },
          ]}
        />
      );
    case "conversions":
      return (
        <Table
          caption={label}
          rows={shown.data.records}
          rowKey={(c) => c.id}
          empty="No conversions."
          columns={[
            { header: "Time", cell: (c) => <Time iso={c.time} />, className: "whitespace-nowrap" },
            { header: "Direction", cell: (c) => DIRECTION_WORDS[c.direction] },
            { header: "Amount", cell: (c) => <Money value={c.amount} /> },
            { header: "Charge", cell: (c) => <Money value={c.charge} /> },
          ]}
        />
      );
    case "campaigns":
      return (
        <Table
          caption={`${label} the member runs as an advertiser`}
          rows={shown.data.records}
          rowKey={(c) => c.id}
          empty="No campaigns: the member has not advertised."
          columns={[
            { header: "Created", cell: (c) => <Time iso={c.time} />, className: "whitespace-nowrap" },
            {
              header: "Title",
              cell: (c) => (
                <Link to={`/admin/campaigns/${c.id}`} className="text-brand-700 underline">
                  {c.title}
                </Link>
              ),
            },
            { header: "Type", cell: (c) => c.type },
            { header: "Status", cell: (c) => c.status },
            { header: "Views", cell: (c) => `${c.deliveredViews}/${c.totalViews}` },
            { header: "Price per view", cell: (c) => <Money value={c.price} /> },
            { header: "Refunded", cell: (c) => <Money value={c.refund} /> },
          ]}
        />
      );
    case "games":
      return (
        <Table
          caption={label}
          rows={shown.data.records}
          rowKey={(g) => g.roomId}
          empty="No games played."
          columns={[
            { header: "Joined", cell: (g) => <Time iso={g.joined} />, className: "whitespace-nowrap" },
            { header: "Room", cell: (g) => (g.practice ? `${g.name} (practice)` : g.name) },
            { header: "Result", cell: (g) => RESULT_WORDS[g.result] },
            { header: "Opponent", cell: (g) => g.opponent ?? "—" },
            { header: "Entry fee", cell: (g) => <Money value={g.entryFee} /> },
            { header: "Prize", cell: (g) => <Money value={g.prize} /> },
            { header: "Ended", cell: (g) => (g.endReason ? g.endReason.replace(/_/g, " ") : "—") },
          ]}
        />
      );
    case "referrals":
      return (
        <div className="space-y-3">
          <p className="text-sm">
            {shown.data.referrer ? (
              <>Referred by {memberLink(shown.data.referrer.id, shown.data.referrer.userName)}.</>
            ) : (
              "Nobody referred this member."
            )}
          </p>
          <Table
            caption="Members this member referred"
            rows={shown.data.records}
            rowKey={(r) => r.id}
            empty="This member has referred nobody."
            columns={[
              { header: "Member", cell: (r) => memberLink(r.id, r.userName) },
              { header: "Name", cell: (r) => r.name },
              { header: "Joined", cell: (r) => <Time iso={r.joined} />, className: "whitespace-nowrap" },
            ]}
          />
        </div>
      );
    case "signins":
      return (
        <Table
          caption="Sign-up and sign-ins"
          rows={shown.data.records}
          rowKey={(s) => s.id}
          empty="No sign-ins recorded."
          columns={[
            { header: "Time", cell: (s) => <Time iso={s.time} />, className: "whitespace-nowrap" },
            { header: "Kind", cell: (s) => SIGN_IN_WORDS[s.kind] },
            { header: "Address", cell: (s) => <span className="font-mono text-xs">{s.ip ?? "—"}</span> },
            {
              header: "Browser",
              cell: (s) => <span className="break-all text-xs">{s.userAgent ?? "—"}</span>,
            },
          ]}
        />
      );
    case "sessions":
      return (
        <Table
          caption="Active sessions"
          rows={shown.data.records}
          rowKey={(s) => s.id}
          empty="No active sessions."
          columns={[
            { header: "Opened", cell: (s) => <Time iso={s.created} />, className: "whitespace-nowrap" },
            { header: "Expires", cell: (s) => <Time iso={s.expires} />, className: "whitespace-nowrap" },
            { header: "Address", cell: (s) => <span className="font-mono text-xs">{s.ip ?? "—"}</span> },
            {
              header: "Browser",
              cell: (s) => <span className="break-all text-xs">{s.userAgent ?? "—"}</span>,
            },
            {
              header: "Kind",
              cell: (s) =>
                [s.persistent ? "Remembered" : "This visit", s.secondFactor ? "second factor passed" : ""]
                  .filter(Boolean)
                  .join(", "),
            },
          ]}
        />
      );
    case "cheats":
      return (
        <Table
          caption="Refused earnings (cheat log)"
          rows={shown.data.records}
          rowKey={(l) => l.id}
          empty="Nothing in the cheat log for this member."
          columns={[
            { header: "Time", cell: (l) => <Time iso={l.time} />, className: "whitespace-nowrap" },
            { header: "Channel", cell: (l) => CHANNEL_WORDS[l.channel] },
            {
              header: "About",
              cell: (l) => l.campaignTitle ?? l.shortLinkName ?? l.campaignId ?? l.shortLinkId ?? "—",
            },
            { header: "Reason", cell: (l) => l.reason },
            { header: "Address", cell: (l) => <span className="font-mono text-xs">{l.ip ?? "—"}</span> },
          ]}
        />
      );
    case "postbacks":
      return (
        <div className="space-y-3">
          {shown.data.wall ? (
            <p className="text-sm">
              Task wall <span className="font-mono">{shown.data.wall}</span> only.{" "}
              <Link to={`/admin/members/${memberId}?tab=postbacks`} className="text-brand-700 underline">
                Every wall
              </Link>
            </p>
          ) : null}
          <Table
            caption="Task wall postbacks for this member"
            rows={shown.data.records}
            rowKey={(p) => p.id}
            empty="No postbacks for this member."
            columns={[
              { header: "Time", cell: (p) => <Time iso={p.time} />, className: "whitespace-nowrap" },
              {
                header: "Wall",
                cell: (p) =>
                  p.wallId ? (
                    <Link
                      to={`/admin/members/${memberId}?tab=postbacks&wall=${encodeURIComponent(p.wallId)}`}
                      className="text-brand-700 underline"
                    >
                      {p.wallName ?? p.wallId}
                    </Link>
                  ) : (
                    "—"
                  ),
              },
              { header: "Verdict", cell: (p) => <span className="font-mono text-xs">{p.verdict}</span> },
              {
                header: "Transaction",
                cell: (p) => <span className="break-all font-mono text-xs">{p.transactionId ?? "—"}</span>,
              },
              { header: "Amount", cell: (p) => <Money value={p.amount} /> },
              { header: "Detail", cell: (p) => p.detail ?? "—" },
            ]}
          />
        </div>
      );
    case "messages":
      return (
        <Table
          caption="Support messages from this member"
          rows={shown.data.records}
          rowKey={(m) => m.id}
          empty="No messages from this member."
          columns={[
            { header: "Sent", cell: (m) => <Time iso={m.time} />, className: "whitespace-nowrap" },
            {
              header: "Subject",
              cell: (m) => (
                <>
                  <span className="font-semibold">{m.subject}</span>
                  {m.kind === "missing_credit" ? (
                    <span className="block text-xs text-slate-600">
                      Missing credit: {m.offerName ?? "—"} (wall {m.taskWallId ?? "—"})
                    </span>
                  ) : null}
                  <span className="block whitespace-pre-wrap break-words text-slate-700">{m.message}</span>
                </>
              ),
            },
            { header: "Status", cell: (m) => m.status },
          ]}
        />
      );
    case "notes":
      return (
        <Table
          caption="Operator notes, newest first"
          rows={shown.data.records}
          rowKey={(n) => n.id}
          empty="No notes yet."
          columns={[
            { header: "Written", cell: (n) => <Time iso={n.time} />, className: "whitespace-nowrap" },
            { header: "By", cell: (n) => n.author },
            {
              header: "Note",
              cell: (n) => (
                <span className="whitespace-pre-wrap break-words" data-testid="note-body">
                  {n.body}
                </span>
              ),
            },
          ]}
        />
      );
  }
}
