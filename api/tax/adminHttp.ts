import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { INCOME_KINDS, MAX_RATE_BP, type IncomeKind, type TaxSettings } from "../../shared/tax";
import { setTaxSettings, taxSettings } from "./settings";
import { TAX_MESSAGES } from "./withholding";
import { quarterStatementCsv } from "./statements";
import { quarterQuery } from "./http";

/** The most a threshold may be: ₹1 crore (milli-rupees). */
const MAX_THRESHOLD = 10_000_000_000;

const whole = (name: string, max: number) =>
  z
    .number({ required_error: `${name} is required.`, invalid_type_error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be from 0 to ${max}.`)
    .max(max, `${name} must be from 0 to ${max}.`);

const RuleSchema = (kind: string) =>
  z
    .object({
      basis: z.enum(["year", "payment"], {
        errorMap: () => ({ message: `${kind}.basis must be year or payment.` }),
      }),
      threshold: whole(`${kind}.threshold`, MAX_THRESHOLD),
      rate_pan_bp: whole(`${kind}.rate_pan_bp`, MAX_RATE_BP),
      rate_no_pan_bp: whole(`${kind}.rate_no_pan_bp`, MAX_RATE_BP),
    })
    .strict();

const TaxSettingsSchema = z
  .object({
    enabled: z.boolean({
      required_error: "enabled is required.",
      invalid_type_error: "enabled must be true or false.",
    }),
    pan_required_above: whole("pan_required_above", MAX_THRESHOLD),
    rules: z
      .object(
        Object.fromEntries(INCOME_KINDS.map((k) => [k, RuleSchema(k)])) as Record<
          IncomeKind,
          ReturnType<typeof RuleSchema>
        >,
        { required_error: "rules is required.", invalid_type_error: "rules must be an object." },
      )
      .strict(),
  })
  .strict();

/** The owner's tax routes (docs/api/admin.md#tax): the settings, and the quarterly statement (owner or payouts). */
export function adminTaxRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/tax/settings", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/tax/settings", await taxSettings(c.var.deps.db)),
  );

  r.patch("/tax/settings", requireMember, requireRole("owner"), async (c) => {
    const body: TaxSettings = await readBodyAt(c, "/adminRoute/tax/settings", TaxSettingsSchema);
    await setTaxSettings(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/tax/settings", TAX_MESSAGES.settingsSaved);
  });

  r.get("/tax/statement", requireMember, requireRole("payouts"), async (c) => {
    const { fy, quarter } = quarterQuery(c.req.query("fy"), c.req.query("quarter"));
    const text = await quarterStatementCsv(c.var.deps.db, fy, quarter);
    return c.body(text, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tax-${fy}-q${quarter}.csv"`,
    });
  });

  return r;
}
