import type { Db } from "../db/client";
import type { ProxyCheck } from "../lib/proxyCheck";
import type { SameDevicePolicy } from "../../shared/risk";

/**
 * Links between members (issue 21 §1): devices, addresses and payout accounts, and the signals
 * they give (shared_device, shared_address, self_referral, shared_payout, proxy).
 * STUB — filled in by the links work.
 */

export type OriginKind = "signup" | "login" | "google" | "withdrawal";

export interface Origin {
  userId: string;
  kind: OriginKind;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  now?: Date;
}

/** Records where a member acted from and the signals it gives (the member's and the linked ones'). */
export async function recordOrigin(_db: Db, _proxy: ProxyCheck, _origin: Origin): Promise<void> {}

/** Records a payout account a member bound and the shared_payout signals it gives. */
export async function recordPayoutAccount(
  _db: Db,
  _input: { userId: string; methodName: string; accountInfo: string; now?: Date },
): Promise<void> {}

/** The one-account rule at sign-up: null to go on, or the policy that applies to this device. */
export async function sameDeviceVerdict(
  _db: Db,
  _deviceId: string | null,
): Promise<{ policy: SameDevicePolicy; others: string[] } | null> {
  return null;
}

export interface LinkedAccount {
  id: string;
  userName: string;
  email: string;
  /** How they are linked: one entry per shared thing. */
  links: { via: "device" | "payout" | "address" | "referral"; value: string }[];
  score: number;
  level: string;
  withdrawalsHeld: boolean;
  banned: boolean;
}

/** The members linked to `userId` (shared device, payout account, address, referral chain). */
export async function linkedAccounts(_db: Db, _userId: string, _limit = 50): Promise<LinkedAccount[]> {
  return [];
}
