import type { MessageTable } from "./apiMessages";

/**
 * The Hindi of the API's texts about the payer's tax (issue 44 §6; api/tax, shared/tax.ts). Part
 * of HINDI_API_MESSAGES (apiMessages.hi.ts); the same rules hold.
 */
export const HINDI_TAX_MESSAGES: MessageTable = [
  [
    "Please enter a valid PAN: five letters, four digits, one letter (like ABCPE1234F).",
    "कृपया सही PAN डालें: पाँच अक्षर, चार अंक, एक अक्षर (जैसे ABCPE1234F)।",
  ],
  [
    "Please enter your own PAN: the fourth letter of a person's PAN is P.",
    "कृपया अपना ख़ुद का PAN डालें: किसी व्यक्ति के PAN का चौथा अक्षर P होता है।",
  ],
  [
    "Please add your PAN on the Tax page before withdrawing: it is needed once your withdrawals this financial year pass {{above}}.",
    "निकासी से पहले टैक्स पेज पर अपना PAN जोड़ें: इस वित्त वर्ष में आपकी निकासी {{above}} से ज़्यादा होने पर यह ज़रूरी है।",
  ],
  [
    "Tax of {{tax}} is due on your income this financial year and is taken from this withdrawal: please withdraw more than that.",
    "इस वित्त वर्ष की आपकी आय पर {{tax}} टैक्स बनता है और यह इसी निकासी से कटता है: कृपया इससे ज़्यादा राशि निकालें।",
  ],
  [
    "The tax on this withdrawal has changed to {{tax}} since it was shown: check the amounts and confirm again.",
    "दिखाए जाने के बाद इस निकासी पर टैक्स बदलकर {{tax}} हो गया है: राशियाँ देखें और फिर से पुष्टि करें।",
  ],
  [
    "Choose a financial year like 2026-27 and a quarter from 1 to 4.",
    "2026-27 जैसा वित्त वर्ष और 1 से 4 तक की तिमाही चुनें।",
  ],
];
