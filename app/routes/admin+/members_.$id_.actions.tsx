import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { formatTime } from "../../../shared/time";
import { mayUse, type OperatorRole } from "../../../shared/operatorRoles";
import { PendingChoice, ReasonSummary } from "~/components/admin/restriction-parts";
import type { OperatorMe } from "../../../shared/contracts/operators";
import type {
  BanPending,
  MemberRestrictionState,
  RestrictionNote,
} from "../../../shared/contracts/memberActions";
import { ROUTE_IDS } from "~/utils/route-ids";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Member actions · Operator Console") },
];

/**
 * An operator's actions on one member: end all sessions, hold / release withdrawals, suspend /
 * lift earning, ban / lift the ban. Each form takes a reason; the first submit answers a confirm
 * step rendered by the server (the values in hidden inputs), the second (intent=confirm) acts.
 * Only the actions the operator's roles open are shown; the API checks them again.
 */

type ActionKey = "sessions-end" | "hold" | "hold-release" | "suspend" | "suspend-lift" | "ban" | "ban-lift";

interface ActionInfo {
  label: string;
  /** The API path below /adminRoute/members/:id/. */
  path: string;
  roles: OperatorRole[];
  /** Shown when the member's state allows it. */
  shown: (s: MemberRestrictionState) => boolean;
  help: string;
  danger: boolean;
}

const ACTIONS: Record<ActionKey, ActionInfo> = {
  "sessions-end": {
    label: "End all sessions",
    path: "sessions/end",
    roles: ["support", "moderation"],
    shown: () => true,
    help: "Signs the member out everywhere. They can log in again.",
    danger: false,
  },
  hold: {
    label: "Hold withdrawals",
    path: "hold",
    roles: ["payouts"],
    shown: (s) => !s.withdrawalsHeld,
    help: "Requests are still accepted and stay Pending; none can be approved until the hold is released.",
    danger: true,
  },
  "hold-release": {
    label: "Release the hold",
    path: "hold/release",
    roles: ["payouts"],
    shown: (s) => !!s.withdrawalsHeld,
    help: "Pending withdrawals can be approved again.",
    danger: false,
  },
  suspend: {
    label: "Suspend earning",
    path: "suspend",
    roles: ["moderation"],
    shown: (s) => !s.earningSuspended,
    help: "Ad and short-link claims, task-wall credits and game joins are refused. The balance stays.",
    danger: true,
  },
  "suspend-lift": {
    label: "Lift the suspension",
    path: "suspend/lift",
    roles: ["moderation"],
    shown: (s) => !!s.earningSuspended,
    help: "The member can earn again.",
    danger: false,
  },
  ban: {
    label: "Ban",
    path: "ban",
    roles: ["moderation"],
    shown: (s) => !s.banned,
    help: "Ends all sessions and refuses login; the member is told the account is closed and how to appeal.",
    danger: true,
  },
  "ban-lift": {
    label: "Lift the ban",
    path: "ban/lift",
    roles: ["moderation"],
    shown: (s) => !!s.banned,
    help: "The member can log in again. A hold on withdrawals stays until released.",
    danger: false,
  },
};
const ORDER = Object.keys(ACTIONS) as ActionKey[];
const isActionKey = (v: unknown): v is ActionKey => typeof v === "string" && v in ACTIONS;

interface Review {
  action: ActionKey;
  reason: string;
  pending: BanPending | null;
}

type Answer =
  | { kind: "confirm"; review: Review }
  | { kind: "invalid"; action: ActionKey | null; reason: string; error: string }
  | { kind: "done"; ok: boolean; message: string };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  return operatorRead(request, context, `/adminRoute/members/${encodeURIComponent(id)}/restrictions`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  const key = form.get("action");
  const reason = String(form.get("reason") ?? "").trim();
  const pendingRaw = form.get("pending");
  if (!isActionKey(key))
    return data<Answer>(
      { kind: "invalid", action: null, reason, error: "Choose an action." },
      { status: 400 },
    );
  const invalid = (error: string) =>
    data<Answer>({ kind: "invalid", action: key, reason, error }, { status: 400 });
  if (!reason) return invalid("A reason is required.");
  if (reason.length > 500) return invalid("The reason must be at most 500 characters.");
  let pending: BanPending | null = null;
  if (key === "ban") {
    if (pendingRaw !== "reject" && pendingRaw !== "hold")
      return invalid("Choose what happens to the pending withdrawals.");
    pending = pendingRaw;
  }
  if (form.get("intent") !== "confirm")
    return data<Answer>({ kind: "confirm", review: { action: key, reason, pending } });

  // Every action's path has the same body and answer (shared/contracts/memberActions.ts).
  const path =
    `/adminRoute/members/${encodeURIComponent(id)}/${ACTIONS[key].path}` as `/adminRoute/members/${string}/hold`;
  const res = await operatorApi(request, context, path, {
    method: "POST",
    json: pending ? { reason, pending } : { reason },
  });
  if (res.ok && res.body.msg) return data<Answer>({ kind: "done", ok: true, message: res.body.msg.message });
  return data<Answer>({ kind: "done", ok: false, message: errorText(res.body) }, { status: res.status });
}

