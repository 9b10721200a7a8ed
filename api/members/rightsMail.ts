import type { Locale } from "../../shared/i18n/locale";

/**
 * The fixed words of the data-rights mails (issue 44 §2), in English and Hindi: the export is
 * ready, and the code that confirms an erasure for a member without a password. Values (names,
 * the site's name, the code) come in as the caller gives them; the mails are plain text.
 */
export interface RightsMailWords {
  hello: (name: string) => string;
  exportReady: { subject: (site: string) => string; body: (hours: number) => string };
  erasureCode: {
    subject: (site: string) => string;
    body: (code: string, minutes: number) => string;
    ifNotYou: string;
  };
}

const en: RightsMailWords = {
  hello: (name) => (name ? `Hello ${name},` : "Hello,"),
  exportReady: {
    subject: (site) => `${site}: your data is ready to download`,
    body: (hours) =>
      `The file with everything we hold about you is ready. Download it from the "Your data" page within ${hours} hours; it can be downloaded once.`,
  },
  erasureCode: {
    subject: (site) => `${site}: your code to delete your account`,
    body: (code, minutes) =>
      `Your code to confirm deleting your account is ${code}. It works once, within ${minutes} minutes.`,
    ifNotYou:
      "If you did not ask to delete your account, ignore this mail: nothing changes without the code.",
  },
};

const hi: RightsMailWords = {
  hello: (name) => (name ? `नमस्ते ${name},` : "नमस्ते,"),
  exportReady: {
    subject: (site) => `${site}: आपका डेटा डाउनलोड के लिए तैयार है`,
    body: (hours) =>
      `हमारे पास आपके बारे में जो कुछ है, उसकी फ़ाइल तैयार है। इसे ${hours} घंटों के भीतर "आपका डेटा" पेज से डाउनलोड करें; यह एक बार ही डाउनलोड हो सकती है।`,
  },
  erasureCode: {
    subject: (site) => `${site}: आपका खाता हटाने का कोड`,
    body: (code, minutes) =>
      `अपना खाता हटाने की पुष्टि का आपका कोड ${code} है। यह ${minutes} मिनट के भीतर एक बार काम करता है।`,
    ifNotYou: "अगर आपने खाता हटाने को नहीं कहा, तो इस मेल को अनदेखा करें: कोड के बिना कुछ नहीं बदलता।",
  },
};

export const rightsMailWords = (locale: Locale): RightsMailWords => (locale === "hi" ? hi : en);
