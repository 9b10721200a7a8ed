import type { Catalogue } from "./en";
import shell from "./hi/shell";
import common from "./hi/common";
import pub from "./hi/pub";
import account from "./hi/account";
import earn from "./hi/earn";
import adv from "./hi/adv";
import privacy from "./hi/privacy";
import tax from "./hi/tax";
import housekeeping from "./hi/housekeeping";
import rights from "./hi/rights";

/**
 * The Hindi catalogue (issue 23): the same keys as en.ts, in natural Hindi; one term per concept
 * (docs/hindi-glossary.md). Names of services (UPI, Paytm, FAQ, DMCA) stay as members know them.
 */
const hi: Catalogue = { ...shell, common, pub, account, earn, adv, privacy, tax, housekeeping, rights };

export default hi;
