import { Hono } from "hono";
import { z } from "zod";
import { MOBILE_NUMBER } from "../../shared/fields";
import type { ApiEnv } from "../http";
import { clientIp, ok } from "../http";
import { saveContactMessage } from "../domain/contact";
import { optionalMember } from "./public";
import { readFields } from "./userRoute";

const MOBILE_MSG = "Please enter a valid 10-digit Indian mobile number";

const text = (required: string, max: number) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, `Please keep it under ${max} characters.`);

const ContactInput = z
  .object({
    name: text("Please enter your name.", 100),
    email_address: z
      .string({
        required_error: "Please enter a valid email address.",
        invalid_type_error: "Please enter a valid email address.",
      })
      .trim()
      .max(254, "Please enter a valid email address.")
      .email("Please enter a valid email address."),
    mobile_number: z
      .string({ required_error: MOBILE_MSG, invalid_type_error: MOBILE_MSG })
      .trim()
      .regex(MOBILE_NUMBER, MOBILE_MSG),
    subject: text("Please enter a subject.", 200),
    message: text("Please enter your message.", 5000),
    consent: z.literal(true, {
      errorMap: () => ({ message: "Please agree to the terms of use and the privacy policy." }),
    }),
  })
  .strict();

export function userMessageRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // POST /userMessageRoute/userMessageSave_post: the contact form (public and member support page).
  r.post("/userMessageSave_post", async (c) => {
    await c.var.deps.limiter.consume("contact", clientIp(c));
    const input = await readFields(c, ContactInput);
    const member = await optionalMember(c);
    await saveContactMessage(
      c.var.deps.db,
      {
        name: input.name,
        email: input.email_address,
        mobileNumber: input.mobile_number,
        subject: input.subject,
        message: input.message,
      },
      member?.id ?? null,
    );
    return ok(
      c,
      "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
    );
  });

  return r;
}
