import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import { MemberStateBadges } from "~/components/admin/member-state";
import { RiskLevelBadge } from "~/components/admin/risk-level";
import { formatTime } from "../../../shared/time";
import { mayUse } from "../../../shared/operatorRoles";
import { PendingChoice, ReasonSummary } from "~/components/admin/restriction-parts";
import { Signals } from "~/components/admin/risk-signals";
import type { OperatorMe } from "../../../shared/contracts/operators";
import type { BanPending } from "../../../shared/contracts/memberActions";
import type { MemberRiskPage, RiskBulkOutcome } from "../../../shared/contracts/risk";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `Risk: ${d?.member.userName ?? "Member"} · Operator Console` },
];

/**
 * A member's risk (issue 21 §4): the score and its reasons, every signal with its evidence, the
 * accounts linked to the member with bulk hold / ban of the ring (a server-rendered confirm step
 * lists who will be affected), and Clear with a note. Plain forms: works without JavaScript.
 */

const BULK_WORDS = { hold: "Hold withdrawals", ban: "Ban" } as const;
type BulkAction = keyof typeof BULK_WORDS;
const MEMBER_ID = /^[0-9a-f]{24}$/;

interface Review {
  action: BulkAction;
  reason: string;
  pending: BanPending | null;
  members: { id: string; userName: string }[];
}

type Answer =
  | { kind: "invalid"; form: "bulk" | "clear"; error: string; reason?: string; note?: string }
  | { kind: "confirm"; review: Review }
  | { kind: "done"; ok: boolean; message: string; results?: RiskBulkOutcome["results"] };

const riskPath = (id: string) => `/adminRoute/members/${encodeURIComponent(id)}/risk` as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = String(Math.min(pageParam(url), 999_999_999));
  return operatorRead(request, context, riskPath(params.id ?? ""), { page });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  if (form.get("form") === "clear") {
    const note = String(form.get("note") ?? "").trim();
    if (!note || note.length > 1000)
      return data<Answer>(
        {
          kind: "invalid",
          form: "clear",
          note,
          error: note ? "The note must be at most 1000 characters." : "A note is required to clear a member.",
        },
        { status: 400 },
      );
    const res = await operatorApi(request, context, `${riskPath(id)}/clear`, {
      method: "POST",
      json: { note },
    });
    if (res.ok && res.body.msg)
      return data<Answer>({ kind: "done", ok: true, message: res.body.msg.message });
    return data<Answer>({ kind: "done", ok: false, message: errorText(res.body) }, { status: res.status });
  }

  const act = form.get("bulk");
  const reason = String(form.get("reason") ?? "").trim();
  const ids = [...new Set(form.getAll("member").map(String))].filter((m) => MEMBER_ID.test(m));
  const invalid = (error: string) =>
    data<Answer>({ kind: "invalid", form: "bulk", reason, error }, { status: 400 });
  if (act !== "hold" && act !== "ban") return invalid("Choose Hold withdrawals or Ban.");
  if (ids.length === 0) return invalid("Choose at least one member.");
  if (ids.length > 50) return invalid("At most 50 members at once.");
  if (!reason) return invalid("A reason is required.");
  if (reason.length > 500) return invalid("The reason must be at most 500 characters.");
  let pending: BanPending | null = null;
  if (act === "ban") {
    const p = form.get("pending");
    if (p !== "reject" && p !== "hold") return invalid("Choose what happens to their pending withdrawals.");
    pending = p;
  }
  if (form.get("intent") !== "confirm") {
    // Who will be affected, by name: the member and their linked accounts as the page lists them.
    const page = await operatorRead(request, context, riskPath(id));
    const names = new Map<string, string>([
      [page.member.id, page.member.userName],
      ...page.linked.map((l): [string, string] => [l.id, l.userName]),
      ...Object.entries(page.names),
    ]);
    return data<Answer>({
      kind: "confirm",
      review: {
        action: act,
        reason,
        pending,
        members: ids.map((m) => ({ id: m, userName: names.get(m) ?? m })),
      },
    });
  }
  const res = await operatorApi(request, context, `${riskPath(id)}/bulk`, {
    method: "POST",
    json: pending
      ? { action: act, reason, memberIds: ids, pending }
      : { action: act, reason, memberIds: ids },
  });
  if (res.ok && res.body.msg)
    return data<Answer>({
      kind: "done",
      ok: true,
      message: res.body.msg.message,
      results: res.body.msg.results,
    });
  return data<Answer>({ kind: "done", ok: false, message: errorText(res.body) }, { status: res.status });
}

