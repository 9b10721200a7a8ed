import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CopyableText } from "~/components/copy-button";
import { milliToRupeeString, parseRupeeInput, rupees } from "../../../../shared/money";
import { PAGE, WallForm, WallSchema, words } from "./wall-form";
import { NoHindiYet } from "../content/markdown";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Task Walls · Operator Console") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const walls = (await operatorRead(request, context, "/adminRoute/offerWalls")).records;
  const editId = url.searchParams.get("edit");
  const editing = editId ? (walls.find((w) => w._id === editId) ?? null) : null;
  return { walls, editing };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: WallSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (!v.id && !v.secret)
    return data(
      { result: submission.reply({ fieldErrors: { secret: ["The secret is required."] } }) },
      { status: 400 },
    );
  const config = {
    name: v.name,
    // An emptied Hindi field is sent empty: the Hindi name is removed.
    nameHi: v.nameHi ?? "",
    frameUrlTemplate: v.frameUrlTemplate,
    ...(v.secret ? { secret: v.secret } : {}),
    scheme: v.scheme,
    signatureFields: words(v.signatureFields),
    signatureSeparator: v.signatureSeparator ?? "",
    signatureParam: v.signatureParam,
    signatureHeader: v.signatureHeader ?? null,
    userParam: v.userParam,
    transactionParam: v.transactionParam,
    amountParam: v.amountParam,
    statusParam: v.statusParam ?? null,
    reversalStatuses: words(v.reversalStatuses),
    originalTransactionParam: v.originalTransactionParam ?? null,
    goalParam: v.goalParam ?? null,
    pendingStatuses: words(v.pendingStatuses),
    debugParam: v.debugParam ?? null,
    holdDays: Number(v.holdDays ?? 0),
    holdThreshold: v.holdThreshold,
    ipAllowList: words(v.ipAllowList),
    milliPerPoint: parseRupeeInput(v.rupeesPerPoint) ?? 0,
    capPerPostback: v.capPerPostback,
    successBody: v.successBody,
    enabled: v.enabled ?? false,
  };
  const res = await operatorApi(
    request,
    context,
    v.id ? `/adminRoute/offerWalls/${encodeURIComponent(v.id)}` : "/adminRoute/offerWalls",
    { method: v.id ? "PATCH" : "POST", json: config },
  );
  const msg = res.body.msg;
  if (res.ok)
    return redirectWithToast(context, PAGE, {
      type: "success",
      title: (msg && "message" in msg ? msg.message : undefined) ?? "Saved.",
    });
  // The API's own rules (e.g. a scheme without its fields): the form stays as typed, with the reason.
  return data({ result: submission.reply({ formErrors: [errorText(res.body)] }) }, { status: 400 });
}

export default function AdminTaskWalls() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Task Walls</h1>
      <p className="text-sm text-slate-600">
        Each wall's network sends its postbacks to the wall's own URL below. Credits move only after the
        signature (and the IP allow-list, when set) checks out, once per transaction id.{" "}
        <Link to="/admin/postbacks" className="font-semibold text-brand-600 underline">
          Postback log
        </Link>
      </p>
      {d.walls.length === 0 ? (
        <p className="card text-sm text-slate-600">No task walls yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Task walls">
          {d.walls.map((w) => (
            <li key={w._id} className="card space-y-2 text-sm" data-testid="admin-wall">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold">
                  {w.name} {w.nameHi ? null : <NoHindiYet />}
                </h2>
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold ${w.enabled ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-600"}`}
                >
                  {w.enabled ? "Enabled" : "Disabled"}
                </span>
              </div>
              <p className="text-slate-600">
                Postback URL:{" "}
                <CopyableText text={w.postbackUrl} label={`Copy the postback URL of ${w.name}`} />
              </p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
                <dt className="text-slate-500">Scheme</dt>
                <dd className="font-mono">{w.scheme}</dd>
                <dt className="text-slate-500">Secret</dt>
                <dd className="font-mono">{w.secretHint}</dd>
                <dt className="text-slate-500">Per point</dt>
                <dd>{rupees(milliToRupeeString(w.milliPerPoint))}</dd>
                <dt className="text-slate-500">Cap</dt>
                <dd>{rupees(w.capPerPostback)}</dd>
                <dt className="text-slate-500">Hold</dt>
                <dd>{w.holdDays > 0 ? `${w.holdDays} days above ${rupees(w.holdThreshold)}` : "None"}</dd>
                <dt className="text-slate-500">Frame</dt>
                <dd className="col-span-3 break-all font-mono text-xs">{w.frameUrlTemplate}</dd>
              </dl>
              <Link
                to={`?edit=${encodeURIComponent(w._id)}`}
                className="btn-secondary"
                aria-label={`Edit ${w.name}`}
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
      <WallForm key={d.editing?._id ?? "new"} wall={d.editing} lastResult={actionData?.result} />
    </div>
  );
}
