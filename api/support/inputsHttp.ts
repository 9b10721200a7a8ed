import { z } from "zod";
import { ApiError } from "../http";
import { MESSAGE_STATUSES, OFFER_NAME_MAX, SUPPORT_TEXT_MAX } from "../../shared/contracts/support";
import { WALL_ID } from "../taskWalls/config";

/** Support's request bodies (read by adminHttp and memberHttp): plain text (pages escape it), trimmed, within the lengths the forms allow. */

const text = (field: string, maxLen: number) =>
  z
    .string({ invalid_type_error: `${field} must be text.`, required_error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(maxLen, `${field} must be at most ${maxLen} characters.`);

export const ReplySchema = z.object({ body: text("body", SUPPORT_TEXT_MAX) }).strict();

export const StatusSchema = z
  .object({
    status: z.enum(MESSAGE_STATUSES, {
      errorMap: () => ({ message: "status must be open, answered or closed." }),
    }),
  })
  .strict();

export const StatusFilter = z.enum([...MESSAGE_STATUSES, "all"], {
  errorMap: () => ({ message: "status must be open, answered, closed or all." }),
});

export const CannedSchema = z
  .object({
    title: text("title", 200),
    body: text("body", SUPPORT_TEXT_MAX),
    sortOrder: z
      .number({ invalid_type_error: "sortOrder must be a whole number." })
      .int("sortOrder must be a whole number.")
      .min(-1000, "sortOrder must be from -1000 to 1000.")
      .max(1000, "sortOrder must be from -1000 to 1000.")
      .optional(),
  })
  .strict();

export const MissingCreditSchema = z
  .object({
    wallId: z
      .string({ invalid_type_error: "wallId must be text.", required_error: "Choose a task wall." })
      .regex(WALL_ID, "Choose a task wall."),
    offerName: text("Offer name", OFFER_NAME_MAX),
    completedAt: z
      .string({
        invalid_type_error: "completedAt must be text.",
        required_error: "Completion time is required.",
      })
      .datetime({ offset: true, message: "Completion time must be a date and time." })
      .transform((v) => new Date(v)),
    details: z
      .string({ invalid_type_error: "details must be text." })
      .trim()
      .max(SUPPORT_TEXT_MAX, `Details must be at most ${SUPPORT_TEXT_MAX} characters.`)
      .optional(),
  })
  .strict();

/** A numeric id in the path; anything else is a message that does not exist. */
export function idParam(raw: string, notFound: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new ApiError(404, notFound);
  return Number(raw);
}
