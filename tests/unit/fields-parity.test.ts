import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod";
import { ProfileSchema as ProfilePage } from "../../app/routes/member+/profile";
import { SignUpSchema as SignUpPage } from "../../app/components/signup-form";
import { ContactSchema as ContactPage } from "../../app/components/contact-form";
import { ProfileSchema as ProfileApi } from "../../api/accounts/accountAreaHttp";
import { SignUpInput as SignUpApi } from "../../api/accounts/memberHttp";
import { ContactInput as ContactApi } from "../../api/support/contactHttp";

/**
 * The page's form and the API body it becomes must accept and refuse the same values: a value the
 * page lets through and the API refuses is an error the member cannot fix on the page; the other
 * way round, the page refuses what the API (and the spec's client) would take.
 */

type Values = Record<string, string>;

/** Whether the page's action (Conform over the submitted form) finds fault with `field`. */
function pageRefuses(schema: z.ZodTypeAny, values: Values, field: string): boolean {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  return submission.status !== "success" && Boolean(submission.error?.[field]?.length);
}

/** Whether the API finds fault with `field` in the body the page's action would send. */
function apiRefuses(schema: z.ZodTypeAny, body: Record<string, unknown>, field: string): boolean {
  const r = schema.safeParse(body);
  return !r.success && r.error.issues.some((i) => i.path[0] === field);
}

const cases: Record<string, string[]> = {
  name: ["Asha Verma", "  Asha  ", "", "   ", "x".repeat(100), "x".repeat(101)],
  address: [
    "Flat 4B, 2nd Cross, 5th Block, Koramangala",
    "C/o Ramesh Kumar, Village & P.O. Bhagwanpur",
    "",
    "x".repeat(200),
    "x".repeat(201),
    "x".repeat(300),
  ],
  city: ["Pune", "", "x".repeat(100), "x".repeat(101)],
  state: ["Maharashtra", " ", "x".repeat(100), "x".repeat(101)],
  zip_code: [
    "411001",
    " 110001 ",
    "011001",
    "41100",
    "4110011",
    "411 001",
    "ABC123",
    "7000<>",
    "SW1A 1AA",
    "",
  ],
  mobile_number: ["9876543210", " 9876543210 ", "0987654321", "987654321", "98765432101", "98765abcde", ""],
  email_address: [
    "meera@example.in",
    " Meera.K@Example.IN ",
    "meera-at-example",
    "meera@",
    "",
    `${"a".repeat(58)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
    `${"a".repeat(59)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
  ],
  password: [
    "long-enough",
    "x".repeat(8),
    "x".repeat(7),
    "",
    "x".repeat(128),
    "x".repeat(129),
    "x".repeat(200),
  ],
  withdrawal_account_information: ["asha@okaxis", "", "x".repeat(200), "x".repeat(201)],
  subject: ["Payout question", "", "x".repeat(200), "x".repeat(201)],
  message: ["Hello", " ", "x".repeat(5000), "x".repeat(5001)],
};

interface Pair {
  name: string;
  page: z.ZodTypeAny;
  api: z.ZodTypeAny;
  valid: Values;
  /** The body the page's action sends for the submitted values. */
  body: (v: Values) => Record<string, unknown>;
  fields: string[];
}

const pairs: Pair[] = [
  {
    name: "profile",
    page: ProfilePage,
    api: ProfileApi,
    valid: {
      name: "Asha Verma",
      address: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      zip_code: "411001",
      mobile_number: "9876543210",
    },
    // The profile's billing form sends the parsed values as they are (member+/profile.tsx); the
    // payout details have their own forms (issue 45).
    body: (v) => v,
    fields: ["name", "address", "city", "state", "zip_code", "mobile_number"],
  },
  {
    name: "sign-up",
    page: SignUpPage,
    api: SignUpApi,
    valid: {
      name: "Asha Verma",
      mobile_number: "9876543210",
      email_address: "asha@example.in",
      password: "long-enough",
      confirm_password: "long-enough",
      terms: "on",
      // Issue 44: the notice's version and its box, the date of birth.
      privacy_notice_version: "1",
      accept_privacy: "on",
      date_of_birth: "1990-01-15",
    },
    // The sign-up action sends the mobile number as a number (app/utils/signup.server.ts).
    body: (v) => ({
      name: v.name,
      mobile_number: Number(v.mobile_number),
      email_address: v.email_address,
      password: v.password,
      privacy_notice_version: Number(v.privacy_notice_version),
      date_of_birth: v.date_of_birth,
    }),
    fields: ["name", "mobile_number", "email_address", "password"],
  },
  {
    name: "contact",
    page: ContactPage,
    api: ContactApi,
    valid: {
      name: "Meera",
      email_address: "meera@example.in",
      mobile_number: "9876543210",
      subject: "Payout question",
      message: "Hello",
      consent: "on",
    },
    body: (v) => ({ ...v, consent: true }),
    fields: ["name", "email_address", "mobile_number", "subject", "message"],
  },
];

describe.each(pairs)("the $name page and the API", ({ page, api, valid, body, fields }) => {
  it("accept the valid form as a whole", () => {
    expect(parseWithZod(toForm(valid), { schema: page }).status).toBe("success");
    expect(api.safeParse(body(valid)).success).toBe(true);
  });

  it.each(fields)("give the same verdict on every value of %s", (field) => {
    for (const value of cases[field] ?? []) {
      const values = { ...valid, [field]: value };
      if (field === "password" && "confirm_password" in values) values.confirm_password = value;
      // An empty input is not sent by the page (the form omits it); the API sees it missing.
      const sent = Object.fromEntries(Object.entries(body(values)).filter(([, v]) => v !== "")) as Record<
        string,
        unknown
      >;
      if (field === "mobile_number" && value.trim() === "") delete sent.mobile_number;
      const label = `${field} = ${JSON.stringify(value.length > 40 ? `${value.slice(0, 10)}… (${value.length})` : value)}`;
      expect(pageRefuses(page, values, field), label).toBe(apiRefuses(api, sent, field));
    }
  });
});

function toForm(values: Values): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}
