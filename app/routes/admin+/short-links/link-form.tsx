import { Form } from "@remix-run/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import {
  Checkbox,
  Field,
  SelectField,
  SubmitButton,
  TextField,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import type { ShortLinkRow, ShortenerRow } from "../../../../shared/contracts/shortLinks";
import { LinkSchema } from "./schemas";
import { Row, useLastResult } from "./row";
import { HindiPair, HindiTextField } from "~/components/hindi-field";
import { NoHindiYet } from "../content/markdown";

/** A short link's row (its edit form), or the form adding one. */
export function LinkForm({ link, shorteners }: { link?: ShortLinkRow; shorteners: ShortenerRow[] }) {
  const formId = `link-${link?.id ?? "new"}`;
  const [form, fields] = useAppForm({
    id: formId,
    lastResult: useLastResult(formId),
    schema: LinkSchema,
    defaultValue: link
      ? {
          name: link.name,
          name_hi: link.name_hi ?? "",
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
        mark={link && !link.name_hi ? <NoHindiYet /> : null}
      >
        <HindiPair>
          <TextField label="Name" meta={fields.name} />
          <HindiTextField label="Name — Hindi" meta={fields.name_hi} />
        </HindiPair>
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
