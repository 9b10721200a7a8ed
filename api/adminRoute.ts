import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  okRead,
  okWrite,
  readBodyAt,
  requireMember,
  requireOperator,
  requireRole,
} from "./http";
import { listAudit } from "./site/audit";
import { checkLedgerInvariant } from "./ledger/ledger";
import { REFERRAL_RATE_MAX_BP, referralSettings, updateReferralRate } from "./ledger/referralRate";
import { wholeNumberIn } from "./lib/fields";
import { payoutTimeSetting, updatePayoutTime } from "./site/payoutTime";
import { PAYOUT_TIME_MAX_DAYS } from "../shared/payoutTime";
import { adminAdsRoute } from "./ads/adminHttp";
import { adminGiftCodesRoute } from "./giftCodes/adminHttp";
import { adminShortLinksRoute } from "./shortLinks/adminHttp";
import { adminTaskWallsRoute } from "./taskWalls/adminHttp";
import { adminGamesRoute } from "./games/http";
import { adminWithdrawalsRoute } from "./withdrawals/adminHttp";
import { adminPayoutsRoute } from "./payouts/adminHttp";
import { adminMembersRoute } from "./members/adminHttp";
import { adminMemberActionsRoute } from "./members/actionsHttp";
import { adminAdjustmentsRoute } from "./members/adjustmentsHttp";
import { adminLimitsRoute } from "./site/limitsHttp";
import { adminContentRoute } from "./content/adminHttp";
import { adminSupportRoute } from "./support/adminHttp";
import { adminPrivacyRoute } from "./privacy/privacyHttp";
import { adminOverviewRoute } from "./overview/adminHttp";
import { adminRiskRoute } from "./risk/adminHttp";
import { adminRetentionRoute } from "./housekeeping/retentionHttp";
import { adminBreachRoute } from "./support/breachHttp";
import { adminRightsRoute } from "./members/rightsHttp";
import { adminTaxRoute } from "./tax/adminHttp";

/**
 * The operator API under /adminRoute: the site's own settings, contact messages, the audit trail
 * and the ledger check here; each feature's operator routes from its own folder. Every route needs
 * an operator's session; every change is audited in the same transaction as the change itself.
 */

const SettingsSchema = z
  .object({ referral_rate_bp: wholeNumberIn("referral_rate_bp", 0, REFERRAL_RATE_MAX_BP) })
  .strict();

const PayoutTimeSchema = z
  .object({ payout_working_days: wholeNumberIn("payout_working_days", 1, PAYOUT_TIME_MAX_DAYS) })
  .strict();

export function adminRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // Any operator: who is signed in and which roles the console opens.
  r.get("/me", requireMember, requireOperator, async (c) =>
    okRead(c, "/adminRoute/me", { userName: c.var.member.userName, roles: c.var.member.operatorRoles }),
  );

  r.get("/settings", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/settings", await referralSettings(c.var.deps.db)),
  );

  r.patch("/settings", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/settings", SettingsSchema);
    await updateReferralRate(c.var.deps.db, c.var.member.id, body.referral_rate_bp);
    return okWrite(c, "/adminRoute/settings", "Settings saved.");
  });

  r.get("/settings/payout_time", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/settings/payout_time", await payoutTimeSetting(c.var.deps.db)),
  );

  r.patch("/settings/payout_time", requireMember, requireRole("owner"), async (c) => {
    const body = await readBodyAt(c, "/adminRoute/settings/payout_time", PayoutTimeSchema);
    await updatePayoutTime(c.var.deps.db, c.var.member.id, body.payout_working_days);
    return okWrite(c, "/adminRoute/settings/payout_time", "Payout time saved.");
  });

  r.get("/audit", requireMember, requireRole("owner"), async (c) =>
    okRead(c, "/adminRoute/audit", { records: await listAudit(c.var.deps.db) }),
  );

  /** The ledger's own check: every entry balances, balances sum to zero, none illegally negative. */
  r.get("/ledger", requireMember, requireRole("payouts"), async (c) => {
    const check = await checkLedgerInvariant(c.var.deps.db);
    const balanced = check.total === 0 && check.negative.length === 0 && check.unbalancedEntries === 0;
    return okRead(c, "/adminRoute/ledger", { balanced, ...check, checkedAt: new Date().toISOString() });
  });

  r.route("/", adminWithdrawalsRoute());
  r.route("/", adminPayoutsRoute());
  r.route("/", adminGiftCodesRoute());
  r.route("/", adminAdsRoute());
  r.route("/", adminTaskWallsRoute());
  // Short links: shorteners, links and their settings.
  r.route("/", adminShortLinksRoute());
  r.route("/", adminGamesRoute());
  r.route("/", adminMembersRoute());
  r.route("/", adminRiskRoute());
  r.route("/", adminRightsRoute());
  r.route("/", adminMemberActionsRoute());
  r.route("/", adminAdjustmentsRoute());
  r.route("/", adminLimitsRoute());
  r.route("/", adminContentRoute());
  r.route("/", adminSupportRoute());
  r.route("/", adminTaxRoute());
  r.route("/", adminPrivacyRoute());
  r.route("/", adminOverviewRoute());
  r.route("/", adminRetentionRoute());
  r.route("/", adminBreachRoute());

  return r;
}
