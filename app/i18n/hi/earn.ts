import type { Catalogue } from "../en";

/** Earning: PTC ads, short links, task walls, the tic-tac-toe game. Hindi (docs/hindi-glossary.md). */
const earn: Catalogue["earn"] = {
  titles: {},
};

export default earn;
