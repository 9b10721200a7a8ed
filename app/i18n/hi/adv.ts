import type { Catalogue } from "../en";

/** The advertiser's pages: campaigns and the create wizard. Hindi (docs/hindi-glossary.md). */
const adv: Catalogue["adv"] = {
  titles: {},
};

export default adv;
