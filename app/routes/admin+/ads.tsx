import { pageTitle } from "~/utils/meta";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { operatorChange, operatorRead } from "~/utils/admin.server";
import { Field, SubmitButton, useAppForm, useIsPending } from "~/components/forms";
import { PERCENT_INPUT, basisPointsToPercent, percentToBasisPoints } from "../../../shared/money";
import { CAMPAIGN_TYPES, CAMPAIGN_TYPE_LABELS, type CampaignType } from "../../../shared/campaign";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Ad Pricing · Operator Console") },
];

/** One duration a line: "seconds price", e.g. "10 0.050". */
const LINE = /^\s*(\d{1,4})\s+(\d{1,4}\.\d{3})\s*$/;
const PRICE_LIST_MESSAGE =
  "One duration a line: seconds, a space, then rupees per view with 3 decimals (10 0.050).";

const priceList = z
  .string({ required_error: "Each type needs at least one duration." })
  .refine((v) => v.split(/\r?\n/).every((l) => l.trim() === "" || LINE.test(l)), PRICE_LIST_MESSAGE);

const SettingsSchema = z.object({
  window: priceList,
  iframe: priceList,
  youtube: priceList,
  minimum_views: z
    .string({ required_error: "Minimum total views is required." })
    .regex(/^[1-9][0-9]{0,6}$/, "A whole number of views, at least 1."),
  member_share: z
    .string({ required_error: "The member's share is required." })
    .regex(PERCENT_INPUT, "A percentage from 0 to 100 with up to 2 decimals."),
});

function parseList(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => LINE.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ time: Number(m[1]), price: m[2]! }));
}

const listText = (list: { time: number; price: string }[]) =>
  list.map((o) => `${o.time} ${o.price}`).join("\n");

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/ptcSettings");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  return operatorChange(
    request,
    context,
    "/adminRoute/ptcSettings",
    {
      method: "PATCH",
      json: {
        ptc_pricing: {
          window: parseList(v.window),
          iframe: parseList(v.iframe),
          youtube: parseList(v.youtube),
        },
        ptc_minimum_views: Number(v.minimum_views),
        ptc_member_share_bp: percentToBasisPoints(v.member_share),
      },
    },
    "/admin/ads",
  );
}

export default function AdminAds() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm({
    id: "ad-settings",
    lastResult: actionData?.result,
    schema: SettingsSchema,
    defaultValue: {
      window: listText(d.ptc_pricing.window),
      iframe: listText(d.ptc_pricing.iframe),
      youtube: listText(d.ptc_pricing.youtube),
      minimum_views: String(d.ptc_minimum_views),
      member_share: basisPointsToPercent(d.ptc_member_share_bp),
    },
  });
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Ad Pricing</h1>
      <p className="text-sm text-slate-600">
        What advertisers pay per view for each type and duration, the fewest views a campaign may buy, and the
        share of each price credited to the member who views the ad (the rest is revenue). New campaigns use
        these; running campaigns keep the price and share they were bought with.
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        {CAMPAIGN_TYPES.map((type: CampaignType) => {
          const field = fields[type];
          const errorId = field.errors?.length ? `${field.id}-error` : undefined;
          return (
            <div key={type}>
              <label className="label" htmlFor={field.id}>
                {CAMPAIGN_TYPE_LABELS[type]} durations (seconds and ₹ per view, one a line)
              </label>
              <textarea
                className="input min-h-24 font-mono"
                {...getTextareaProps(field)}
                aria-describedby={errorId}
                rows={4}
                spellCheck={false}
              />
              {errorId ? (
                <p id={errorId} className="mt-1 text-sm text-red-600">
                  {field.errors?.join(" ")}
                </p>
              ) : null}
            </div>
          );
        })}
        <Field
          label="Minimum total views"
          errors={fields.minimum_views.errors}
          inputProps={{ ...getInputProps(fields.minimum_views, { type: "text" }), inputMode: "numeric" }}
        />
        <Field
          label="Member's share of each price (%)"
          errors={fields.member_share.errors}
          inputProps={{ ...getInputProps(fields.member_share, { type: "text" }), inputMode: "decimal" }}
        />
        <SubmitButton pending={pending} className="btn-primary">
          Save Ad Settings
        </SubmitButton>
      </Form>
    </div>
  );
}
