import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  Checkbox,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import { CopyableText } from "~/components/copy-button";
import { milliToRupeeString, parseRupeeInput, rupees } from "../../shared/money";
import { rupeeText } from "../../shared/moneyInput";
import { SIGNATURE_SCHEMES, type OperatorWall } from "~/utils/task-walls";

export const meta: MetaFunction = () => [{ title: "Task Walls · Operator Console" }];

const PAGE = "/admin/task-walls";

const SCHEME_LABELS: Record<(typeof SIGNATURE_SCHEMES)[number], string> = {
  md5_fields: "MD5 of named fields and the secret",
  hmac_sha1_url: "HMAC-SHA1 of the whole URL",
  hmac_sha256_sorted: "HMAC-SHA256 of the sorted parameters (header)",
};

const PARAM = /^[A-Za-z0-9_.[\]-]{1,64}$/;
const PARAM_MESSAGE = "A parameter name: letters, digits, _ . - [ ] (up to 64).";
const param = (required: string) => z.string({ required_error: required }).trim().regex(PARAM, PARAM_MESSAGE);
const optionalParam = z.string().trim().regex(PARAM, PARAM_MESSAGE).optional();
/** A list typed as words separated by commas, spaces or lines. */
const list = z.string().max(2000).optional();
const words = (text: string | undefined) => (text ?? "").split(/[\s,]+/).filter(Boolean);

const WallSchema = z
  .object({
    id: z.string().max(64).optional(),
    name: z.string({ required_error: "Name is required." }).trim().min(1).max(100),
    frameUrlTemplate: z
      .string({ required_error: "Frame URL template is required." })
      .trim()
      .max(2000)
      .refine((t) => t.includes("{user_id}"), "Put {user_id} where the member's id goes."),
    // Write-only: required for a new wall; left blank on an edit, the secret stays.
    secret: z.string().min(4, "The secret is 4 to 200 characters.").max(200).optional(),
    scheme: z.enum(SIGNATURE_SCHEMES, { required_error: "Choose a signature scheme." }),
    signatureFields: list,
    signatureSeparator: z.string().max(10).optional(),
    signatureParam: param("Signature parameter is required."),
    signatureHeader: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "A header name: letters, digits and -.")
      .optional(),
    userParam: param("User parameter is required."),
    transactionParam: param("Transaction parameter is required."),
    amountParam: param("Amount parameter is required."),
    statusParam: optionalParam,
    reversalStatuses: list,
    originalTransactionParam: optionalParam,
    ipAllowList: list,
    rupeesPerPoint: rupeeText({
      required: "Rupees per point is required.",
      invalid: "Rupees with up to 3 decimals, e.g. 0.010.",
      positive: "At least ₹0.001 per point.",
    }),
    capPerPostback: rupeeText({
      required: "Cap per postback is required.",
      invalid: "Rupees with up to 3 decimals.",
      positive: "The cap must be more than ₹0.",
    }),
    successBody: z.string({ required_error: "Success body is required." }).max(200),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    // The API refuses it too (offerWallConfig.ts); said here next to the field, before a round trip.
    if (v.scheme === "md5_fields" && !v.signatureSeparator && words(v.ipAllowList).length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["signatureSeparator"],
        message:
          "Without a separator, one signed postback can be re-split into other transaction ids and amounts. Set the separator the network uses, or list its server addresses in the IP allow-list.",
      });
  });

/** The settings typed as plain text, in the form's order: name, label, hint. */
const PARAMETER_FIELDS = [
  [
    "signatureFields",
    "Signature fields",
    "md5_fields: the parameters signed, in order, separated by commas.",
  ],
  [
    "signatureSeparator",
    "Signature separator",
    "Between the signed values (e.g. - or :); empty only together with an IP allow-list.",
  ],
  ["signatureParam", "Signature parameter", undefined],
  ["signatureHeader", "Signature header", "hmac_sha256_sorted: the header carrying the signature."],
  ["userParam", "User parameter", undefined],
  ["transactionParam", "Transaction parameter", undefined],
  ["amountParam", "Amount parameter", "Points of the network's currency; negative means a reversal."],
  ["statusParam", "Status parameter", undefined],
  [
    "reversalStatuses",
    "Reversal statuses",
    "Values of the status parameter that reverse a credit, separated by commas.",
  ],
  [
    "originalTransactionParam",
    "Original transaction parameter",
    "Names the credit a reversal cancels (else the reversal's own id).",
  ],
  ["ipAllowList", "IP allow-list", "Addresses postbacks may come from, separated by commas; empty: any."],
  ["rupeesPerPoint", "Rupees per point (₹)", "Up to 3 decimals: 0.010 is 10 milli-rupees a point."],
  ["capPerPostback", "Cap per postback (₹)", "The most one postback credits."],
  [
    "successBody",
    "Success body",
    "What the network expects back once a postback is recorded (e.g. 1 or OK).",
  ],
] as const satisfies ReadonlyArray<readonly [keyof z.input<typeof WallSchema>, string, string | undefined]>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const d = await operatorRead<{ records: OperatorWall[] }>(request, context, "/adminRoute/offerWalls");
  const editId = url.searchParams.get("edit");
  const editing = editId ? (d.records.find((w) => w._id === editId) ?? null) : null;
  return { walls: d.records, editing };
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
    ipAllowList: words(v.ipAllowList),
    milliPerPoint: parseRupeeInput(v.rupeesPerPoint) ?? 0,
    capPerPostback: v.capPerPostback,
    successBody: v.successBody,
    enabled: v.enabled ?? false,
  };
  const res = await operatorApi<{ message: string }>(
    request,
    context,
    v.id ? `/adminRoute/offerWalls/${encodeURIComponent(v.id)}` : "/adminRoute/offerWalls",
    { method: v.id ? "PATCH" : "POST", json: config },
  );
  if (res.ok)
    return redirectWithToast(context, PAGE, { type: "success", title: res.body.msg?.message ?? "Saved." });
  // The API's own rules (e.g. a scheme without its fields): the form stays as typed, with the reason.
  return data({ result: submission.reply({ formErrors: [errorText(res.body)] }) }, { status: 400 });
}

