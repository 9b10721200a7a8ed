import type { Catalogue } from "../en";

/** The member's account pages: dashboard, profile, settings, withdraw, balance converter, refer & earn, gift code, support. Hindi (docs/hindi-glossary.md). */
const account: Catalogue["account"] = {
  titles: {},
};

export default account;
