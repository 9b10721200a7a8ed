import type { MessageTable } from "./apiMessages";

/**
 * The Hindi of the API's texts about the payout details (issue 45 §2; shared/payoutAccount.ts,
 * api/accounts/payoutAccount.ts). Part of HINDI_API_MESSAGES (apiMessages.hi.ts); the same rules hold.
 */
export const HINDI_PAYOUT_ACCOUNT_MESSAGES: MessageTable = [
  ["Please enter a valid UPI ID, like name@okaxis.", "कृपया सही UPI ID डालें, जैसे name@okaxis।"],
  ["UPI ID is required.", "UPI ID ज़रूरी है।"],
  ["Please enter the account number: 9 to 18 digits.", "कृपया खाता संख्या डालें: 9 से 18 अंक।"],
  ["Account number is required.", "खाता संख्या ज़रूरी है।"],
  ["The two account numbers do not match.", "दोनों खाता संख्याएँ मेल नहीं खातीं।"],
  [
    "Please enter a valid IFSC: 11 characters, like SBIN0001234.",
    "कृपया सही IFSC डालें: 11 अक्षर, जैसे SBIN0001234।",
  ],
  ["IFSC is required.", "IFSC ज़रूरी है।"],
  ["Account holder's name is required.", "खाताधारक का नाम ज़रूरी है।"],
  ["Account holder's name must be at most 100 characters.", "खाताधारक का नाम अधिकतम 100 अक्षरों का हो।"],
  [
    "Please enter the account holder's name as the bank has it: letters, spaces, dots and apostrophes.",
    "कृपया खाताधारक का नाम वैसे ही डालें जैसे बैंक में है: अक्षर, स्पेस, बिंदु और एपॉस्ट्रॉफ़ी।",
  ],
];
