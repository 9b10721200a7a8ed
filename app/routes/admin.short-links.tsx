import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ReactNode } from "react";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import {
  Checkbox,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextField,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import { INVALID_REQUEST } from "~/utils/invariant";
import { rupeeText } from "../../shared/moneyInput";

export const meta: MetaFunction = () => [{ title: "Short Links · Operator Console" }];

const PAGE = "/admin/short-links";

interface ShortenerRow {
  id: string;
  name: string;
  kind: "adlinkfly" | "builtin";
  apiUrl: string | null;
  /** Only its last 4 characters ("…abcd"): keys are write-only. */
  apiKey: string | null;
  domain: string;
  enabled: boolean;
  links: number;
}

interface LinkRow {
  id: string;
  name: string;
  shortenerId: string;
  shortenerName: string | null;
  timeLabel: string;
  amount: string;
  howToComplete: string | null;
  clicksPerDay: number;
  enabled: boolean;
  sortOrder: number;
}

interface Settings {
  minSeconds: number;
  expiryMinutes: number;
  instructions: string[];
}

const KINDS = [
  { value: "adlinkfly", label: "AdLinkFly API" },
  { value: "builtin", label: "Built-in" },
] as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

const ShortenerSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(100),
  kind: z.enum(["adlinkfly", "builtin"]).optional(),
  apiUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, "An http(s) address, e.g. https://shrinkme.io/api.")
    .optional(),
  apiKey: optionalText(200, "At most 200 characters."),
  domain: z
    .string()
    .trim()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, "A host name such as shrinkme.io.")
    .optional(),
  enabled: z.boolean().optional(),
});

const TIME_LABEL = /^\d{1,4} (s|m|h)$/;

const LinkSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(100),
  shortenerId: z.string({ required_error: "Choose a shortener." }).min(1, "Choose a shortener."),
  timeLabel: z
    .string({ required_error: "Time is required." })
    .trim()
    .regex(TIME_LABEL, "Like '30 s', '5 m' or '1 h'."),
  amount: rupeeText({
    required: "Amount is required.",
    invalid: "Rupees with up to 3 decimals, e.g. 0.050.",
    positive: "Amount must be more than 0.",
  }),
  howToComplete: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/, "An http(s) address or a path of the site (/member/support).")
    .optional(),
  clicksPerDay: z
    .number({ required_error: "Clicks per day is required.", invalid_type_error: "A whole number." })
    .int("A whole number.")
    .min(1, "At least 1.")
    .max(1000, "At most 1000."),
  sortOrder: z
    .number({ invalid_type_error: "A whole number." })
    .int("A whole number.")
    .min(0)
    .max(1_000_000)
    .optional(),
  enabled: z.boolean().optional(),
});

