import type { Page } from "@playwright/test";

/**
 * The contact form's fields as a person finds them (by their labels), shared by the pages that
 * carry it: the contact page and the grievance officer's page.
 */
export function contactFields(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  return {
    form,
    name: form.getByLabel("Name", { exact: true }),
    email: form.getByLabel("Email Address", { exact: true }),
    mobile: form.getByLabel("Mobile Number", { exact: true }),
    subject: form.getByLabel("Subject", { exact: true }),
    message: form.getByLabel("Message", { exact: true }),
    consent: form.getByRole("checkbox", { name: /I agree/ }),
    send: form.getByRole("button", { name: "Send Message" }),
  };
}

export interface ContactValues {
  name: string;
  email: string;
  mobile: string;
  subject: string;
  message: string;
  consent: boolean;
}

/** Fills the contact form like a person would; ticks the consent box when `v.consent`. */
export async function fillContact(page: Page, v: ContactValues) {
  const f = contactFields(page);
  await f.name.fill(v.name);
  await f.email.fill(v.email);
  await f.mobile.fill(v.mobile);
  await f.subject.fill(v.subject);
  await f.message.fill(v.message);
  if (v.consent) await f.consent.check();
}
