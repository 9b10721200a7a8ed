import type { MessageTable } from "./apiMessages";

/**
 * The Hindi of the API's texts a member may meet about breach notices (issue 44 §5;
 * api/support/breach.ts). Part of HINDI_API_MESSAGES (apiMessages.hi.ts); the same rules hold.
 * The console's texts (retention, composing a notice) stay English, as the console does.
 */
export const HINDI_HOUSEKEEPING_MESSAGES: MessageTable = [
  ["No such breach notice.", "ऐसी कोई उल्लंघन सूचना नहीं है।"],
  ["Notice dismissed.", "सूचना हटा दी गई।"],
];
