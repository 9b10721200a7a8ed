import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { operatorApi, operatorChange, operatorRead } from "~/utils/admin.server";
import { errorText, type ApiResult } from "~/utils/api.server";
import { useIsPending } from "~/components/forms";
import { ConfirmDialog, newRequestId } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { pageParam } from "~/utils/pagination";
import type { PostbackSendResult } from "../../../../shared/contracts/taskWalls";
import { POSTBACK_VERDICTS } from "~/utils/task-walls";
import { ReplaySchema, RetentionSchema, TestSchema, type ActionAnswer, type SentAnswer } from "./schemas";
import { RetentionForm, TestForm } from "./forms";
import { PostbackEntry, SentResult } from "./log";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Postbacks · Operator Console") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const wall = url.searchParams.get("wall") ?? "";
  const verdictParam = url.searchParams.get("verdict") ?? "";
  const verdict = (POSTBACK_VERDICTS as readonly string[]).includes(verdictParam) ? verdictParam : "";
  const [walls, log] = await Promise.all([
    operatorRead(request, context, "/adminRoute/offerWalls"),
    operatorRead(request, context, "/adminRoute/postbacks", {
      wall: wall || undefined,
      verdict: verdict || undefined,
      page: String(pageParam(url)),
    }),
  ]);
  return {
    walls: walls.records.map((w) => ({ id: w._id, name: w.name })),
    records: log.records,
    pagination: log.pagination,
    retentionDays: log.retentionDays,
    filter: { wall, verdict },
    // A fresh transaction id for the test form (each test is a new transaction unless changed).
    suggestedTransactionId: `test-${newRequestId().slice(0, 10)}`,
  };
}

function sentAnswer(res: ApiResult<PostbackSendResult>): SentAnswer {
  if (res.ok && res.body.msg) return { ok: true, result: res.body.msg };
  return { ok: false, message: errorText(res.body) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "retention") {
    const submission = parseWithZod(formData, { schema: RetentionSchema });
    if (submission.status !== "success")
      return data<ActionAnswer>(
        { sent: null, confirm: null, result: submission.reply(), form: "retention" },
        { status: 400 },
      );
    return operatorChange(
      request,
      context,
      "/adminRoute/postbacks/settings",
      { method: "PATCH", json: { retentionDays: submission.value.retentionDays } },
      "/admin/postbacks",
    );
  }
  if (formData.get("intent") === "test") {
    const submission = parseWithZod(formData, { schema: TestSchema });
    if (submission.status !== "success")
      return data<ActionAnswer>(
        { sent: null, confirm: null, result: submission.reply(), form: "test" },
        { status: 400 },
      );
    const v = submission.value;
    const res = await operatorApi(request, context, "/adminRoute/postbacks/test", {
      method: "POST",
      json: {
        wallId: v.wallId,
        userId: v.userId,
        transactionId: v.transactionId,
        points: v.points,
        reversal: v.reversal ?? false,
      },
    });
    return data<ActionAnswer>({
      sent: sentAnswer(res),
      confirm: null,
      result: submission.reply(),
      form: "test",
    });
  }
  const parsed = ReplaySchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data<ActionAnswer>(
      { sent: { ok: false, message: "Postback not found." }, confirm: null },
      { status: 400 },
    );
  const { intent, id } = parsed.data;
  // A replay sends the logged request again: a confirm step first (server-rendered without scripts).
  if (intent === "replay-check") return data<ActionAnswer>({ sent: null, confirm: { id } });
  const res = await operatorApi(request, context, `/adminRoute/postbacks/${id}/replay`, {
    method: "POST",
    json: {},
  });
  return data<ActionAnswer>({ sent: sentAnswer(res), confirm: null });
}

export default function AdminPostbacks() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData?.confirm ?? null;
  const replaying = useIsPending({ fields: { intent: "replay", id: confirm?.id ?? "" } });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Postbacks</h1>
      <p className="text-sm text-slate-600">
        Every request to a postback URL with what was decided, newest first. Postbacks that moved money are
        kept as received; the others (refusals, duplicates) as a summary: the first 300 bytes of the address,
        without headers or body. Rows older than {d.retentionDays} days are removed.
      </p>
      {actionData?.sent ? <SentResult sent={actionData.sent} /> : null}
      <TestForm
        walls={d.walls}
        transactionId={d.suggestedTransactionId}
        lastResult={actionData?.form === "test" ? actionData.result : undefined}
      />
      <RetentionForm
        days={d.retentionDays}
        lastResult={actionData?.form === "retention" ? actionData.result : undefined}
      />
      <Form method="get" className="card flex flex-wrap items-end gap-3" aria-label="Filter postbacks">
        <div>
          <label className="label" htmlFor="filter-wall">
            Wall
          </label>
          <select id="filter-wall" name="wall" className="input" defaultValue={d.filter.wall}>
            <option value="">All walls</option>
            {d.walls.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="filter-verdict">
            Verdict
          </label>
          <select id="filter-verdict" name="verdict" className="input" defaultValue={d.filter.verdict}>
            <option value="">All verdicts</option>
            {POSTBACK_VERDICTS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No postbacks yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Postback log">
          {d.records.map((r) => (
            <PostbackEntry key={r.id} row={r} />
          ))}
        </ul>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
      {confirm ? (
        <ConfirmDialog
          title={`Replay postback #${confirm.id}?`}
          confirmLabel="Replay"
          cancelLabel="Cancel"
          pending={replaying}
          fields={{ intent: "replay", id: confirm.id }}
        >
          <p>
            The logged request is sent again to its endpoint (same URL, headers and body; a summary row has
            only its first 300 bytes of address). A transaction already credited is answered as a duplicate
            and moves nothing.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
