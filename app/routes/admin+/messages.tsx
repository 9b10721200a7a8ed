import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { Pagination } from "~/components/pagination";
import { SubmitButton, useIsPending } from "~/components/forms";
import { formatTime } from "../../../shared/time";
import { MessageStatusBadge } from "~/components/message-status";
import { MessageKindBadges } from "~/components/admin/message-kind";
import { SUPPORT_TEXT_MAX, type CannedReply } from "../../../shared/contracts/support";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Messages · Operator Console") },
];

const FILTERS = [
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "answered", label: "Answered" },
  { value: "closed", label: "Closed" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

function filterOf(url: URL): Filter {
  const s = url.searchParams.get("status");
  return FILTERS.find((f) => f.value === s)?.value ?? "all";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = filterOf(url);
  const [list, canned] = await Promise.all([
    operatorRead(request, context, "/adminRoute/messages", {
      status,
      page: url.searchParams.get("page") ?? undefined,
    }),
    operatorRead(request, context, "/adminRoute/canned-replies"),
  ]);
  return { ...list, status, canned: canned.records };
}

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.trim() : "");
const cannedId = (v: FormDataEntryValue | null) => {
  const s = text(v);
  return /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null;
};

interface CannedActionData {
  /** A delete waiting for its confirmation. */
  confirmDelete?: { id: number; title: string };
  error?: string;
}

/** Canned replies: create, edit, and delete after a confirm step. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form.get("intent"));
  const returnTo = "/admin/messages#canned-replies";
  const title = text(form.get("title"));
  const body = text(form.get("body"));
  const id = cannedId(form.get("id"));
  const fields = () => {
    if (!title || title.length > 200) return "Title is required (up to 200 characters).";
    if (!body || body.length > SUPPORT_TEXT_MAX)
      return `Text is required (up to ${SUPPORT_TEXT_MAX} characters).`;
    return null;
  };
  switch (intent) {
    case "create": {
      const error = fields();
      if (error) return data<CannedActionData>({ error }, { status: 400 });
      return operatorChange(
        request,
        context,
        "/adminRoute/canned-replies",
        { method: "POST", json: { title, body } },
        returnTo,
      );
    }
    case "update": {
      const error = id === null ? "Canned reply not found." : fields();
      if (error || id === null) return data<CannedActionData>({ error: error ?? undefined }, { status: 400 });
      return operatorChange(
        request,
        context,
        `/adminRoute/canned-replies/${id}`,
        { method: "PATCH", json: { title, body } },
        returnTo,
      );
    }
    case "delete":
      if (id === null) return data<CannedActionData>({ error: "Canned reply not found." }, { status: 400 });
      return data<CannedActionData>({ confirmDelete: { id, title: title.slice(0, 200) } });
    case "confirm-delete":
      if (id === null) return data<CannedActionData>({ error: "Canned reply not found." }, { status: 400 });
      return operatorChange(
        request,
        context,
        `/adminRoute/canned-replies/${id}`,
        { method: "DELETE" },
        returnTo,
      );
    default:
      return data<CannedActionData>({ error: "Unknown action." }, { status: 400 });
  }
}

function CannedForm({ reply }: { reply?: CannedReply }) {
  const intent = reply ? "update" : "create";
  const pending = useIsPending({ formMethod: "POST", fields: { intent, id: reply ? String(reply.id) : "" } });
  const prefix = reply ? `canned-${reply.id}` : "canned-new";
  return (
    <Form method="post" className="space-y-2" aria-label={reply ? `Edit ${reply.title}` : "New canned reply"}>
      <input type="hidden" name="id" value={reply ? reply.id : ""} />
      <div>
        <label className="label" htmlFor={`${prefix}-title`}>
          Title
        </label>
        <input
          id={`${prefix}-title`}
          name="title"
          className="input"
          required
          maxLength={200}
          defaultValue={reply?.title ?? ""}
        />
      </div>
      <div>
        <label className="label" htmlFor={`${prefix}-body`}>
          Text
        </label>
        <textarea
          id={`${prefix}-body`}
          name="body"
          className="input min-h-24"
          required
          maxLength={SUPPORT_TEXT_MAX}
          defaultValue={reply?.body ?? ""}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} className="btn-primary" name="intent" value={intent}>
          {reply ? "Save" : "Add canned reply"}
        </SubmitButton>
        {reply ? (
          <button type="submit" className="btn-secondary" name="intent" value="delete" formNoValidate>
            Delete
          </button>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminMessages() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CannedActionData | undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Support Messages</h1>
      <nav aria-label="Status filter" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/messages?status=${f.value}`}
            aria-current={d.status === f.value ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${d.status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600">
        Newest first. {d.pagination.totalRecords} {d.pagination.totalRecords === 1 ? "message" : "messages"}.
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No messages here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {d.records.map((m) => (
            <li key={m.id} className="card space-y-1 text-sm" data-testid="admin-message">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="min-w-0 break-words text-base font-semibold">
                  <Link className="text-brand-700 underline" to={`/admin/messages/${m.id}`}>
                    {m.subject}
                  </Link>
                </h2>
                <time className="text-xs text-slate-600" dateTime={m.time}>
                  {formatTime(m.time)}
                </time>
              </div>
              <p className="flex flex-wrap items-center gap-2">
                <MessageStatusBadge status={m.status} />
                <MessageKindBadges m={m} />
                <span className="text-slate-600">
                  {m.replies} {m.replies === 1 ? "reply" : "replies"}
                </span>
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
                    <Link
                      className="font-semibold text-brand-700 underline"
                      to={`/admin/members/${m.userId}`}
                    >
                      {shownMemberName(m.userName)}
                    </Link>
                  </>
                ) : (
                  " · visitor"
                )}
              </p>
              {m.missingCredit ? (
                <p className="break-words text-slate-700">
                  {m.missingCredit.wallName} · offer “{m.missingCredit.offerName}” · completed{" "}
                  <time dateTime={m.missingCredit.completedAt}>
                    {formatTime(m.missingCredit.completedAt)}
                  </time>
                </p>
              ) : null}
              <p className="line-clamp-3 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />

      <section className="card space-y-4" id="canned-replies" aria-labelledby="canned-heading">
        <h2 id="canned-heading" className="text-lg font-semibold">
          Canned replies
        </h2>
        <p className="text-sm text-slate-600">
          Starting texts for the common questions, picked on a message's page.
        </p>
        {actionData?.error ? (
          <p className="field-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {actionData?.confirmDelete ? (
          <Form method="post" className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3">
            <p className="text-sm">
              Delete the canned reply{" "}
              <strong>{actionData.confirmDelete.title || `#${actionData.confirmDelete.id}`}</strong>?
            </p>
            <input type="hidden" name="id" value={actionData.confirmDelete.id} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-danger" name="intent" value="confirm-delete">
                Confirm delete
              </button>
              <Link className="btn-secondary" to="/admin/messages#canned-replies">
                Cancel
              </Link>
            </div>
          </Form>
        ) : null}
        {d.canned.length === 0 ? <p className="text-sm text-slate-600">No canned replies yet.</p> : null}
        <ul className="space-y-4" aria-label="Canned replies">
          {d.canned.map((r) => (
            <li key={r.id} className="border-t border-slate-200 pt-3" data-testid="canned-reply">
              <CannedForm reply={r} />
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 pt-3">
          <h3 className="mb-2 font-semibold">New canned reply</h3>
          <CannedForm />
        </div>
      </section>
    </div>
  );
}
