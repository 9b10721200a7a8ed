import type { MessageTable } from "./apiMessages";

/**
 * The API's English texts (the specification's words, as api/ and shared/ word them) and their
 * Hindi, for shared/i18n/apiMessages.ts. One term per concept (docs/hindi-glossary.md).
 */
export const HINDI_API_MESSAGES: MessageTable = [
  ["Something went wrong, please try again.", "कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें।"],
];
