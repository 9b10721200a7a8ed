import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { createMember } from "../accounts/accounts";
import { creditEarning } from "../ledger/earnings";
import { recordOrigin } from "../risk/policy";
import { recordPayoutAccount } from "../risk/policy";
import { requestWithdrawal } from "../withdrawals/withdrawals";
import { NO_PROXY_CHECK } from "../lib/proxyCheck";
import { DAY_MS, HOUR_MS } from "./random";

/**
 * A demo ring for the operators' risk views (issue 21): four accounts made on one phone, each
 * referred by the first, all paid to one UPI id written four ways — recorded through the same
 * functions sign-up, login and binding a payout account use, so the signals, the score and the
 * automatic hold are the real ones. One of them has asked to withdraw: the payout queue shows the
 * request with its score and reasons. The demo member and their friend stay clear.
 */

export const DEMO_RING = [
  { name: "Raju Farm", email: "raju.farm@example.com", upi: "Cash.Pool@OkAxis" },
  { name: "Ramu Farm", email: "ramu.farm@example.com", upi: "cash.pool@okaxis" },
  { name: "Rani Farm", email: "rani.farm@example.com", upi: " CASH.POOL@OKAXIS " },
  { name: "Rima Farm", email: "rima.farm@example.com", upi: "cash.pool @okaxis" },
] as const;

const DEMO_RING_DEVICE = "demoRingPhone00000000001";

export async function seedRisk(
  tx: Tx,
  now: number,
  upiMethodId: number | null,
  passwordHash: string | null,
): Promise<void> {
  const asDb = tx as unknown as Db;
  const ids: string[] = [];
  for (const [i, r] of DEMO_RING.entries()) {
    const createdAt = new Date(now - (3 - i) * DAY_MS - 5 * HOUR_MS);
    const m = await createMember(asDb, {
      name: r.name,
      email: r.email,
      mobileNumber: 9800000100 + i,
      passwordHash,
      referredBy: ids[0],
      createdAt,
    });
    ids.push(m.id);
    await recordOrigin(asDb, NO_PROXY_CHECK, {
      userId: m.id,
      kind: "signup",
      deviceId: DEMO_RING_DEVICE,
      ip: `106.210.34.${10 + i}`,
      userAgent:
        "Mozilla/5.0 (Linux; Android 10; Redmi 8A) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      now: createdAt,
    });
    await tx
      .update(users)
      .set({ payoutMethodId: upiMethodId, payoutAccountInfo: r.upi })
      .where(eq(users.id, m.id));
    await recordPayoutAccount(asDb, { userId: m.id, methodName: "UPI", accountInfo: r.upi, now: createdAt });
    await creditEarning(tx, {
      userId: m.id,
      source: "offerWall",
      amount: 140_000 + i * 15_000,
      idempotencyKey: `seed:ring:${i}`,
      memo: "demo history",
      createdAt: new Date(createdAt.getTime() + 2 * HOUR_MS),
    });
  }
  // The last one asks to be paid: the request waits behind the automatic hold.
  await requestWithdrawal(asDb, {
    userId: ids[3]!,
    rupees: 180,
    type: "UPI",
    origin: { deviceId: DEMO_RING_DEVICE, ip: "106.210.34.13" },
    now: new Date(now - 2 * HOUR_MS),
  });
}
