/** The spec's one failure message, for anything that went wrong that the member cannot fix. */
export const GENERIC_FAILURE = "Something went wrong, please try again.";
