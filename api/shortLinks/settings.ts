import type { Db, Tx } from "../db/client";
import type { ShortLinkSettings } from "../../shared/contracts/shortLinks";
import { getSetting } from "../site/settings";

/** The short-link settings members and operators both read: minimum time, expiry, instructions. */
export async function shortLinkSettings(db: Db | Tx): Promise<ShortLinkSettings> {
  const [minSeconds, expiryMinutes, instructions] = await Promise.all([
    getSetting(db, "shortlink_min_seconds"),
    getSetting(db, "shortlink_expiry_minutes"),
    getSetting(db, "shortlink_instructions"),
  ]);
  return { minSeconds, expiryMinutes, instructions };
}
