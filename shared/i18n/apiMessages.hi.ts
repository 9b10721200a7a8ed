import type { MessageTable } from "./apiMessages";
import { HINDI_EARNING_MESSAGES } from "./apiMessages.hi.earning";
import { HINDI_TAX_MESSAGES } from "./apiMessages.hi.tax";
import { HINDI_PRIVACY_MESSAGES } from "./apiMessages.hi.privacy";
import { HINDI_HOUSEKEEPING_MESSAGES } from "./apiMessages.hi.housekeeping";
import { HINDI_PAYOUT_ACCOUNT_MESSAGES } from "./apiMessages.hi.payout";

/**
 * The API's English texts (the specification's words, as api/ and shared/ word them) and their
 * Hindi, for shared/i18n/apiMessages.ts. One term per concept (docs/hindi-glossary.md).
 *
 * `{{name}}` marks a value the API puts in (an amount as "₹12.000", a time, a count); the Hindi
 * keeps the same names. Where the API puts in one of a few fixed English words (the balance a
 * conversion reads), each variant is its own entry. Operators' texts are left out: the console is
 * English. Keep an English text byte for byte as the API sends it, or it is not found.
 */
export const HINDI_API_MESSAGES: MessageTable = [
  /* ------------------------------------------------------------------------- general */
  ["Something went wrong, please try again.", "कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें।"],
  ["Success", "सफल"],
  ["Saved", "सेव हो गया"],
  ["Please try again.", "कृपया फिर से कोशिश करें।"],
  ["Invalid request.", "अमान्य अनुरोध।"],
  ["Invalid request body.", "अमान्य अनुरोध।"],
  ["Not found.", "नहीं मिला।"],
  ["Bad request.", "अमान्य अनुरोध।"],
  ["Request body too large.", "अनुरोध बहुत बड़ा है।"],
  ["Cross-site request refused.", "दूसरी साइट से आया अनुरोध ठुकरा दिया गया।"],
  ["The address contains a character that is not allowed.", "पते में ऐसा अक्षर है जिसकी अनुमति नहीं है।"],
  [
    "A field name contains a character that is not allowed.",
    "किसी फ़ील्ड के नाम में ऐसा अक्षर है जिसकी अनुमति नहीं है।",
  ],
  [
    "Too many attempts. Please try again in 1 minute.",
    "बहुत ज़्यादा कोशिशें हो गईं। कृपया 1 मिनट बाद फिर से कोशिश करें।",
  ],
  [
    "Too many attempts. Please try again in {{minutes}} minutes.",
    "बहुत ज़्यादा कोशिशें हो गईं। कृपया {{minutes}} मिनट बाद फिर से कोशिश करें।",
  ],

  /* ------------------------------------------------------------ session and sign-in */
  [
    "Authentication Error: please log in again to continue.",
    "पहचान में गड़बड़ी: जारी रखने के लिए कृपया फिर से लॉग इन करें।",
  ],
  ["Your session has expired. Please log in again.", "आपका सेशन खत्म हो गया है। कृपया फिर से लॉग इन करें।"],
  ["User not found.", "सदस्य नहीं मिला।"],
  ["Login Success!", "लॉग इन हो गया!"],
  ["LogOut success!", "लॉग आउट हो गया!"],
  ["Invalid details", "गलत जानकारी"],
  ["Please enter your email or username.", "कृपया अपना ई-मेल या यूज़रनेम डालें।"],
  ["Please enter your password.", "कृपया अपना पासवर्ड डालें।"],
  ["Please verify that you are a human!", "कृपया पुष्टि करें कि आप इंसान हैं!"],
  [
    "Too many failed logins for this account. Please wait before trying again.",
    "इस खाते में बहुत बार गलत लॉग इन हुआ है। फिर से कोशिश करने से पहले कृपया थोड़ा इंतज़ार करें।",
  ],
  [
    "This account is closed. To appeal, write to us through the Contact Us page.",
    "यह खाता बंद है। अपील करने के लिए संपर्क करें पेज से हमें लिखें।",
  ],
  [
    "Multiple accounts from the same IP address are not allowed.",
    "एक ही IP पते से कई खाते बनाने की अनुमति नहीं है।",
  ],
  ["user registered successfully!", "साइन अप हो गया!"],
  ["Already Registered", "पहले से रजिस्टर्ड है"],
  ["Invalid referral link.", "अमान्य रेफ़रल लिंक।"],
  ["E-mail verified.", "ई-मेल की पुष्टि हो गई।"],
  ["Token Verification Failed!", "लिंक की पुष्टि नहीं हो सकी!"],
  ["Token verified", "लिंक की पुष्टि हो गई"],
  ["Password reset link sent successfully.", "पासवर्ड रीसेट का लिंक भेज दिया गया है।"],
  [
    "A reset link was already sent. Please check your inbox.",
    "रीसेट का लिंक पहले ही भेजा जा चुका है। कृपया अपना इनबॉक्स देखें।",
  ],
  ["Password reset successfully.", "पासवर्ड रीसेट हो गया।"],
  ["Email updated successfully.", "ई-मेल अपडेट हो गया।"],
  [
    "We could not send the e-mail right now. Please try again later.",
    "हम अभी ई-मेल नहीं भेज सके। कृपया बाद में फिर से कोशिश करें।",
  ],
  ["Please Login With Password", "कृपया पासवर्ड से लॉग इन करें"],
  ["Missing credentials", "लॉग इन की जानकारी नहीं मिली"],
  ["Google sign-in failed. Please try again.", "Google से साइन इन नहीं हो सका। कृपया फिर से कोशिश करें।"],
  [
    "Google sign-in is unavailable right now. Please try again later.",
    "Google से साइन इन अभी उपलब्ध नहीं है। कृपया बाद में फिर से कोशिश करें।",
  ],
  ["Google sign-in is not configured.", "Google से साइन इन चालू नहीं है।"],
  ["Your Google account's e-mail address is not verified.", "आपके Google खाते के ई-मेल पते की पुष्टि नहीं हुई है।"],
  ["This e-mail is linked to another Google account.", "यह ई-मेल किसी दूसरे Google खाते से जुड़ा है।"],
  [
    "Google sign-in completes through the site's own sign-in page.",
    "Google से साइन इन साइट के अपने लॉग इन पेज से ही पूरा होता है।",
  ],
  [
    "Too many connections: a member may have at most {{max}} open at once. Close another tab and try again.",
    "बहुत ज़्यादा कनेक्शन: एक सदस्य एक साथ ज़्यादा से ज़्यादा {{max}} कनेक्शन खोल सकता है। कोई दूसरा टैब बंद करके फिर से कोशिश करें।",
  ],

  /* ------------------------------------------------------------------ shared fields */
  ["Please enter a valid 10-digit Indian mobile number", "कृपया 10 अंकों का सही भारतीय मोबाइल नंबर डालें"],
  ["Please enter a valid email address.", "कृपया सही ई-मेल पता डालें।"],
  ["Please enter your email address.", "कृपया अपना ई-मेल पता डालें।"],
  ["Email is required!", "ई-मेल ज़रूरी है!"],
  ["Password must be at least 8 characters long.", "पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।"],
  ["Password must be at most 128 characters long.", "पासवर्ड ज़्यादा से ज़्यादा 128 अक्षरों का हो सकता है।"],
  ["Please enter your name.", "कृपया अपना नाम डालें।"],
  ["Please keep your name under 100 characters.", "कृपया अपना नाम 100 अक्षरों से कम रखें।"],
  ["Please enter a valid 6-digit PIN code.", "कृपया 6 अंकों का सही PIN कोड डालें।"],
  ["PIN code is required.", "PIN कोड ज़रूरी है।"],
  ["PIN code must be text.", "PIN कोड टेक्स्ट होना चाहिए।"],
  ["Name is required.", "नाम ज़रूरी है।"],
  ["Name must be at most {{max}} characters.", "नाम ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["Name must be text.", "नाम टेक्स्ट होना चाहिए।"],
  ["Address is required.", "पता ज़रूरी है।"],
  ["Address must be at most {{max}} characters.", "पता ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["Address must be text.", "पता टेक्स्ट होना चाहिए।"],
  ["City is required.", "शहर ज़रूरी है।"],
  ["City must be at most {{max}} characters.", "शहर ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["City must be text.", "शहर टेक्स्ट होना चाहिए।"],
  ["State is required.", "राज्य ज़रूरी है।"],
  ["State must be at most {{max}} characters.", "राज्य ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["State must be text.", "राज्य टेक्स्ट होना चाहिए।"],
  ["Withdrawal account information is required.", "निकासी खाते की जानकारी ज़रूरी है।"],
  [
    "Withdrawal account information must be at most {{max}} characters.",
    "निकासी खाते की जानकारी ज़्यादा से ज़्यादा {{max}} अक्षरों की हो सकती है।",
  ],
  ["Withdrawal account information must be text.", "निकासी खाते की जानकारी टेक्स्ट होनी चाहिए।"],
  ["Withdrawal method is required.", "निकासी का तरीका ज़रूरी है।"],
  [
    "Withdrawal method must be at most {{max}} characters.",
    "निकासी का तरीका ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।",
  ],
  ["Withdrawal method must be text.", "निकासी का तरीका टेक्स्ट होना चाहिए।"],
  ["Please keep it under {{max}} characters.", "कृपया इसे {{max}} अक्षरों से कम रखें।"],
  ["Please enter a subject.", "कृपया विषय डालें।"],
  ["Please enter your message.", "कृपया अपना संदेश डालें।"],

  /* ------------------------------------------------------------ profile and settings */
  ["Profile Updated Successfully!", "प्रोफ़ाइल अपडेट हो गई!"],
  ["Please choose a withdrawal method from the list.", "कृपया सूची में से निकासी का तरीका चुनें।"],
  ["Password changed successfully.", "पासवर्ड बदल गया।"],
  ["Current password is incorrect.", "मौजूदा पासवर्ड गलत है।"],
  ["Current password is required.", "मौजूदा पासवर्ड ज़रूरी है।"],
  ["Current password must be text.", "मौजूदा पासवर्ड टेक्स्ट होना चाहिए।"],
  ["New password must be text.", "नया पासवर्ड टेक्स्ट होना चाहिए।"],
  ["New password must differ from the current password.", "नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए।"],
  [
    "A verification link has been sent to your new email address.",
    "आपके नए ई-मेल पते पर पुष्टि का लिंक भेज दिया गया है।",
  ],
  [
    "The new email is already in use. Please choose a different email.",
    "यह नया ई-मेल पहले से इस्तेमाल में है। कृपया कोई दूसरा ई-मेल चुनें।",
  ],
  ["Already Email update reset registered", "ई-मेल बदलने का अनुरोध पहले ही दर्ज हो चुका है"],
  [
    "Please enter your current password to change your e-mail address.",
    "अपना ई-मेल पता बदलने के लिए कृपया अपना मौजूदा पासवर्ड डालें।",
  ],
  [
    "Please enter your current password to change your payout details.",
    "अपने भुगतान विवरण बदलने के लिए कृपया अपना मौजूदा पासवर्ड डालें।",
  ],
  [
    "Your account has no password yet. Set one with I Forgot My Password on the login page, then try again.",
    'आपके खाते में अभी कोई पासवर्ड नहीं है। लॉग इन पेज पर "मैं अपना पासवर्ड भूल गया" से पासवर्ड बनाएँ, फिर से कोशिश करें।',
  ],

  /* ------------------------------------------------------------------ restrictions */
  [
    "Your earning is suspended. Contact support through the Support page.",
    "आपकी कमाई रोक दी गई है। सहायता पेज से सहायता टीम से संपर्क करें।",
  ],
  [
    "Your earning is suspended: {{reason}}. Contact support through the Support page.",
    "आपकी कमाई रोक दी गई है: {{reason}}। सहायता पेज से सहायता टीम से संपर्क करें।",
  ],
  [
    "Your withdrawals are on hold while we review your account. You can still request a withdrawal: it stays Pending until the hold is released. Contact support through the Support page if you have questions.",
    "जब तक हम आपके खाते की जाँच कर रहे हैं, आपकी निकासी रोकी गई है। आप फिर भी निकासी का अनुरोध कर सकते हैं: रोक हटने तक यह Pending रहेगा। कोई सवाल हो तो सहायता पेज से सहायता टीम से संपर्क करें।",
  ],

  /* ------- withdraw and convert, gift codes, short links, ads, task walls: apiMessages.hi.earning.ts */
  ...HINDI_EARNING_MESSAGES,
  ...HINDI_TAX_MESSAGES,
  ...HINDI_PRIVACY_MESSAGES,
  ...HINDI_HOUSEKEEPING_MESSAGES,
  ...HINDI_PAYOUT_ACCOUNT_MESSAGES,

  /* ------------------------------------------------------------------- support */
  ["Message not found.", "संदेश नहीं मिला।"],
  [
    "Your reply has been sent. We will answer on this page and by e-mail.",
    "आपका जवाब भेज दिया गया है। हम इसी पेज पर और ई-मेल से जवाब देंगे।",
  ],
  [
    "Choose a task wall you opened in the last {{days}} days.",
    "वह टास्क वॉल चुनें जिसे आपने पिछले {{days}} दिनों में खोला था।",
  ],
  ["The completion time cannot be in the future.", "पूरा करने का समय भविष्य का नहीं हो सकता।"],
  [
    "Missing credits can be reported for offers completed in the last {{days}} days.",
    "न मिले क्रेडिट की रिपोर्ट पिछले {{days}} दिनों में पूरे किए गए ऑफ़र के लिए ही की जा सकती है।",
  ],
  ["Your missing-credit report has been received.", "न मिले क्रेडिट की आपकी रिपोर्ट मिल गई है।"],
  [
    "We answer missing-credit reports within {{hours}} hours.",
    "हम न मिले क्रेडिट की रिपोर्ट का जवाब {{hours}} घंटे के अंदर देते हैं।",
  ],
  ["Choose a task wall.", "टास्क वॉल चुनें।"],
  ["Offer name is required.", "ऑफ़र का नाम ज़रूरी है।"],
  ["Offer name must be at most {{max}} characters.", "ऑफ़र का नाम ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["Offer name must be text.", "ऑफ़र का नाम टेक्स्ट होना चाहिए।"],
  ["Completion time is required.", "पूरा करने का समय ज़रूरी है।"],
  ["Completion time must be a date and time.", "पूरा करने का समय तारीख और समय होना चाहिए।"],
  ["Details must be at most {{max}} characters.", "विवरण ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],
  ["body is required.", "संदेश ज़रूरी है।"],
  ["body must be at most {{max}} characters.", "संदेश ज़्यादा से ज़्यादा {{max}} अक्षरों का हो सकता है।"],

  /* ---------------------------------------------------------------- contact us */
  [
    "Please agree to the terms of use and the privacy policy.",
    "कृपया उपयोग की शर्तों और गोपनीयता नीति से सहमति दें।",
  ],
  [
    "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
    "धन्यवाद! आपका संदेश मिल गया है। हम जल्द ही आपसे संपर्क करेंगे।",
  ],

  /* ----------------------------------------------------------- games (socket acks) */
  [
    "Low Balance: Your balance is too low to join this room.",
    "शेष कम है: इस रूम में शामिल होने के लिए आपका शेष बहुत कम है।",
  ],
  ["Opponent search canceled. Entry fee refunded.", "विरोधी की खोज रद्द हो गई। एंट्री फ़ीस लौटा दी गई।"],
  ["Opponent search canceled.", "विरोधी की खोज रद्द हो गई।"],
  ["Paid rooms are closed. The Practice Room is open.", "पेड रूम बंद हैं। प्रैक्टिस रूम खुला है।"],
  ["This room is not available.", "यह रूम उपलब्ध नहीं है।"],
  ["Room not found.", "रूम नहीं मिला।"],
  ["The game has already started.", "गेम पहले ही शुरू हो चुका है।"],
  ["This game has already ended.", "यह गेम पहले ही खत्म हो चुका है।"],
  ["The game has not started yet.", "गेम अभी शुरू नहीं हुआ है।"],
  ["The game is over.", "गेम खत्म हो गया है।"],
  ["It's not your turn.", "अभी आपकी बारी नहीं है।"],
  ["Choose a cell on the board.", "बोर्ड पर कोई खाना चुनें।"],
  ["That cell is already taken.", "वह खाना पहले ही भरा है।"],
  ["Your time for this move ran out.", "इस चाल के लिए आपका समय खत्म हो गया।"],
  ["The board has changed: play on the latest board.", "बोर्ड बदल गया है: नए बोर्ड पर खेलें।"],
  // The pages' own form rules (app/components/login-form.tsx, signup-form.tsx, contact-form.tsx,
  // the reset form), shown through the same field-error component.
  ["Email or username is required.", "ईमेल या यूज़र नेम ज़रूरी है।"],
  ["Email or username is too long.", "ईमेल या यूज़र नेम बहुत लंबा है।"],
  ["Password is required.", "पासवर्ड ज़रूरी है।"],
  ["Password is too long.", "पासवर्ड बहुत लंबा है।"],
  ["Please confirm your password.", "कृपया पासवर्ड की पुष्टि करें।"],
  [
    "Passwords do not match. Please enter the same password in both fields.",
    "पासवर्ड मेल नहीं खाते। कृपया दोनों खानों में एक ही पासवर्ड डालें।",
  ],
  ["Password & confirm password do not match.", "पासवर्ड और पासवर्ड की पुष्टि मेल नहीं खाते।"],
  ["You have to check I agree checkbox for registration", 'रजिस्टर करने के लिए "मैं सहमत हूँ" पर टिक करना ज़रूरी है'],
  [
    "Please agree to the Terms of Use and the Privacy Policy.",
    "कृपया उपयोग की शर्तों और गोपनीयता नीति से सहमति दें।",
  ],
  // The account pages' own form rules (withdraw, profile, settings).
  [
    "Withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.",
    "निकासी पूरे रुपयों में होती है। पूरे रुपयों में राशि डालें, जैसे 50।",
  ],
  ["Please choose a payout method.", "कृपया भुगतान का तरीका चुनें।"],
  ["New password and confirm password not match.", "नया पासवर्ड और पासवर्ड की पुष्टि मेल नहीं खाते।"],
  ["new Email and confirm Email not match.", "नया ई-मेल और पक्का किया गया ई-मेल मेल नहीं खाते।"],
];