/** A member id in the evidence as a link to their page (their username when known). */
function BulkConfirm({ review }: { review: Review }) {
  return (
    <section
      className="card space-y-3 border-2 border-amber-400"
      aria-labelledby="bulk-confirm-heading"
      data-testid="confirm-step"
    >
      <h2 id="bulk-confirm-heading" className="text-lg font-semibold">
        Confirm: {BULK_WORDS[review.action]} for {review.members.length}{" "}
        {review.members.length === 1 ? "member" : "members"}
      </h2>
      <ul className="list-disc pl-5 text-sm" aria-label="Members affected">
        {review.members.map((m) => (
          <li key={m.id} className="break-all">
            {m.userName}
          </li>
        ))}
      </ul>
      <ReasonSummary reason={review.reason} pending={review.pending} />
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="form" value="bulk" />
        <input type="hidden" name="bulk" value={review.action} />
        <input type="hidden" name="reason" value={review.reason} />
        {review.pending ? <input type="hidden" name="pending" value={review.pending} /> : null}
        {review.members.map((m) => (
          <input key={m.id} type="hidden" name="member" value={m.id} />
        ))}
        <button type="submit" name="intent" value="confirm" className="btn-danger">
          Confirm
        </button>
        <Link to="." className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function Linked({
  d,
  answer,
  mayHold,
  mayBan,
}: {
  d: MemberRiskPage;
  answer?: Answer;
  mayHold: boolean;
  mayBan: boolean;
}) {
  const invalid = answer?.kind === "invalid" && answer.form === "bulk" ? answer : null;
  const mayAct = (mayHold || mayBan) && !d.member.isOperator;
  const rows = (
    <ul className="space-y-2" aria-label="Linked accounts">
      {mayAct ? (
        <li className="card flex items-start gap-3">
          <input
            type="checkbox"
            name="member"
            value={d.member.id}
            defaultChecked
            id={`pick-${d.member.id}`}
            className="mt-1"
          />
          <label htmlFor={`pick-${d.member.id}`} className="break-all text-sm">
            <span className="font-semibold">{d.member.userName}</span> (this member)
          </label>
        </li>
      ) : null}
      {d.linked.map((l) => (
        <li key={l.id} className="card flex items-start gap-3" data-testid="linked-account">
          {mayAct ? (
            <input type="checkbox" name="member" value={l.id} id={`pick-${l.id}`} className="mt-1" />
          ) : null}
          <div className="min-w-0 flex-1 space-y-1 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={mayAct ? `pick-${l.id}` : undefined} className="sr-only">
                Select {l.userName}
              </label>
              <Link
                to={`/admin/members/${encodeURIComponent(l.id)}/risk`}
                className="break-all font-semibold text-brand-700 underline"
              >
                {l.userName}
              </Link>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">Score {l.score}</span>
                <RiskLevelBadge level={l.level} />
              </span>
            </div>
            <p className="break-all text-xs text-slate-600">{l.email}</p>
            <ul className="text-xs">
              {l.links.map((k, i) => (
                <li key={`${k.via}-${i}`} className="break-all">
                  <span className="font-medium">
                    {
                      {
                        device: "Same device",
                        payout: "Same payout account",
                        address: "Same address",
                        referral: "Referral chain",
                      }[k.via]
                    }
                    :
                  </span>{" "}
                  <span className="font-mono">{k.value}</span>
                </li>
              ))}
            </ul>
            <MemberStateBadges role="member" held={l.withdrawalsHeld} suspended={false} banned={l.banned} />
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="space-y-2" aria-labelledby="linked-heading">
      <h2 id="linked-heading" className="text-lg font-semibold">
        Linked accounts
      </h2>
      {d.linked.length === 0 ? (
        <p className="text-sm text-slate-600">
          No account shares a device, payout account or address with this member, or is in their referral
          chain.
        </p>
      ) : null}
      {mayAct ? (
        <Form method="post" className="space-y-3" aria-label="Act on the ring">
          <input type="hidden" name="form" value="bulk" />
          {rows}
          <div className="card space-y-3">
            <div>
              <label htmlFor="bulk-reason" className="block text-sm font-medium text-slate-700">
                Reason (for every member selected)
              </label>
              <textarea
                id="bulk-reason"
                name="reason"
                required
                maxLength={500}
                rows={2}
                className="input w-full"
                defaultValue={invalid?.reason ?? ""}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? "bulk-error" : undefined}
              />
              {invalid ? (
                <p id="bulk-error" className="mt-1 text-sm text-red-700">
                  {invalid.error}
                </p>
              ) : null}
            </div>
            {mayBan ? <PendingChoice legend="If banning: pending withdrawals" /> : null}
            <div className="flex flex-wrap gap-2">
              {mayHold ? (
                <button type="submit" name="bulk" value="hold" className="btn-danger">
                  Hold withdrawals
                </button>
              ) : null}
              {mayBan ? (
                <button type="submit" name="bulk" value="ban" className="btn-danger">
                  Ban
                </button>
              ) : null}
            </div>
          </div>
        </Form>
      ) : d.linked.length > 0 ? (
        rows
      ) : null}
    </section>
  );
}

export default function MemberRisk() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const roles = me?.roles ?? [];
  const mayHold = mayUse(roles, ["payouts", "moderation"]);
  const mayBan = mayUse(roles, ["moderation"]);
  const mayClear = mayUse(roles, ["moderation"]);
  const clearInvalid = answer?.kind === "invalid" && answer.form === "clear" ? answer : null;
  const t = d.thresholds;
  return (
    <div className="space-y-4">
      <p>
        <Link
          to={`/admin/members/${encodeURIComponent(d.member.id)}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          ← Back to the member
        </Link>
      </p>
      <h1 className="break-all text-2xl font-bold">Risk: {d.member.userName}</h1>
      <p className="break-all text-sm text-slate-600">{d.member.email}</p>

      {answer?.kind === "done" ? (
        <div
          role={answer.ok ? "status" : "alert"}
          className={`rounded-lg border p-3 text-sm ${answer.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p>{answer.message}</p>
          {answer.results?.length ? (
            <ul className="mt-1 list-disc pl-5">
              {answer.results.map((r) => (
                <li key={r.id} className="break-words">
                  {r.userName}: {r.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <section className="card space-y-2" aria-labelledby="score-heading">
        <h2 id="score-heading" className="sr-only">
          Score
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-3xl font-bold tabular-nums" data-testid="risk-score">
            {d.score}
          </span>
          <RiskLevelBadge level={d.level} />
          <MemberStateBadges
            role={d.member.isOperator ? "operator" : "member"}
            held={d.member.held}
            suspended={d.member.suspended}
            banned={d.member.banned}
          />
        </div>
        <p className="text-xs text-slate-600">
          Steps: flag at {t.flag}, hold withdrawals at {t.hold}, suspend at {t.suspend}, ban at {t.ban}.
        </p>
        {d.reasons.length > 0 ? (
          <ul className="list-disc pl-5 text-sm">
            {d.reasons.map((r) => (
              <li key={r} className="break-words">
                {r}
              </li>
            ))}
          </ul>
        ) : null}
        {d.cleared ? (
          <p className="text-sm text-slate-700">
            Last cleared <time dateTime={d.cleared.at}>{formatTime(d.cleared.at)}</time> by{" "}
            {d.names[d.cleared.by] ?? d.cleared.by}: <span className="break-words">{d.cleared.note}</span>
          </p>
        ) : null}
      </section>

      {answer?.kind === "confirm" ? <BulkConfirm review={answer.review} /> : null}

      <Linked d={d} answer={answer} mayHold={mayHold} mayBan={mayBan} />

      <Signals d={d} />

      {mayClear ? (
        <section className="card space-y-2" aria-labelledby="clear-heading">
          <h2 id="clear-heading" className="text-lg font-semibold">
            Clear
          </h2>
          <p className="text-sm text-slate-600">
            Marks every open signal cleared, so the same evidence does not count again (stronger evidence
            does), and releases a hold the risk score put on. A hold or ban an operator set stays.
          </p>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="form" value="clear" />
            <label htmlFor="clear-note" className="block text-sm font-medium text-slate-700">
              Note
            </label>
            <textarea
              id="clear-note"
              name="note"
              required
              maxLength={1000}
              rows={2}
              className="input w-full"
              defaultValue={clearInvalid?.note ?? ""}
              aria-invalid={clearInvalid ? true : undefined}
              aria-describedby={clearInvalid ? "clear-error" : undefined}
            />
            {clearInvalid ? (
              <p id="clear-error" className="text-sm text-red-700">
                {clearInvalid.error}
              </p>
            ) : null}
            <button type="submit" className="btn-primary">
              Clear
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