function StateRow({ label, note, off }: { label: string; note: RestrictionNote | null; off: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="font-medium text-slate-700">{label}:</dt>
      <dd>
        {note ? (
          <>
            <span className="font-semibold text-red-800">Yes</span>, since{" "}
            <time dateTime={note.since}>{formatTime(note.since)}</time>
            {note.reason ? <> — {note.reason}</> : null}
          </>
        ) : (
          off
        )}
      </dd>
    </div>
  );
}

function ActionForm({ k, answer }: { k: ActionKey; answer: Answer | undefined }) {
  const a = ACTIONS[k];
  const invalid = answer?.kind === "invalid" && answer.action === k ? answer : null;
  const headingId = `action-${k}`;
  const errorId = `${k}-error`;
  return (
    <section className="card space-y-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold">
        {a.label}
      </h3>
      <p className="text-sm text-slate-600">{a.help}</p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="action" value={k} />
        <div>
          <label htmlFor={`${k}-reason`} className="block text-sm font-medium text-slate-700">
            Reason
          </label>
          <textarea
            id={`${k}-reason`}
            name="reason"
            required
            maxLength={500}
            rows={2}
            className="input w-full"
            defaultValue={invalid?.reason ?? ""}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
          />
          {invalid ? (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {invalid.error}
            </p>
          ) : null}
        </div>
        {k === "ban" ? <PendingChoice legend="Pending withdrawals" required /> : null}
        <button type="submit" className={a.danger ? "btn-danger" : "btn-primary"}>
          {a.label}
        </button>
      </Form>
    </section>
  );
}

function ConfirmStep({ review, state }: { review: Review; state: MemberRestrictionState }) {
  const a = ACTIONS[review.action];
  return (
    <section
      className="card space-y-3 border-2 border-amber-400"
      aria-labelledby="confirm-heading"
      data-testid="confirm-step"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Confirm: {a.label} for {state.userName}
      </h2>
      <ReasonSummary reason={review.reason} pending={review.pending} />
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="action" value={review.action} />
        <input type="hidden" name="reason" value={review.reason} />
        {review.pending ? <input type="hidden" name="pending" value={review.pending} /> : null}
        <button
          type="submit"
          name="intent"
          value="confirm"
          className={a.danger ? "btn-danger" : "btn-primary"}
        >
          Confirm
        </button>
        <Link to="." className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

export default function MemberActionsPage() {
  const s = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const me = useRouteLoaderData<OperatorMe>(ROUTE_IDS.admin);
  const roles = me?.roles ?? [];
  const available = ORDER.filter((k) => mayUse(roles, ACTIONS[k].roles) && ACTIONS[k].shown(s));
  return (
    <div className="space-y-4">
      <p>
        <Link
          to={`/admin/members/${encodeURIComponent(s.id)}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          ← Back to the member
        </Link>
      </p>
      <h1 className="break-words text-2xl font-bold">Actions: {s.userName}</h1>
      <p className="break-all text-sm text-slate-600">{s.email}</p>

      {answer?.kind === "done" ? (
        answer.ok ? (
          <p
            role="status"
            className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900"
          >
            {answer.message}
          </p>
        ) : (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {answer.message}
          </p>
        )
      ) : null}

      <section className="card" aria-labelledby="state-heading">
        <h2 id="state-heading" className="mb-2 text-lg font-semibold">
          Current state
        </h2>
        <dl className="space-y-1 text-sm">
          <StateRow label="Withdrawals held" note={s.withdrawalsHeld} off="No" />
          <StateRow label="Earning suspended" note={s.earningSuspended} off="No" />
          <StateRow label="Banned" note={s.banned} off="No" />
          <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">Active sessions:</dt>
            <dd>{s.activeSessions}</dd>
          </div>
          <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">Pending withdrawals:</dt>
            <dd>{s.pendingWithdrawals}</dd>
          </div>
        </dl>
      </section>

      {answer?.kind === "confirm" ? <ConfirmStep review={answer.review} state={s} /> : null}

      {s.isOperator ? (
        <p className="card text-sm text-slate-700">Operators&apos; accounts cannot be restricted here.</p>
      ) : available.length === 0 ? (
        <p className="card text-sm text-slate-700">Your operator role does not open any action on members.</p>
      ) : (
        <section aria-labelledby="actions-heading" className="space-y-3">
          <h2 id="actions-heading" className="text-lg font-semibold">
            Actions
          </h2>
          {available.map((k) => (
            <ActionForm key={k} k={k} answer={answer} />
          ))}
        </section>
      )}
    </div>
  );
}
