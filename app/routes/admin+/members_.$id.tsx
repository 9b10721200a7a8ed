import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { callApi } from "~/utils/api.server";
import { riskLevelText } from "~/components/admin/risk-level";
import { maskAccountInfo } from "../../../shared/payoutAccountMask";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { SubmitButton, useIsPending } from "~/components/forms";
import { MemberStateBadges } from "~/components/admin/member-state";
import { LIST_LABELS, MemberListView, type ShownList } from "~/components/admin/member-lists";
import { formatTime } from "../../../shared/time";
import { rupees } from "../../../shared/money";
import { mayUse } from "../../../shared/operatorRoles";
import {
  MEMBER_LISTS,
  NOTE_MAX_LENGTH,
  isMemberList,
  type MemberProfile,
  type MemberRestriction,
} from "../../../shared/contracts/members";
import type { loader as adminLoader } from "./_layout";
import { ROUTE_IDS } from "~/utils/route-ids";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.profile.userName ?? "Member"} · Members · Operator Console` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab = isMemberList(tabParam) ? tabParam : "ledger";
  const page = String(Math.min(pageParam(url), 999_999_999));
  const wall =
    tab === "postbacks" ? (url.searchParams.get("wall") ?? "").slice(0, 100) || undefined : undefined;
  const encoded = encodeURIComponent(id);
  const [profile, list, riskRes] = await Promise.all([
    operatorRead(request, context, `/adminRoute/members/${encoded}/profile`),
    operatorRead(request, context, `/adminRoute/members/${encoded}/${tab}`, { page, wall }),
    // The risk summary: for the roles the risk pages open (others get none, and no line).
    callApi(request, context, `/adminRoute/members/${encoded}/risk`),
  ]);
  const r = riskRes.ok ? riskRes.body.msg : null;
  const risk = r ? { score: r.score, level: r.level, top: r.reasons[0] ?? null } : null;
  // The path is the tab's, so the answer is that tab's list.
  return { profile, shown: { tab, data: list } as ShownList, risk };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  const body = String(form.get("note") ?? "").trim();
  const back = `/admin/members/${encodeURIComponent(id)}?tab=notes`;
  if (!body || body.length > NOTE_MAX_LENGTH)
    return data(
      { error: body ? `A note must be at most ${NOTE_MAX_LENGTH} characters.` : "Please write the note." },
      { status: 400 },
    );
  return operatorChange(
    request,
    context,
    `/adminRoute/members/${encodeURIComponent(id)}/notes`,
    { method: "POST", json: { body } },
    back,
  );
}

function Restriction({ state, on, off }: { state: MemberRestriction | null; on: string; off: string }) {
  if (!state) return <li className="text-slate-700">{off}</li>;
  return (
    <li className="text-amber-900">
      <span className="font-semibold">{on}</span> since{" "}
      <time dateTime={state.since}>{formatTime(state.since)}</time>.
      {state.reason ? <span className="block">Reason: {state.reason}</span> : null}
    </li>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-1.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Profile({ p }: { p: MemberProfile }) {
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        <Row term="Member id">
          <span className="break-all font-mono text-xs">{p.id}</span>
        </Row>
        <Row term="Name">{p.name}</Row>
        <Row term="E-mail">
          <span className="break-all">{p.email}</span> {p.emailVerified ? "(verified)" : "(not verified)"}
          {p.emailKey !== p.email.toLowerCase() ? (
            <span className="block text-xs text-slate-600">Logs in as {p.emailKey}</span>
          ) : null}
        </Row>
        <Row term="Mobile">{p.mobile ?? "—"}</Row>
        <Row term="Address">{[p.address, p.city, p.state, p.zipCode].filter(Boolean).join(", ") || "—"}</Row>
        <Row term="Sign-in">
          {[p.hasPassword ? "Password" : null, p.googleLinked ? "Google" : null]
            .filter(Boolean)
            .join(" and ") || "None"}
        </Row>
        <Row term="Role">{p.role === "operator" ? `Operator (${p.operatorRoles.join(", ")})` : "Member"}</Row>
        <Row term="Joined">
          <time dateTime={p.joined}>{formatTime(p.joined)}</time>
        </Row>
        <Row term="Referred by">
          {p.referrer ? (
            <Link to={`/admin/members/${p.referrer.id}`} className="text-brand-700 underline">
              {shownMemberName(p.referrer.userName)}
            </Link>
          ) : (
            "Nobody"
          )}
        </Row>
        <Row term="Payout method">{p.payout.method ?? "No payout method bound"}</Row>
        <Row term="Payout account">
          <span className="break-all font-mono" data-testid="payout-account">
            {p.payout.accountInfo ? maskAccountInfo(p.payout.method ?? "", p.payout.accountInfo) : "—"}
          </span>
        </Row>
      </dl>
    </section>
  );
}

/** A member's page: who they are, what they hold and why, what is in force, and every list about them. */
export default function AdminMember() {
  const { profile: p, shown, risk } = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<typeof adminLoader>(ROUTE_IDS.admin);
  const roles = me?.roles ?? [];
  const mayAct = mayUse(roles, ["support", "moderation", "payouts"]);
  const mayAdjust = roles.includes("owner");
  const pending = useIsPending();
  const refused = useActionData<typeof action>();
  const base = `/admin/members/${p.id}`;
  const counts: Partial<Record<string, number>> = {
    withdrawals: p.counts.withdrawals,
    conversions: p.counts.conversions,
    campaigns: p.counts.campaigns,
    games: p.counts.games,
    referrals: p.counts.referrals,
    signins: p.counts.signins,
    sessions: p.counts.activeSessions,
    cheats: p.counts.cheats,
    messages: p.counts.messages,
    notes: p.counts.notes,
  };
  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/members" className="text-brand-700 underline">
          Members
        </Link>{" "}
        / {shownMemberName(p.userName)}
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="break-all text-2xl font-bold">{shownMemberName(p.userName)}</h1>
        <MemberStateBadges
          role={p.role}
          held={p.restrictions.withdrawalsHeld !== null}
          suspended={p.restrictions.earningSuspended !== null}
          banned={p.restrictions.banned !== null}
        />
      </header>
      {risk ? (
        <p className="text-sm" data-testid="risk-summary">
          <Link to={`${base}/risk`} className="break-words text-brand-700 underline">
            Risk: score {risk.score} ({riskLevelText(risk.level)}){risk.top ? ` — ${risk.top}` : ""}
          </Link>
        </p>
      ) : null}

      <section className="card" aria-labelledby="balances-heading">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Balances
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {(
            [
              ["Withdrawable", p.balances.withdrawable],
              ["Deposit", p.balances.deposit],
              ["Debt", p.balances.debt],
              ["Pending withdrawals", p.balances.pendingWithdrawals],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt className="text-slate-600">{term}</dt>
              <dd
                className="whitespace-nowrap text-lg font-semibold tabular-nums"
                data-testid={`balance-${term.toLowerCase()}`}
              >
                {rupees(value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-600">
          The{" "}
          <Link to={`${base}?tab=ledger`} className="text-brand-700 underline">
            ledger list
          </Link>{" "}
          shows every entry behind these balances.
        </p>
      </section>

      <section className="card" aria-labelledby="restrictions-heading">
        <h2 id="restrictions-heading" className="text-lg font-semibold">
          Restrictions
        </h2>
        <ul className="mt-2 space-y-1 text-sm" data-testid="restrictions">
          <Restriction
            state={p.restrictions.withdrawalsHeld}
            on="Withdrawals are held"
            off="Withdrawals are not held."
          />
          <Restriction
            state={p.restrictions.earningSuspended}
            on="Earning is suspended"
            off="Earning is not suspended."
          />
          <Restriction
            state={p.restrictions.banned}
            on="The account is banned"
            off="The account is not banned."
          />
        </ul>
        {mayAct || mayAdjust ? (
          <div className="mt-3 border-t border-slate-100 pt-3" role="group" aria-labelledby="actions-heading">
            <h3 id="actions-heading" className="text-sm font-semibold">
              Actions
            </h3>
            <div className="mt-2 flex flex-wrap gap-2">
              {mayAct ? (
                <Link to={`${base}/actions`} className="btn-secondary">
                  Sessions, hold, suspend, ban
                </Link>
              ) : null}
              {mayAdjust ? (
                <Link to={`${base}/adjust`} className="btn-secondary">
                  Adjust a balance
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
      </section>

      <Profile p={p} />

      <section className="card" aria-labelledby="note-heading">
        <h2 id="note-heading" className="text-lg font-semibold">
          Add a note
        </h2>
        <p className="text-xs text-slate-600">
          Notes are for operators only; each one is kept in the audit log.
        </p>
        <Form method="post" className="mt-2 space-y-2">
          <label className="label" htmlFor="note">
            Note
          </label>
          <textarea
            id="note"
            name="note"
            className="input min-h-24"
            required
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "note-error" : undefined}
          />
          {refused ? (
            <p id="note-error" className="field-error" role="alert">
              {refused.error}
            </p>
          ) : null}
          <SubmitButton pending={pending} className="btn-primary">
            Add note
          </SubmitButton>
        </Form>
      </section>

      <section className="space-y-3" aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="sr-only">
          Lists
        </h2>
        <nav aria-label="Member lists" className="overflow-x-auto">
          <ul className="flex gap-1 whitespace-nowrap rounded-xl bg-slate-100 p-1 text-sm">
            {MEMBER_LISTS.map((l) => (
              <li key={l}>
                <Link
                  to={`${base}?tab=${l}`}
                  aria-current={l === shown.tab ? "page" : undefined}
                  className={`block rounded-lg px-3 py-1.5 font-semibold ${l === shown.tab ? "bg-white text-brand-700 shadow" : "text-slate-700"}`}
                >
                  {LIST_LABELS[l]}
                  {counts[l] !== undefined ? ` (${counts[l]})` : ""}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="card">
          <h3 className="mb-2 font-semibold">{LIST_LABELS[shown.tab]}</h3>
          <MemberListView shown={shown} memberId={p.id} />
          <Pagination page={shown.data.pagination.page} totalPages={shown.data.pagination.totalPages} />
        </div>
      </section>
    </div>
  );
}
