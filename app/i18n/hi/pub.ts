import type { Catalogue } from "../en";

/** The public pages: home, FAQ, contact, payment proof, login, sign-up, passwords, e-mail verification, policies. Hindi (docs/hindi-glossary.md). */
const pub: Catalogue["pub"] = {
  titles: {},
};

export default pub;
