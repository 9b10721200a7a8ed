import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { PostbackSendResult } from "../../../../shared/contracts/taskWalls";

/** The postback page's forms (the test postback, the retention, the replay) and its action's answer. */

export const TestSchema = z.object({
  intent: z.literal("test"),
  wallId: z.string({ required_error: "Choose a wall." }).max(64),
  userId: z.string({ required_error: "The member's id is required." }).trim().min(1).max(64),
  transactionId: z
    .string({ required_error: "A transaction id is required." })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "Letters, digits, _ . : - (up to 100)."),
  points: z
    .number({ required_error: "Points are required.", invalid_type_error: "Points must be a whole number." })
    .int("Points must be a whole number.")
    .min(1, "At least 1 point.")
    .max(10_000_000),
  reversal: z.boolean().optional(),
});

export const RetentionSchema = z.object({
  intent: z.literal("retention"),
  retentionDays: z
    .number({
      required_error: "The number of days is required.",
      invalid_type_error: "A whole number of days.",
    })
    .int("A whole number of days.")
    .min(1, "At least 1 day.")
    .max(3650, "At most 3650 days (ten years)."),
});

export const ReplaySchema = z.object({
  intent: z.enum(["replay-check", "replay"]),
  id: z.string().regex(/^\d{1,18}$/),
});

/** What the action answers: a sent postback's result, a replay to confirm, or a form's errors. */
export type ActionAnswer = {
  sent: { ok: true; result: PostbackSendResult } | { ok: false; message: string } | null;
  confirm: { id: string } | null;
  result?: SubmissionResult<string[]>;
  /** Which form `result` belongs to. */
  form?: "test" | "retention";
};

/** A sent postback's result, or why it could not be sent. */
export type SentAnswer = NonNullable<ActionAnswer["sent"]>;
