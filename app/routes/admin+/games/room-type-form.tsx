import { Form, Link } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import {
  Checkbox,
  ErrorList,
  Field,
  SubmitButton,
  TextField,
  useAppForm,
  useIsPending,
} from "~/components/forms";
import { rupeeText } from "../../../../shared/moneyInput";
import type { GameRoomType } from "../../../../shared/contracts/games";
import { PAGE } from "./games-page";
import { HindiPair, HindiTextField } from "~/components/hindi-field";

// What the API accepts (api/lib/fields.ts): a positive amount, up to 3 decimals.
const amount = (label: string) =>
  rupeeText({
    required: `${label} is required.`,
    invalid: "Rupees with up to 3 decimals, e.g. 10 or 12.500.",
    positive: `${label} must be more than ₹0.`,
  });

export const RoomTypeSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(60),
  /** The Hindi name: empty (left out by the browser) means none. */
  name_hi: z.string().trim().max(60).optional(),
  entry_fee: amount("Entry fee"),
  prize: amount("Prize"),
  sort_order: z
    .number({ invalid_type_error: "A whole number." })
    .int("A whole number.")
    .min(0, "At least 0.")
    .max(1_000_000, "At most 1000000.")
    .optional(),
  enabled: z.boolean().optional(),
});

/** The id of a room type's form (the new type's is `type-new`). */
export const typeFormId = (id: string | undefined) => `type-${id ?? "new"}`;

export function RoomTypeForm({
  type,
  lastResult,
}: {
  type?: GameRoomType;
  /** The action's answer when it was this form's. */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const formId = typeFormId(type?.id);
  const [form, fields] = useAppForm({
    id: formId,
    lastResult,
    schema: RoomTypeSchema,
    defaultValue: type
      ? {
          name: type.name,
          name_hi: type.name_hi ?? "",
          entry_fee: type.entry_fee,
          prize: type.prize,
          sort_order: String(type.sort_order),
          enabled: type.enabled ? "on" : undefined,
        }
      : { sort_order: "0", enabled: "on" },
  });
  const sending = useIsPending({ fields: { intent: "type", id: type?.id ?? "" } });
  const title = type ? `Edit ${type.name}` : "New room type";
  return (
    <Form
      method="post"
      // An edit posts back to its own address, so a refused change shows this form again.
      action={type ? `${PAGE}?edit=${encodeURIComponent(type.id)}` : PAGE}
      {...getFormProps(form)}
      className="card space-y-3"
      aria-label={title}
    >
      <h3 className="text-base font-semibold">{title}</h3>
      <input type="hidden" name="intent" value="type" />
      {type ? <input type="hidden" name="id" value={type.id} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <HindiPair>
        <TextField label="Name" meta={fields.name} />
        <HindiTextField label="Name — Hindi" meta={fields.name_hi} />
      </HindiPair>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Entry fee (₹)"
          meta={fields.entry_fee}
          inputMode="decimal"
          hint="From the deposit balance; unique among types."
        />
        <TextField
          label="Prize (₹)"
          meta={fields.prize}
          inputMode="decimal"
          hint="At most two entry fees; the rest is revenue."
        />
        <Field
          label="Sort order"
          errors={fields.sort_order.errors}
          hint="Lower first in the lobby."
          inputProps={{ ...getInputProps(fields.sort_order, { type: "number" }), min: 0, max: 1_000_000 }}
        />
      </div>
      <Checkbox label="Enabled (listed in the lobby)" meta={fields.enabled} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={sending} className="btn-primary">
          {type ? "Save Room Type" : "Add Room Type"}
        </SubmitButton>
        {type ? (
          <Link to={PAGE} className="btn-secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
