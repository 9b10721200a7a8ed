import shell from "./en/shell";
import common from "./en/common";
import pub from "./en/pub";
import account from "./en/account";
import earn from "./en/earn";
import adv from "./en/adv";
import privacy from "./en/privacy";
import tax from "./en/tax";
import housekeeping from "./en/housekeeping";
import rights from "./en/rights";

/**
 * The English catalogue (issue 23): keys by meaning, values the specification's words verbatim,
 * one file per area (en/*.ts). Every other language's catalogue has exactly these keys
 * (tests/unit/i18n.test.ts). `{{name}}` is filled in by i18next.
 */
const en = { ...shell, common, pub, account, earn, adv, privacy, tax, housekeeping, rights };

export default en;
export type Catalogue = typeof en;
