import { Hono } from "hono";
import { z } from "zod";
import { CONTACT_FIELDS } from "../../shared/fields";
import type { ApiEnv } from "../http";
import { clientIp, okWrite } from "../http";
import { saveContactMessage } from "./contact";
import { optionalMember } from "../content/publicHttp";
import { readFields } from "../accounts/memberHttp";

export const ContactInput = z
  .object({
    ...CONTACT_FIELDS,
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
      c.var.deps.clock(),
    );
    return okWrite(
      c,
      "/userMessageRoute/userMessageSave_post",
      "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
    );
  });

  return r;
}
