import type { Catalogue } from "../en";
import games from "./games";

/** Earning: PTC ads, short links, task walls, the tic-tac-toe game. Hindi (docs/hindi-glossary.md). */
const earn: Catalogue["earn"] = {
  titles: {},
  games,
};

export default earn;
