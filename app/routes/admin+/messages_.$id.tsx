import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { invariantResponse } from "~/utils/invariant";
import { SubmitButton, useIsPending } from "~/components/forms";
import { MessageStatusBadge } from "~/components/message-status";
import { MessageKindBadges } from "~/components/admin/message-kind";
import { formatTime } from "../../../shared/time";
import { formatRupees } from "../../../shared/money";
import { SUPPORT_TEXT_MAX } from "../../../shared/contracts/support";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.message.subject} · Messages · Operator Console` : "Message · Operator Console" },
];

const NOT_FOUND = "Message not found.";

function messageId(raw: string | undefined): number {
  const ok = raw !== undefined && /^[1-9]\d{0,14}$/.test(raw);
  invariantResponse(ok, NOT_FOUND, 404);
  return Number(raw);
}

/** `?canned=ID` starts the reply form from that canned reply (the picker is a GET form: no script needed). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = messageId(params.id);
  const thread = await operatorRead(request, context, `/adminRoute/messages/${id}`);
  const picked = Number(new URL(request.url).searchParams.get("canned"));
  const canned = thread.cannedReplies.find((r) => r.id === picked) ?? null;
  return { ...thread, id, picked: canned?.id ?? null, draft: canned?.body ?? "" };
}

interface ThreadActionData {
  error: string;
  draft: string;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = messageId(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const returnTo = `/admin/messages/${id}`;
  if (intent === "reply") {
    const raw = form.get("body");
    const body = typeof raw === "string" ? raw.trim() : "";
    if (!body || body.length > SUPPORT_TEXT_MAX)
      return data<ThreadActionData>(
        {
          error: `Write a reply (up to ${SUPPORT_TEXT_MAX} characters).`,
          draft: body.slice(0, SUPPORT_TEXT_MAX),
        },
        { status: 400 },
      );
    return operatorChange(request, context, `/adminRoute/messages/${id}/reply`, { json: { body } }, returnTo);
  }
  const status = form.get("status");
  if (intent === "status" && (status === "open" || status === "closed" || status === "answered"))
    return operatorChange(
      request,
      context,
      `/adminRoute/messages/${id}/status`,
      { json: { status } },
      returnTo,
    );
  return data<ThreadActionData>({ error: "Unknown action.", draft: "" }, { status: 400 });
}

export default function AdminMessageThread() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ThreadActionData | undefined;
  const m = d.message;
  const replying = useIsPending({ formMethod: "POST", fields: { intent: "reply" } });
  const draft = actionData?.draft || d.draft;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="text-brand-700 underline" to="/admin/messages">
          ← All messages
        </Link>
      </p>
      <h1 className="break-words text-2xl font-bold">{m.subject}</h1>
      <section className="card space-y-2 text-sm" aria-label="Message">
        <p className="flex flex-wrap items-center gap-2">
          <MessageStatusBadge status={m.status} />
          <MessageKindBadges m={m} />
          <time className="text-slate-600" dateTime={m.time}>
            {formatTime(m.time)}
          </time>
        </p>
        <p className="break-words text-slate-600">
          {m.name} ·{" "}
          <a className="text-brand-700 underline" href={`mailto:${m.email}`}>
            {m.email}
          </a>{" "}
          · {m.mobile_number}
          {m.userId && m.userName ? (
            <>
              {" "}
              · member{" "}
              <Link className="font-semibold text-brand-700 underline" to={`/admin/members/${m.userId}`}>
                {shownMemberName(m.userName)}
              </Link>
            </>
          ) : (
            " · visitor"
          )}
        </p>
        {m.missingCredit ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">Task wall</dt>
            <dd className="break-words">{m.missingCredit.wallName}</dd>
            <dt className="font-medium">Offer</dt>
            <dd className="break-words">{m.missingCredit.offerName}</dd>
            <dt className="font-medium">Completed</dt>
            <dd>
              <time dateTime={m.missingCredit.completedAt}>{formatTime(m.missingCredit.completedAt)}</time>
            </dd>
          </dl>
        ) : null}
        <p className="whitespace-pre-wrap break-words text-slate-900" data-testid="thread-message">
          {m.message}
        </p>
      </section>

      {d.postbacks ? (
        <section className="card text-sm" aria-labelledby="postbacks-heading">
          <h2 id="postbacks-heading" className="text-lg font-semibold">
            This member&apos;s postbacks for {m.missingCredit?.wallName}
          </h2>
          <p className="text-slate-600">
            From 3 days before to 3 days after the completion time, newest first.
          </p>
          {d.postbacks.length === 0 ? (
            <p className="mt-2" data-testid="no-postbacks">
              No postbacks from this wall for this member around that time.
            </p>
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="thread-postbacks">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Time</th>
                    <th className="py-2 pr-3 font-medium">Verdict</th>
                    <th className="py-2 pr-3 font-medium">Transaction</th>
                    <th className="py-2 font-medium">Amount</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.postbacks.map((p) => (
                    <tr key={p.id}>
                      <td className="py-2 pr-3">{formatTime(p.time)}</td>
                      <td className="py-2 pr-3">
                        {p.verdict}
                        {p.detail ? <span className="block text-xs text-slate-600">{p.detail}</span> : null}
                      </td>
                      <td className="break-all py-2 pr-3 font-mono text-xs">{p.transactionId ?? "—"}</td>
                      <td className="py-2 tabular-nums">
                        {p.amount === null ? "—" : formatRupees(p.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      <section className="space-y-3" aria-labelledby="replies-heading">
        <h2 id="replies-heading" className="text-lg font-semibold">
          Replies
        </h2>
        {d.replies.length === 0 ? <p className="text-sm text-slate-600">No replies yet.</p> : null}
        <ol className="space-y-3">
          {d.replies.map((r) => (
            <li
              key={r.id}
              data-testid="thread-reply"
              className={`card text-sm ${r.fromOperator ? "border-l-4 border-l-brand-600" : "border-l-4 border-l-slate-400"}`}
            >
              <p className="text-slate-600">
                {r.fromOperator ? `Support${r.author ? ` (${r.author})` : ""}` : "Member"} ·{" "}
                <time dateTime={r.time}>{formatTime(r.time)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{r.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="card space-y-3" aria-labelledby="reply-heading">
        <h2 id="reply-heading" className="text-lg font-semibold">
          Reply
        </h2>
        <p className="text-sm text-slate-600">
          The reply is e-mailed to {m.email} and shown on the member&apos;s support page.
        </p>
        {d.cannedReplies.length > 0 ? (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label className="label" htmlFor="canned">
                Canned reply
              </label>
              <select id="canned" name="canned" className="input" defaultValue={d.picked ?? ""}>
                {d.cannedReplies.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Use
            </button>
          </Form>
        ) : null}
        <Form method="post" className="space-y-2" key={`${d.picked ?? "none"}-${d.replies.length}`}>
          <div>
            <label className="label" htmlFor="reply-body">
              Your reply
            </label>
            <textarea
              id="reply-body"
              name="body"
              className="input min-h-40"
              required
              maxLength={SUPPORT_TEXT_MAX}
              defaultValue={draft}
              aria-describedby={actionData?.error ? "reply-error" : undefined}
            />
            {actionData?.error ? (
              <p id="reply-error" className="field-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </div>
          <SubmitButton pending={replying} className="btn-primary" name="intent" value="reply">
            Send reply
          </SubmitButton>
        </Form>
      </section>

      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="status" />
        {m.status === "closed" ? (
          <button type="submit" className="btn-secondary" name="status" value="open">
            Reopen
          </button>
        ) : (
          <button type="submit" className="btn-secondary" name="status" value="closed">
            Close
          </button>
        )}
      </Form>
    </div>
  );
}
