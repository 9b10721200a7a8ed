import { Hono } from "hono";
import { z } from "zod";
import { CONTACT_FIELDS } from "../../shared/fields";
import type { ApiEnv } from "../http";
import { clientIp, okRead, okWrite } from "../http";
import { saveContactMessage, type ContactMessageInput } from "./contact";
import { fileGrievance, grievanceOfficer, mailGrievanceReceived } from "./grievance";
import { contentLocale } from "../content/localized";
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

function messageOf(input: z.infer<typeof ContactInput>): ContactMessageInput {
  return {
    name: input.name,
    email: input.email_address,
    mobileNumber: input.mobile_number,
    subject: input.subject,
    message: input.message,
  };
}

export function userMessageRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // POST /userMessageRoute/userMessageSave_post: the contact form (public and member support page).
  r.post("/userMessageSave_post", async (c) => {
    await c.var.deps.limiter.consume("contact", clientIp(c));
    const input = await readFields(c, ContactInput);
    const member = await optionalMember(c);
    await saveContactMessage(c.var.deps.db, messageOf(input), member?.id ?? null, c.var.deps.clock());
    return okWrite(
      c,
      "/userMessageRoute/userMessageSave_post",
      "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
    );
  });

  // GET /userMessageRoute/grievance_officer: who handles grievances, and the clocks (issue 44).
  r.get("/grievance_officer", async (c) =>
    okRead(c, "/userMessageRoute/grievance_officer", await grievanceOfficer(c.var.deps.db)),
  );

  // POST /userMessageRoute/grievance_post: a grievance, acknowledged at once with its reference.
  r.post("/grievance_post", async (c) => {
    await c.var.deps.limiter.consume("contact", clientIp(c));
    const input = await readFields(c, ContactInput);
    const member = await optionalMember(c);
    const message = messageOf(input);
    const filed = await fileGrievance(c.var.deps.db, message, member?.id ?? null, c.var.deps.clock());
    await mailGrievanceReceived(
      c.var.deps.mailer,
      {
        to: message.email,
        name: message.name,
        subject: message.subject,
        site: c.var.deps.config.SITE_NAME,
        locale: contentLocale(c),
      },
      filed,
    );
    return okWrite(c, "/userMessageRoute/grievance_post", filed);
  });

  return r;
}
