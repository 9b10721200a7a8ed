import { Form, Link } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import {
  Checkbox,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import { milliToRupeeString } from "../../../../shared/money";
import { rupeeText } from "../../../../shared/moneyInput";
import type { OperatorWall } from "../../../../shared/contracts/taskWalls";
import { SIGNATURE_SCHEMES } from "~/utils/task-walls";
import { HindiTextField } from "~/components/hindi-field";

/** The task-wall form of the operator console: its fields, their rules and the form itself. */

/** The console's task-wall page. */
export const PAGE = "/admin/task-walls";

const SCHEME_LABELS: Record<(typeof SIGNATURE_SCHEMES)[number], string> = {
  md5_fields: "MD5 of named fields and the secret",
  hmac_sha1_url: "HMAC-SHA1 of the whole URL",
  hmac_sha256_sorted: "HMAC-SHA256 of the sorted parameters (header)",
  sha256_fields: "SHA-256 of named fields and the secret",
};

const PARAM = /^[A-Za-z0-9_.[\]-]{1,64}$/;
const PARAM_MESSAGE = "A parameter name: letters, digits, _ . - [ ] (up to 64).";
const param = (required: string) => z.string({ required_error: required }).trim().regex(PARAM, PARAM_MESSAGE);
const optionalParam = z.string().trim().regex(PARAM, PARAM_MESSAGE).optional();
/** A list typed as words separated by commas, spaces or lines. */
const list = z.string().max(2000).optional();
export const words = (text: string | undefined) => (text ?? "").split(/[\s,]+/).filter(Boolean);

export const WallSchema = z
  .object({
    id: z.string().max(64).optional(),
    name: z.string({ required_error: "Name is required." }).trim().min(1).max(100),
    /** The Hindi name: empty (left out by the browser) means none. */
    nameHi: z.string().trim().max(100).optional(),
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
    goalParam: optionalParam,
    pendingStatuses: list,
    debugParam: optionalParam,
    ipAllowList: list,
    holdDays: z
      .string()
      .trim()
      .regex(/^(\d|[1-8]\d|90)$/, "Hold days: a whole number from 0 to 90.")
      .optional(),
    holdThreshold: rupeeText({
      required: "Hold threshold is required: 0 holds every credit.",
      invalid: "Rupees with up to 3 decimals, e.g. 50 or 0 (every credit).",
    }),
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
    // The API refuses it too (api/taskWalls/config.ts); said here next to the field, before a round trip.
    if (
      (v.scheme === "md5_fields" || v.scheme === "sha256_fields") &&
      !v.signatureSeparator &&
      words(v.ipAllowList).length === 0
    )
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
    "md5_fields and sha256_fields: the parameters signed, in order, separated by commas.",
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
  [
    "goalParam",
    "Goal parameter",
    "Multi-step offers: the goal or event id; each goal of a transaction is credited once.",
  ],
  [
    "pendingStatuses",
    "Pending statuses",
    "Values of the status parameter that mean pending (recorded, credited by the final callback), separated by commas.",
  ],
  [
    "debugParam",
    "Debug parameter",
    "Marks the network's test callbacks (e.g. debug): refused in production, marked in the log elsewhere.",
  ],
  ["ipAllowList", "IP allow-list", "Addresses postbacks may come from, separated by commas; empty: any."],
  [
    "holdDays",
    "Hold days",
    "0 to 90: credits above the threshold stay pending this long before they can be withdrawn; 0: no hold.",
  ],
  ["holdThreshold", "Hold threshold (₹)", "Credits above this are held; 0 holds every credit."],
  ["rupeesPerPoint", "Rupees per point (₹)", "Up to 3 decimals: 0.010 is 10 milli-rupees a point."],
  ["capPerPostback", "Cap per postback (₹)", "The most one postback credits."],
  [
    "successBody",
    "Success body",
    "What the network expects back once a postback is recorded (e.g. 1 or OK).",
  ],
] as const satisfies ReadonlyArray<readonly [keyof z.input<typeof WallSchema>, string, string | undefined]>;

/** Adds a wall, or edits `wall` (its secret left blank keeps it). */
export function WallForm({
  wall,
  lastResult,
}: {
  wall: OperatorWall | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: `wall-${wall?._id ?? "new"}`,
    lastResult,
    schema: WallSchema,
    defaultValue: wall
      ? {
          name: wall.name,
          nameHi: wall.nameHi ?? "",
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
          goalParam: wall.goalParam ?? "",
          pendingStatuses: wall.pendingStatuses.join(", "),
          debugParam: wall.debugParam ?? "",
          holdDays: String(wall.holdDays),
          holdThreshold: wall.holdThreshold,
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
          holdDays: "0",
          holdThreshold: "0",
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
        <HindiTextField label="Name — Hindi" meta={fields.nameHi} />
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
              /^(rupeesPerPoint|capPerPostback|holdThreshold)$/.test(name)
                ? { inputMode: "decimal" }
                : name === "holdDays"
                  ? { inputMode: "numeric" }
                  : {},
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
