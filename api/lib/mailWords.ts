import { isLocale, type Locale } from "../../shared/i18n/locale";

/**
 * The fixed words of the mails the site sends a member, in the member's language (issue 23):
 * the language stored on the account (users.language), English when none is stored. The English
 * is the specification's, word for word. Values (names, addresses, links, the site's name) come in
 * as the caller gives them: escaped for HTML where the mail is HTML, so these words never escape.
 */
export interface MailWords {
  /** The greeting line: "Hello Asha,". */
  hello: (name: string) => string;
  /** The sign-up verification mail (api/accounts/emailVerification.ts). */
  verify: {
    subject: (site: string) => string;
    welcome: (site: string) => string;
    ignore: string;
  };
  /** The password reset mail (api/accounts/passwordReset.ts). */
  reset: {
    subject: string;
    request: (site: string) => string;
    openWithin: string;
    ignore: string;
  };
  /** The notice to the old address once an e-mail change is applied. */
  emailChanged: {
    subject: (site: string) => string;
    changedTo: (site: string, email: string) => string;
    ifNotYou: string;
  };
  /** The link to a new address that an e-mail change sends (api/accounts/profile.ts). */
  emailChange: {
    subject: (site: string) => string;
    /** `email` arrives already marked up (bold) in the HTML part. */
    openWithin: (email: string, site: string) => string;
    ignore: string;
  };
  /** The notice to the current address when an e-mail change is requested. */
  emailChangeRequested: {
    subject: (site: string) => string;
    requested: (site: string, email: string) => string;
    ifNotYou: string;
  };
  /** The notice when the payout details change. */
  payoutChanged: {
    subject: (site: string) => string;
    changedTo: (site: string, method: string) => string;
    ifNotYou: string;
  };
  /** Said by both security notices of a change that signs out the other devices. */
  signedOut: string;
  /** The mail of an operator's reply to a member's message (api/support/support.ts). */
  supportReply: {
    subject: (subject: string) => string;
    seeOnPage: string;
    yourMessage: (subject: string) => string;
  };
  /** A grievance's acknowledgement (api/support/grievance.ts, issue 44). */
  grievance: {
    subject: (site: string, reference: string) => string;
    received: (subject: string, reference: string) => string;
    resolveBy: (date: string) => string;
  };
  /** A withdrawal paid: by the payout provider, a bank file, or by hand (api/payouts/mail.ts). */
  payoutPaid: {
    subject: (site: string) => string;
    /** `amount` as "₹120.000"; `account` the method and the details the member bound. */
    paid: (amount: string, account: string) => string;
    utr: (utr: string) => string;
    seeOnPage: string;
  };
  /** A withdrawal's payout failed (or the bank sent it back): the amount is withdrawable again. */
  payoutFailed: {
    subject: (site: string) => string;
    failed: (amount: string, account: string) => string;
    /** The provider's or the bank's reason, as they gave it (in English). */
    reason: (reason: string) => string;
    returned: (amount: string) => string;
    checkDetails: string;
  };
}

const en: MailWords = {
  hello: (name) => `Hello ${name},`,
  verify: {
    subject: (site) => `Confirm your e-mail address for ${site}`,
    welcome: (site) =>
      `Welcome to ${site}. Open this link within 24 hours to confirm that this address is yours:`,
    ignore: "If you did not sign up, ignore this e-mail.",
  },
  reset: {
    subject: "Reset your password",
    request: (site) => `We received a request to reset the password of your ${site} account.`,
    openWithin: "Open this link within 1 hour to choose a new password:",
    ignore: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  },
  emailChanged: {
    subject: (site) => `Your ${site} e-mail address was changed`,
    changedTo: (site, email) => `The e-mail address of your ${site} account was changed to ${email}.`,
    ifNotYou: "If this was not you, reset your password with I Forgot My Password and contact support.",
  },
  emailChange: {
    subject: (site) => `Confirm your new e-mail address for ${site}`,
    openWithin: (email, site) => `Open this link within one hour to use ${email} for your ${site} account:`,
    ignore: "If you did not ask for this, ignore this mail.",
  },
  emailChangeRequested: {
    subject: (site) => `A change of your ${site} e-mail address was requested`,
    requested: (site, email) =>
      `A change of your ${site} account's e-mail address to ${email} was requested. It takes effect when the link sent there is opened.`,
    ifNotYou: "If this was not you, reset your password with I Forgot My Password now.",
  },
  payoutChanged: {
    subject: (site) => `Your ${site} payout details were changed`,
    changedTo: (site, method) => `The payout details of your ${site} account were changed to ${method}.`,
    ifNotYou: "If this was not you, reset your password with I Forgot My Password and contact support.",
  },
  signedOut: "Your other signed-in devices were signed out.",
  supportReply: {
    subject: (subject) => `Re: ${subject}`,
    seeOnPage: "You can see this conversation and reply on your support page.",
    yourMessage: (subject) => `Your message "${subject}":`,
  },
  grievance: {
    subject: (site, reference) => `${site}: your grievance ${reference} is received`,
    received: (subject, reference) =>
      `We have received your grievance "${subject}". Its reference is ${reference}: quote it when you write to us about it.`,
    resolveBy: (date) => `Our grievance officer will resolve it by ${date}.`,
  },
  payoutPaid: {
    subject: (site) => `Your ${site} withdrawal was paid`,
    paid: (amount, account) => `Your withdrawal of ${amount} was paid to ${account}.`,
    utr: (utr) => `Bank reference (UTR): ${utr}`,
    seeOnPage: "You can see it in your withdraw history.",
  },
  payoutFailed: {
    subject: (site) => `Your ${site} withdrawal could not be paid`,
    failed: (amount, account) => `Your withdrawal of ${amount} to ${account} could not be paid.`,
    reason: (reason) => `Reason: ${reason}`,
    returned: (amount) => `${amount} is back in your withdrawable balance.`,
    checkDetails: "Check your payout details on your profile before you withdraw again.",
  },
};

