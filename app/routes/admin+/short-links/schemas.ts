import { z } from "zod";
import { rupeeText } from "../../../../shared/moneyInput";

/** The operator console's short-link forms: their fields, checked in the browser and in the action. */

/** Which form was sent (the hidden `intent`). */
export type Intent = "settings" | "shortener" | "link";

export const KINDS = [
  { value: "adlinkfly", label: "AdLinkFly API" },
  { value: "builtin", label: "Built-in" },
] as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const ShortenerSchema = z.object({
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

export const LinkSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ required_error: "Name is required." }).trim().min(1, "Name is required.").max(100),
  /** The Hindi name: empty (left out by the browser) means none. */
  name_hi: z.string().trim().max(100).optional(),
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

export const SettingsSchema = z.object({
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