function WallForm({ wall }: { wall: OperatorWall | null }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: `wall-${wall?._id ?? "new"}`,
    lastResult: actionData?.result,
    schema: WallSchema,
    defaultValue: wall
      ? {
          name: wall.name,
          frameUrlTemplate: wall.frameUrlTemplate,
          scheme: wall.scheme,
          signatureFields: wall.signatureFields.join(", "),
          signatureSeparator: wall.signatureSeparator,
          signatureParam: wall.signatureParam,
          signatureHeader: wall.signatureHeader ?? "",
          userParam: wall.userParam,
          transactionParam: wall.transactionParam,
          amountParam: wall.amountParam,
          statusParam: wall.statusParam ?? "",
          reversalStatuses: wall.reversalStatuses.join(", "),
          originalTransactionParam: wall.originalTransactionParam ?? "",
          ipAllowList: wall.ipAllowList.join(", "),
          rupeesPerPoint: milliToRupeeString(wall.milliPerPoint),
          capPerPostback: wall.capPerPostback,
          successBody: wall.successBody,
          enabled: wall.enabled ? "on" : undefined,
        }
      : {
          scheme: "md5_fields",
          signatureParam: "signature",
          userParam: "user_id",
          transactionParam: "transaction_id",
          amountParam: "amount",
          successBody: "1",
          enabled: "on",
        },
  });
  type TextField = Exclude<(typeof fields)[keyof typeof fields], typeof fields.enabled>;
  const text = (f: TextField, extra: Record<string, unknown> = {}) => ({
    ...getInputProps(f, { type: "text" }),
    autoComplete: "off",
    spellCheck: false,
    ...extra,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card space-y-4"
      aria-label={wall ? `Edit ${wall.name}` : "Add a task wall"}
    >
      <h2 className="text-lg font-semibold">{wall ? `Edit ${wall.name}` : "Add a task wall"}</h2>
      {wall ? <input type="hidden" name="id" value={wall._id} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Name" errors={fields.name.errors} inputProps={text(fields.name)} />
        <Field
          label="Frame URL template"
          errors={fields.frameUrlTemplate.errors}
          hint="An https address or a path of this site, with {user_id} for the member's id."
          inputProps={text(fields.frameUrlTemplate)}
        />
        <Field
          label="Postback secret"
          errors={fields.secret.errors}
          hint={wall ? `Now ${wall.secretHint}; leave blank to keep it.` : "Never shown again after saving."}
          inputProps={{ ...getInputProps(fields.secret, { type: "password" }), autoComplete: "new-password" }}
        />
        <SelectField label="Signature scheme" field={fields.scheme}>
          {SIGNATURE_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {scheme} — {SCHEME_LABELS[scheme]}
            </option>
          ))}
        </SelectField>
        {PARAMETER_FIELDS.map(([name, label, hint]) => (
          <Field
            key={name}
            label={label}
            errors={fields[name].errors}
            hint={hint}
            inputProps={text(
              fields[name],
              /^(rupeesPerPoint|capPerPostback)$/.test(name) ? { inputMode: "decimal" } : {},
            )}
          />
        ))}
      </div>
      <Checkbox label="Enabled (shown to members)" meta={fields.enabled} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} className="btn-primary">
          {wall ? "Save Wall" : "Add Wall"}
        </SubmitButton>
        {wall ? (
          <Link to={PAGE} className="btn-secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminTaskWalls() {
  const d = useLoaderData<typeof loader>();
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
                <h2 className="text-base font-semibold">{w.name}</h2>
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
      <WallForm key={d.editing?._id ?? "new"} wall={d.editing} />
    </div>
  );
}
