import type { Db } from "../db/client";
import { NO_PROXY_CHECK, type ProxyCheck } from "../lib/proxyCheck";
import { recordOriginEvidence } from "../risk/policy";
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
 * from (and whether that address is a proxy) — recorded before the request is created, in one
 * transaction that does not wait for its flush (recordOriginEvidence). Recording is best effort:
 * a fault here is logged and never refuses the member's request.
 */
export async function recordWithdrawalSignals(
  db: Db,
  input: { userId: string; methodName: string; accountInfo: string; origin?: WithdrawalOrigin; now: Date },
): Promise<void> {
  try {
    const { origin } = input;
    await recordOriginEvidence(
      db,
      origin?.proxyCheck ?? NO_PROXY_CHECK,
      origin
        ? {
            userId: input.userId,
            kind: "withdrawal",
            deviceId: origin.deviceId,
            ip: origin.ip,
            userAgent: origin.userAgent,
            now: input.now,
          }
        : null,
      {
        userId: input.userId,
        methodName: input.methodName,
        accountInfo: input.accountInfo,
        withdrawal: true,
        now: input.now,
      },
    );
  } catch (e) {
    log.error({ err: e instanceof Error ? e.message : e }, "Recording a withdrawal's risk signals failed");
  }
}