/**
 * The login page's "I Forgot My Password" link as the Hindi page shows it (the catalogue's
 * `pub.login.forgotPassword`): a Hindi mail names the link the member will see.
 */
export const FORGOT_LINK_HI = "मैं अपना पासवर्ड भूल गया";

const hi: MailWords = {
  hello: (name) => `नमस्ते ${name},`,
  verify: {
    subject: (site) => `${site} के लिए अपना ई-मेल पता पक्का करें`,
    welcome: (site) => `${site} में आपका स्वागत है। यह पता आपका ही है, यह पक्का करने के लिए 24 घंटे के अंदर यह लिंक खोलें:`,
    ignore: "अगर आपने साइन अप नहीं किया है, तो इस ई-मेल को अनदेखा करें।",
  },
  reset: {
    subject: "अपना पासवर्ड रीसेट करें",
    request: (site) => `हमें आपके ${site} खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।`,
    openWithin: "नया पासवर्ड चुनने के लिए 1 घंटे के अंदर यह लिंक खोलें:",
    ignore: "अगर यह अनुरोध आपने नहीं किया है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।",
  },
  emailChanged: {
    subject: (site) => `आपका ${site} ई-मेल पता बदल दिया गया`,
    changedTo: (site, email) => `आपके ${site} खाते का ई-मेल पता बदलकर ${email} कर दिया गया है।`,
    ifNotYou: `अगर यह आपने नहीं किया है, तो लॉग इन पेज पर "${FORGOT_LINK_HI}" से अपना पासवर्ड रीसेट करें और सहायता से संपर्क करें।`,
  },
  emailChange: {
    subject: (site) => `${site} के लिए अपना नया ई-मेल पता पक्का करें`,
    openWithin: (email, site) => `अपने ${site} खाते के लिए ${email} का इस्तेमाल करने के लिए 1 घंटे के अंदर यह लिंक खोलें:`,
    ignore: "अगर यह अनुरोध आपने नहीं किया है, तो इस मेल को अनदेखा करें।",
  },
  emailChangeRequested: {
    subject: (site) => `आपका ${site} ई-मेल पता बदलने का अनुरोध किया गया`,
    requested: (site, email) =>
      `आपके ${site} खाते का ई-मेल पता बदलकर ${email} करने का अनुरोध किया गया है। वहाँ भेजा गया लिंक खुलने पर यह बदलाव लागू होगा।`,
    ifNotYou: `अगर यह आपने नहीं किया है, तो अभी लॉग इन पेज पर "${FORGOT_LINK_HI}" से अपना पासवर्ड रीसेट करें।`,
  },
  payoutChanged: {
    subject: (site) => `आपके ${site} भुगतान विवरण बदल दिए गए`,
    changedTo: (site, method) => `आपके ${site} खाते के भुगतान विवरण बदलकर ${method} कर दिए गए हैं।`,
    ifNotYou: `अगर यह आपने नहीं किया है, तो लॉग इन पेज पर "${FORGOT_LINK_HI}" से अपना पासवर्ड रीसेट करें और सहायता से संपर्क करें।`,
  },
  signedOut: "आपके दूसरे डिवाइस, जिन पर आप लॉग इन थे, लॉग आउट कर दिए गए हैं।",
  supportReply: {
    subject: (subject) => `Re: ${subject}`,
    seeOnPage: "आप यह बातचीत अपने सहायता पेज पर देख सकते हैं और वहीं जवाब दे सकते हैं।",
    yourMessage: (subject) => `आपका संदेश "${subject}":`,
  },
  grievance: {
    subject: (site, reference) => `${site}: आपकी शिकायत ${reference} मिल गई है`,
    received: (subject, reference) =>
      `हमें आपकी शिकायत "${subject}" मिल गई है। इसका संदर्भ नंबर ${reference} है: इसके बारे में लिखते समय यह नंबर बताएँ।`,
    resolveBy: (date) => `हमारे शिकायत अधिकारी ${date} तक इसका समाधान करेंगे।`,
  },
  payoutPaid: {
    subject: (site) => `आपकी ${site} निकासी का भुगतान हो गया`,
    paid: (amount, account) => `आपकी ${amount} की निकासी का भुगतान ${account} पर कर दिया गया है।`,
    utr: (utr) => `बैंक संदर्भ (UTR): ${utr}`,
    seeOnPage: "आप इसे अपने निकासी इतिहास में देख सकते हैं।",
  },
  payoutFailed: {
    subject: (site) => `आपकी ${site} निकासी का भुगतान नहीं हो सका`,
    failed: (amount, account) => `${account} पर आपकी ${amount} की निकासी का भुगतान नहीं हो सका।`,
    reason: (reason) => `कारण: ${reason}`,
    returned: (amount) => `${amount} आपके निकासी योग्य शेष में वापस आ गए हैं।`,
    checkDetails: "दोबारा निकासी करने से पहले अपनी प्रोफ़ाइल में अपने भुगतान विवरण जाँच लें।",
  },
};

const WORDS: Record<Locale, MailWords> = { en, hi };

/** The mail words for a member's stored language; English when none (or an unknown one) is stored. */
export function mailWords(language: string | null | undefined): MailWords {
  return isLocale(language) ? WORDS[language] : WORDS.en;
}
