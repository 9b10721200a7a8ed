import games from "./games";

/** Earning: PTC ads, short links, task walls, the tic-tac-toe game. English: the specification's words verbatim. */
const earn = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {},
  games,
};

export default earn;
