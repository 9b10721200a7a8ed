import type { MessageTable } from "./apiMessages";
import { PRIVACY_MESSAGES } from "../privacyNotice";

/**
 * The Hindi of the API's texts about consent and age (issue 44 §1, §3; shared/privacyNotice.ts).
 * Part of HINDI_API_MESSAGES (apiMessages.hi.ts); the same rules hold.
 */
export const HINDI_PRIVACY_MESSAGES: MessageTable = [
  [PRIVACY_MESSAGES.noticeRequired, "खाता बनाने के लिए कृपया गोपनीयता सूचना पढ़ें और उसे स्वीकार करें।"],
  [PRIVACY_MESSAGES.noticeChanged, "गोपनीयता सूचना बदल गई है। कृपया नया संस्करण पढ़ें और उसे स्वीकार करें।"],
  [PRIVACY_MESSAGES.dateOfBirthRequired, "कृपया अपनी जन्म तिथि डालें।"],
  [PRIVACY_MESSAGES.dateOfBirthInvalid, "कृपया सही जन्म तिथि डालें (भविष्य की नहीं)।"],
  [PRIVACY_MESSAGES.declarationRequired, "कृपया पक्का करें कि आपकी उम्र 18 वर्ष या उससे अधिक है।"],
  [PRIVACY_MESSAGES.underAge, "क्षमा करें, इस साइट का उपयोग करने के लिए आपकी उम्र 18 वर्ष या उससे अधिक होनी चाहिए।"],
  [
    PRIVACY_MESSAGES.underAgeClosed,
    "इस साइट का उपयोग करने के लिए आपकी उम्र 18 वर्ष या उससे अधिक होनी चाहिए। आपका खाता न कमा सकता है, न निकासी कर सकता है, और आपको साइन आउट कर दिया गया है। यदि यह गलती है तो शिकायत पेज से सहायता से संपर्क करें।",
  ],
  [
    PRIVACY_MESSAGES.requiredPurpose,
    "आपका खाता चलाने के लिए यह सहमति ज़रूरी है। इसे वापस लेने के लिए अपना खाता बंद करें।",
  ],
  [PRIVACY_MESSAGES.unknownPurpose, "अज्ञात उद्देश्य।"],
  [PRIVACY_MESSAGES.consentSaved, "आपकी पसंद सहेज ली गई है।"],
  [PRIVACY_MESSAGES.accepted, "धन्यवाद। आपके उत्तर सहेज लिए गए हैं।"],
  [PRIVACY_MESSAGES.settingsSaved, "गोपनीयता सेटिंग सहेजी गईं।"],
];
