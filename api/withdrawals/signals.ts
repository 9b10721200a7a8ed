import type { Db } from "../db/client";
import type { ProxyCheck } from "../lib/proxyCheck";
import { recordOrigin, recordPayoutAccount } from "../risk/links";
import { log } from "../../shared/log.server";

/** Where a withdrawal request came from (issue 21 §1: devices are recorded at withdrawal too). */
export interface WithdrawalOrigin {
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  proxyCheck: ProxyCheck;
}

/**
 * A withdrawal's risk signals — the payout account it pays to, the device and address it came
 * from (and whether that address is a proxy) — recorded before the request is created. Recording
 * is best effort: a fault here is logged and never refuses the member's request.
 */
export async function recordWithdrawalSignals(
  db: Db,
  input: { userId: string; methodName: string; accountInfo: string; origin?: WithdrawalOrigin; now: Date },
): Promise<void> {
  try {
    await recordPayoutAccount(db, {
      userId: input.userId,
      methodName: input.methodName,
      accountInfo: input.accountInfo,
      now: input.now,
    });
    if (input.origin)
      await recordOrigin(db, input.origin.proxyCheck, {
        userId: input.userId,
        kind: "withdrawal",
        deviceId: input.origin.deviceId,
        ip: input.origin.ip,
        userAgent: input.origin.userAgent,
        now: input.now,
      });
  } catch (e) {
    log.error({ err: e instanceof Error ? e.message : e }, "Recording a withdrawal's risk signals failed");
  }
}
