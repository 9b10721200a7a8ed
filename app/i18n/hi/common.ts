import type { Catalogue } from "../en";

/** Shared across pages: buttons, states, pagination, toasts, confirm steps, errors boundaries. Hindi (docs/hindi-glossary.md). */
const common: Catalogue["common"] = {
  titles: {},
};

export default common;