const SettingsSchema = z.object({
  minSeconds: z
    .number({ required_error: "Minimum time is required.", invalid_type_error: "A whole number of seconds." })
    .int("A whole number of seconds.")
    .min(0)
    .max(3600, "At most 3600 seconds."),
  expiryMinutes: z
    .number({ required_error: "Expiry is required.", invalid_type_error: "A whole number of minutes." })
    .int("A whole number of minutes.")
    .min(1, "At least 1 minute.")
    .max(1440, "At most 1440 minutes."),
  instructions: z.string().max(20_000).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [shorteners, links, settings] = await Promise.all([
    operatorRead<{ records: ShortenerRow[] }>(request, context, "/adminRoute/shorteners"),
    operatorRead<{ records: LinkRow[] }>(request, context, "/adminRoute/shortLinks"),
    operatorRead<Settings>(request, context, "/adminRoute/shortLinkSettings"),
  ]);
  return { shorteners: shorteners.records, links: links.records, settings };
}

type Intent = "settings" | "shortener" | "link";

/** Each form answers its own errors: `formId` names the form that was sent. */
function refused(formId: string, reply: SubmissionResult<string[]>) {
  return data({ formId, result: reply }, { status: 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("id") ?? "");
  const change = (path: string, method: "POST" | "PATCH", json: unknown) =>
    operatorChange(request, context, path, { method, json }, PAGE);

  if (intent === "settings") {
    const s = parseWithZod(form, { schema: SettingsSchema });
    if (s.status !== "success") return refused("settings", s.reply());
    const instructions = (s.value.instructions ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    return change("/adminRoute/shortLinkSettings", "PATCH", {
      minSeconds: s.value.minSeconds,
      expiryMinutes: s.value.expiryMinutes,
      instructions,
    });
  }

  if (intent === "shortener") {
    const s = parseWithZod(form, { schema: ShortenerSchema });
    if (s.status !== "success") return refused(`shortener-${id || "new"}`, s.reply());
    const v = s.value;
    if (!v.id)
      return change("/adminRoute/shorteners", "POST", {
        name: v.name,
        kind: v.kind ?? "adlinkfly",
        ...(v.kind === "builtin" ? {} : { apiUrl: v.apiUrl, apiKey: v.apiKey, domain: v.domain }),
      });
    // The built-in shortener's address and domain follow the site's; a blank key keeps the old one.
    const builtin = form.get("builtin") === "1";
    return change(`/adminRoute/shorteners/${encodeURIComponent(v.id)}`, "PATCH", {
      name: v.name,
      enabled: v.enabled ?? false,
      ...(builtin ? {} : { apiUrl: v.apiUrl, domain: v.domain }),
      ...(v.apiKey ? { apiKey: v.apiKey } : {}),
    });
  }

  if (intent === "link") {
    const s = parseWithZod(form, { schema: LinkSchema });
    if (s.status !== "success") return refused(`link-${id || "new"}`, s.reply());
    const { id: linkId, ...v } = s.value;
    const fields = {
      ...v,
      howToComplete: v.howToComplete || null,
      sortOrder: v.sortOrder ?? 0,
      enabled: v.enabled ?? false,
    };
    if (!linkId) return change("/adminRoute/shortLinks", "POST", { ...fields, enabled: true });
    return change(`/adminRoute/shortLinks/${encodeURIComponent(linkId)}`, "PATCH", fields);
  }
  throw new Response(INVALID_REQUEST, { status: 400 });
}

function useLastResult(formId: string) {
  const actionData = useActionData<typeof action>();
  return actionData && "formId" in actionData && actionData.formId === formId ? actionData.result : undefined;
}

/**
 * A row of a list: folded into its summary line, its edit form opening under it (a native
 * disclosure, so without scripts too; open again after a refused change). A new row is an open form.
 */
function Row({
  intent,
  id,
  title,
  facts,
  enabled,
  open,
  children,
}: {
  intent: Intent;
  id: string | undefined;
  title: string;
  facts: string;
  enabled: boolean;
  open: boolean;
  children: ReactNode;
}) {
  const hidden = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
    </>
  );
  if (!id)
    return (
      <div className="card space-y-3">
        <h3 className="text-base font-semibold">{title}</h3>
        {hidden}
        {children}
      </div>
    );
  return (
    <details className="card" open={open || undefined} data-testid={`${intent}-row`}>
      <summary className="cursor-pointer">
        <span className="font-semibold">{title}</span>{" "}
        <span className="text-sm text-slate-600">
          {facts}
          {enabled ? "" : " · disabled"}
        </span>
      </summary>
      <div className="mt-3 space-y-3">
        {hidden}
        {children}
      </div>
    </details>
  );
}

function ShortenerForm({ shortener }: { shortener?: ShortenerRow }) {
  const formId = `shortener-${shortener?.id ?? "new"}`;
  const builtin = shortener?.kind === "builtin";
  const [form, fields] = useAppForm({
    id: formId,
    lastResult: useLastResult(formId),
    schema: ShortenerSchema,
    defaultValue: shortener
      ? {
          name: shortener.name,
          apiUrl: shortener.apiUrl ?? "",
          domain: shortener.domain,
          enabled: shortener.enabled ? "on" : undefined,
        }
      : { kind: "adlinkfly" },
  });
  const sending = useIsPending({ fields: { intent: "shortener", id: shortener?.id ?? "" } });
  const label = shortener ? `Shortener ${shortener.name}` : "Add a shortener";
  const links = shortener?.links ?? 0;
  return (
    <Form method="post" {...getFormProps(form)} aria-label={label}>
      <Row
        intent="shortener"
        id={shortener?.id}
        title={shortener?.name ?? label}
        facts={`${builtin ? "Built-in" : "AdLinkFly API"} · ${shortener?.domain ?? ""} · ${links} link${links === 1 ? "" : "s"}`}
        enabled={shortener?.enabled ?? true}
        open={Object.keys(form.allErrors).length > 0}
      >
        {builtin ? <input type="hidden" name="builtin" value="1" /> : null}
        <TextField label="Name" meta={fields.name} />
        {shortener ? null : (
          <SelectField label="Kind" field={fields.kind}>
            {KINDS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        )}
        {builtin ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">API URL</dt>
            <dd className="break-all font-mono">{shortener.apiUrl}</dd>
            <dt className="text-slate-600">Domain</dt>
            <dd className="break-all font-mono">{shortener.domain}</dd>
          </dl>
        ) : (
          <>
            <Field
              label="API URL"
              errors={fields.apiUrl.errors}
              hint={
                shortener
                  ? undefined
                  : "AdLinkFly-style: {API URL}?api={key}&url={address}. Not needed for Built-in."
              }
              inputProps={{ ...getInputProps(fields.apiUrl, { type: "url" }), autoComplete: "off" }}
            />
            <TextField label="Domain" meta={fields.domain} />
          </>
        )}
        <Field
          label="API key"
          errors={fields.apiKey.errors}
          hint={
            shortener?.apiKey
              ? `Stored: ${shortener.apiKey}. Leave blank to keep it.`
              : builtin
                ? "Generated by the site."
                : undefined
          }
          inputProps={{
            ...getInputProps(fields.apiKey, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        {shortener ? <Checkbox label="Enabled" meta={fields.enabled} /> : null}
        <SubmitButton pending={sending} className="btn-primary">
          {shortener ? "Save Shortener" : "Add Shortener"}
        </SubmitButton>
      </Row>
    </Form>
  );
}

function LinkForm({ link, shorteners }: { link?: LinkRow; shorteners: ShortenerRow[] }) {
  const formId = `link-${link?.id ?? "new"}`;
  const [form, fields] = useAppForm({
    id: formId,
    lastResult: useLastResult(formId),
    schema: LinkSchema,
    defaultValue: link
      ? {
          name: link.name,
          shortenerId: link.shortenerId,
          timeLabel: link.timeLabel,
          amount: link.amount,
          howToComplete: link.howToComplete ?? "",
          clicksPerDay: String(link.clicksPerDay),
          sortOrder: String(link.sortOrder),
          enabled: link.enabled ? "on" : undefined,
        }
      : { sortOrder: "0", clicksPerDay: "1", timeLabel: "30 s" },
  });
  const sending = useIsPending({ fields: { intent: "link", id: link?.id ?? "" } });
  const label = link ? `Short link ${link.name}` : "Add a short link";
  const options = shorteners.map((s) => ({
    value: s.id,
    label: `${s.name} (${s.domain})${s.enabled ? "" : " – disabled"}`,
  }));
  return (
    <Form method="post" {...getFormProps(form)} aria-label={label}>
      <Row
        intent="link"
        id={link?.id}
        title={link?.name ?? label}
        facts={
          link
            ? `₹${link.amount} · ${link.timeLabel} · ${link.clicksPerDay} a day · ${link.shortenerName ?? "?"}`
            : ""
        }
        enabled={link?.enabled ?? true}
        open={Object.keys(form.allErrors).length > 0}
      >
        <TextField label="Name" meta={fields.name} />
        <SelectField label="Shortener" field={fields.shortenerId}>
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Time" meta={fields.timeLabel} hint="Shown on the card: 30 s, 5 m, 1 h." />
          <TextField label="Amount (₹)" meta={fields.amount} inputMode="decimal" />
          <Field
            label="Clicks per day"
            errors={fields.clicksPerDay.errors}
            inputProps={{ ...getInputProps(fields.clicksPerDay, { type: "number" }), min: 1, max: 1000 }}
          />
          <Field
            label="Order"
            errors={fields.sortOrder.errors}
            inputProps={{ ...getInputProps(fields.sortOrder, { type: "number" }), min: 0 }}
          />
        </div>
        <TextField
          label="How to Complete"
          meta={fields.howToComplete}
          hint="Optional: a guide's address, opened in a new tab."
        />
        {link ? <Checkbox label="Enabled" meta={fields.enabled} /> : null}
        <SubmitButton pending={sending} className="btn-primary">
          {link ? "Save Short Link" : "Add Short Link"}
        </SubmitButton>
      </Row>
    </Form>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const [form, fields] = useAppForm({
    id: "settings",
    lastResult: useLastResult("settings"),
    schema: SettingsSchema,
    defaultValue: {
      minSeconds: String(settings.minSeconds),
      expiryMinutes: String(settings.expiryMinutes),
      instructions: settings.instructions.join("\n"),
    },
  });
  const sending = useIsPending({ fields: { intent: "settings", id: "" } });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3" aria-label="Short link settings">
      <input type="hidden" name="intent" value="settings" />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Minimum seconds"
          errors={fields.minSeconds.errors}
          hint="A claim sooner than this after the start is refused (the shortener was skipped)."
          inputProps={{ ...getInputProps(fields.minSeconds, { type: "number" }), min: 0, max: 3600 }}
        />
        <Field
          label="Expiry minutes"
          errors={fields.expiryMinutes.errors}
          hint="A started link must be claimed within this time."
          inputProps={{ ...getInputProps(fields.expiryMinutes, { type: "number" }), min: 1, max: 1440 }}
        />
      </div>
      <div>
        <label className="label" htmlFor={fields.instructions.id}>
          Instructions (one a line; simple HTML allowed)
        </label>
        <textarea className="input min-h-32" {...getTextareaProps(fields.instructions)} rows={6} />
        <ErrorList id={fields.instructions.errorId} errors={fields.instructions.errors} />
      </div>
      <SubmitButton pending={sending} className="btn-primary">
        Save Settings
      </SubmitButton>
    </Form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

/** Shorteners, the links members complete, and the short-link settings (every change is audited). */
export default function AdminShortLinks() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Short Links</h1>
        <p className="text-sm text-slate-600">
          Members start a link, pass the shortener and claim on the end page. Shorteners speak the AdLinkFly
          API (or are the site's built-in one); each link pays its amount up to its clicks per day.
        </p>
      </div>

      <Section id="links" title="Links">
        {d.links.map((l) => (
          <LinkForm key={l.id} link={l} shorteners={d.shorteners} />
        ))}
        <LinkForm shorteners={d.shorteners} />
      </Section>
      <Section id="shorteners" title="Shorteners">
        {d.shorteners.map((s) => (
          <ShortenerForm key={s.id} shortener={s} />
        ))}
        <ShortenerForm />
      </Section>
      <Section id="settings" title="Settings">
        <SettingsForm settings={d.settings} />
      </Section>
    </div>
  );
}
