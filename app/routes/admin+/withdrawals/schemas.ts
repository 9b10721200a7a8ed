/** The withdrawals queue's filters and the forms' schemas (the action and the rows share them). */
import { z } from "zod";

export const FILTERS = [
  { value: "Pending", label: "Pending" },
  { value: "Success", label: "Success" },
  { value: "Reject", label: "Reject" },
  { value: "all", label: "All" },
] as const;
export type Filter = (typeof FILTERS)[number]["value"];

export function filterOf(url: URL): Filter {
  const s = url.searchParams.get("status");
  return FILTERS.find((f) => f.value === s)?.value ?? "Pending";
}

export const ApproveSchema = z.object({
  intent: z.enum(["approve", "mark_paid"]),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  confirmRisk: z.literal("true").optional(),
  confirmed: z.literal("true").optional(),
  utr: z.string().max(200).optional(),
});

/** The bank's reference a mark-paid confirm step carries (the API checks it again). */
export const UtrSchema = z
  .string({ required_error: "Give the bank's reference (UTR) of your payment." })
  .trim()
  .min(1, "Give the bank's reference (UTR) of your payment.")
  .regex(/^[A-Za-z0-9]{6,30}$/, "The UTR is 6 to 30 letters and digits, as your bank shows it.");

export const ResendSchema = z.object({
  intent: z.literal("resend"),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  confirmed: z.literal("true").optional(),
});

/** The requests ticked for "Approve selected" (at most a page, 50) or a bank file. */
export const SelectionSchema = z
  .array(z.string().regex(/^[0-9a-f]{24}$/, "Select withdrawals from the list."), {
    required_error: "Select at least one withdrawal.",
  })
  .min(1, "Select at least one withdrawal.")
  .max(50, "Select at most 50 withdrawals at once.");

export const RejectSchema = z.object({
  intent: z.literal("reject"),
  id: z.string().min(1).max(64),
  status: z.string().optional(),
  remark: z
    .string({ required_error: "A remark is required to reject." })
    .trim()
    .min(1, "A remark is required to reject.")
    .max(500),
});
