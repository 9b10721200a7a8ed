/** Earning: PTC ads, short links, task walls, the tic-tac-toe game. English: the specification's words verbatim. */
const earn = {};

export default earn;
