/** The operators' games page. */
export const PAGE = "/admin/games";
/** Ended games a page (the live ones are listed whole up to the same number). */
export const GAMES_A_PAGE = 20;
