import type { MessageTable } from "./apiMessages";

/**
 * The Hindi of the API's texts about money a member earns and moves: withdrawals and conversions,
 * gift codes, short links, ads and campaigns, task walls. Part of HINDI_API_MESSAGES
 * (apiMessages.hi.ts), in its place in the table's order; the same rules hold (an English text byte
 * for byte as the API sends it, `{{name}}` kept in the Hindi, docs/hindi-glossary.md's terms).
 */
export const HINDI_EARNING_MESSAGES: MessageTable = [
  /* ------------------------------------------------------------ withdraw and convert */
  ["Withdrawal Successful", "निकासी सफल रही"],
  [
    "Please bind your payment information to proceed with withdrawals.",
    "निकासी करने के लिए कृपया अपनी भुगतान जानकारी जोड़ें।",
  ],
  ["Please bind Your payment information again", "कृपया अपनी भुगतान जानकारी फिर से जोड़ें"],
  [
    "Invalid Amount: withdrawals are in whole rupees. Enter a whole number of rupees, e.g. 50.",
    "अमान्य राशि: निकासी पूरे रुपयों में होती है। पूरे रुपयों में राशि डालें, जैसे 50।",
  ],
  [
    "Invalid Amount: the minimum withdrawal for {{method}} is {{amount}}.",
    "अमान्य राशि: {{method}} के लिए न्यूनतम निकासी {{amount}} है।",
  ],
  [
    "Insufficient Balance: your withdrawable balance is {{amount}}.",
    "शेष कम है: आपका निकासी योग्य शेष {{amount}} है।",
  ],
  ["This withdrawal has already been settled.", "इस निकासी का निपटारा पहले ही हो चुका है।"],
  [
    "This withdrawal form was already sent with a different amount or method. Reload the page to start a new withdrawal.",
    "निकासी का यह फ़ॉर्म पहले ही किसी दूसरी राशि या तरीके के साथ भेजा जा चुका है। नई निकासी शुरू करने के लिए पेज फिर से लोड करें।",
  ],
  [
    "This conversion form was already sent with a different amount or direction. Reload the page to start a new conversion.",
    "बदलाव का यह फ़ॉर्म पहले ही किसी दूसरी राशि या दिशा के साथ भेजा जा चुका है। नया बदलाव शुरू करने के लिए पेज फिर से लोड करें।",
  ],
  ["Withdrawal not found.", "निकासी नहीं मिली।"],
  [
    "A reversed task-wall credit left {{amount}} owing. Withdrawals resume once later earnings have repaid it.",
    "टास्क वॉल का एक क्रेडिट वापस लिए जाने से {{amount}} बकाया है। आगे की कमाई से यह चुक जाने पर निकासी फिर से शुरू होगी।",
  ],
  [
    "You owe {{amount}} from a reversed task-wall credit. It is repaid from your next earnings.",
    "टास्क वॉल का एक क्रेडिट वापस लिए जाने से आप पर {{amount}} बकाया है। यह आपकी अगली कमाई से चुकाया जाएगा।",
  ],
  [
    "New accounts can withdraw from {{time}}. Keep earning: your balance is safe until then.",
    "नए खाते {{time}} से निकासी कर सकते हैं। कमाते रहें: तब तक आपका शेष सुरक्षित है।",
  ],
  [
    "Your withdrawal is under review: a first withdrawal is checked by hand before it is paid. This usually takes a day or two. Contact support through the Support page if you have questions.",
    "आपकी निकासी की जाँच हो रही है: पहली निकासी का भुगतान करने से पहले उसे हाथ से जाँचा जाता है। इसमें आम तौर पर एक-दो दिन लगते हैं। कोई सवाल हो तो सहायता पेज से सहायता टीम से संपर्क करें।",
  ],
  ["Success! Your balance has been successfully converted.", "सफल! आपका शेष बदल दिया गया है।"],
  [
    "Invalid Amount: Please enter a valid positive amount to convert.",
    "अमान्य राशि: बदलने के लिए कृपया 0 से बड़ी सही राशि डालें।",
  ],
  ["* Please Select one of them", "* कृपया इनमें से एक चुनें"],
  [
    "Insufficient Balance: Your requested amount exceeds your deposit balance of {{amount}}. Please enter a valid amount.",
    "शेष कम है: आपकी माँगी गई राशि आपके {{amount}} के जमा शेष से ज़्यादा है। कृपया सही राशि डालें।",
  ],
  [
    "Insufficient Balance: Your requested amount exceeds your withdrawable balance of {{amount}}. Please enter a valid amount.",
    "शेष कम है: आपकी माँगी गई राशि आपके {{amount}} के निकासी योग्य शेष से ज़्यादा है। कृपया सही राशि डालें।",
  ],
  ["Insufficient Balance", "शेष कम है"],

  /*
   * A withdrawal's remark when the site words it (not a msg: the withdraw page's history shows
   * it). A payout provider's reason and an operator's remark stay as they were written.
   */
  ["Account closed", "खाता बंद"],
  ["The payout failed at the bank.", "बैंक में भुगतान नहीं हो सका।"],
  ["The payout was rejected by the payout provider.", "भुगतान सेवा ने भुगतान ठुकरा दिया।"],
  ["The payout was cancelled.", "भुगतान रद्द कर दिया गया।"],
  ["The bank sent the payout back.", "बैंक ने भुगतान लौटा दिया।"],
  ["The payout failed.", "भुगतान नहीं हो सका।"],
  ["Returned by the bank", "बैंक ने लौटा दिया"],

  /* -------------------------------------------------------------------- gift codes */
  ["Please enter a gift code.", "कृपया गिफ़्ट कोड डालें।"],
  ["Invalid gift code.", "अमान्य गिफ़्ट कोड।"],
  ["This gift code has expired.", "यह गिफ़्ट कोड खत्म हो चुका है।"],
  ["This gift code has reached its claim limit.", "यह गिफ़्ट कोड अपनी क्लेम सीमा तक पहुँच चुका है।"],
  ["You have already claimed this gift code.", "आप यह गिफ़्ट कोड पहले ही क्लेम कर चुके हैं।"],
  [
    "Gift code claimed! {{amount}} has been added to your balance.",
    "गिफ़्ट कोड क्लेम हो गया! {{amount}} आपके शेष में जोड़ दिए गए हैं।",
  ],

  /* ------------------------------------------------------------------- short links */
  ["Short link not found.", "शॉर्ट लिंक नहीं मिला।"],
  ["You have used today's clicks for this link.", "इस लिंक के आज के क्लिक आप इस्तेमाल कर चुके हैं।"],
  [
    "You came back too fast: please complete the short link properly.",
    "आप बहुत जल्दी लौट आए: कृपया शॉर्ट लिंक को ठीक से पूरा करें।",
  ],
  ["This short link has expired. Please start it again.", "यह शॉर्ट लिंक खत्म हो चुका है। कृपया इसे फिर से शुरू करें।"],
  ["This short link was already claimed or is not valid.", "यह शॉर्ट लिंक पहले ही क्लेम हो चुका है या मान्य नहीं है।"],
  ["Unique token is missing.", "यूनिक टोकन नहीं मिला।"],
  ["Proxy Detected", "प्रॉक्सी पकड़ी गई"],
  [
    "Congratulations! {{amount}} has been added to your balance.",
    "बधाई हो! {{amount}} आपके शेष में जोड़ दिए गए हैं।",
  ],
  [
    "The shortener is not answering right now. Please try again later.",
    "शॉर्टनर अभी जवाब नहीं दे रहा है। कृपया बाद में फिर से कोशिश करें।",
  ],

  /* ---------------------------------------------------------- ads and campaigns */
  ["Please select a campaign type.", "कृपया कैंपेन का प्रकार चुनें।"],
  ["Title is a required field", "शीर्षक ज़रूरी है"],
  ["URL is a required field", "URL ज़रूरी है"],
  ["Please enter a valid YouTube video URL", "कृपया YouTube वीडियो का सही URL डालें"],
  ["Please enter a valid URL", "कृपया सही URL डालें"],
  [
    "This URL does not allow embedding in iframe or failed to load.",
    "यह URL iframe में दिखाने की अनुमति नहीं देता या लोड नहीं हो सका।",
  ],
  ["Description is a required field", "विवरण ज़रूरी है"],
  ["Duration is a required field", "अवधि ज़रूरी है"],
  ["Total Views is a required field", "कुल व्यू ज़रूरी हैं"],
  ["Minimum {{n}} Total View Allowed", "कम से कम {{n}} कुल व्यू होने चाहिए"],
  ["Total Views must be greater or equel to {{n}}", "कुल व्यू {{n}} या उससे ज़्यादा होने चाहिए"],
  ["Total Views must not be greater than {{max}}", "कुल व्यू {{max}} से ज़्यादा नहीं हो सकते"],
  ["Interval is a required field", "अंतराल ज़रूरी है"],
  ["Interval must be between {{min}} and {{max}} hours", "अंतराल {{min}} से {{max}} घंटे के बीच होना चाहिए"],
  ["Per Day Limit is a required field", "प्रति दिन सीमा ज़रूरी है"],
  ["Per Day Limit must not be greater than total views", "प्रति दिन सीमा कुल व्यू से ज़्यादा नहीं हो सकती"],
  [
    "Deposit balance is insufficient. Would you like to convert your withdrawal balance to deposit balance or top up your balance?",
    "जमा शेष कम है। क्या आप अपने निकासी योग्य शेष को जमा शेष में बदलना चाहेंगे या अपना शेष टॉप अप करना चाहेंगे?",
  ],
  ["The deposit feature is currently unavailable", "जमा करने की सुविधा अभी उपलब्ध नहीं है"],
  ["Your campaign has been successfully submitted.", "आपका कैंपेन सफलतापूर्वक सबमिट हो गया है।"],
  ["Campaign paused successfully!", "कैंपेन रोक दिया गया!"],
  ["Campaign activated successfully!", "कैंपेन सफलतापूर्वक सक्रिय हो गया!"],
  ["Campaign deleted successfully!", "कैंपेन हटा दिया गया!"],
  ["Operation failed. Please try again.", "काम पूरा नहीं हो सका। कृपया फिर से कोशिश करें।"],
  ["Campaign not found.", "कैंपेन नहीं मिला।"],
  ["This campaign cannot be activated.", "यह कैंपेन सक्रिय नहीं किया जा सकता।"],
  ["This campaign cannot be paused.", "यह कैंपेन रोका नहीं जा सकता।"],
  ["View not found.", "व्यू नहीं मिला।"],
  ["Invalid campaign.", "अमान्य कैंपेन।"],
  [
    "The ad's timer has not ended yet. Keep the ad open until the timer ends, then come back to this tab.",
    "विज्ञापन का टाइमर अभी पूरा नहीं हुआ है। टाइमर पूरा होने तक विज्ञापन खुला रखें, फिर इस टैब पर वापस आएँ।",
  ],
  [
    "This ad view has ended: it was started again, or not claimed within 30 minutes of its timer. Press View Ad to start again.",
    "यह विज्ञापन व्यू खत्म हो गया: इसे फिर से शुरू किया गया, या टाइमर के 30 मिनट के अंदर क्लेम नहीं किया गया। फिर से शुरू करने के लिए विज्ञापन देखें दबाएँ।",
  ],
  [
    "This ad view has already been paid. Choose another ad, or view this one again when it is listed.",
    "इस विज्ञापन व्यू का भुगतान पहले ही हो चुका है। कोई दूसरा विज्ञापन चुनें, या यह विज्ञापन सूची में फिर आने पर देखें।",
  ],
  [
    "This ad link does not match an ad view you started. Press View Ad on the PTC Ads page to start again.",
    "यह विज्ञापन लिंक आपके शुरू किए किसी विज्ञापन व्यू से मेल नहीं खाता। फिर से शुरू करने के लिए PTC विज्ञापन पेज पर विज्ञापन देखें दबाएँ।",
  ],
  [
    "You viewed this ad recently. It is listed again once its waiting time has passed.",
    "आपने यह विज्ञापन हाल ही में देखा है। इंतज़ार का समय पूरा होने पर यह फिर से सूची में आएगा।",
  ],
  [
    "This ad has had all its views for today. Please choose another ad or try again tomorrow.",
    "इस विज्ञापन के आज के सभी व्यू पूरे हो गए हैं। कृपया कोई दूसरा विज्ञापन चुनें या कल फिर कोशिश करें।",
  ],
  [
    "This ad is no longer available. Please choose another ad.",
    "यह विज्ञापन अब उपलब्ध नहीं है। कृपया कोई दूसरा विज्ञापन चुनें।",
  ],
  [
    "This is your own ad: you cannot earn from viewing it.",
    "यह आपका अपना विज्ञापन है: इसे देखकर आप कमाई नहीं कर सकते।",
  ],

  /* ---------------------------------------------------------------- task walls */
  ["The demo wall is not available.", "डेमो वॉल उपलब्ध नहीं है।"],
  ["Offer not found.", "ऑफ़र नहीं मिला।"],
  ["You can complete offers only for yourself.", "आप सिर्फ़ अपने लिए ही ऑफ़र पूरे कर सकते हैं।"],
  ["You have completed this offer already.", "आप यह ऑफ़र पहले ही पूरा कर चुके हैं।"],
  ["Offer completed: ₹{{reward}} is on its way.", "ऑफ़र पूरा हुआ: ₹{{reward}} आप तक पहुँच रहे हैं।"],
  [
    "The demo network's postback was not accepted ({{verdict}}).",
    "डेमो नेटवर्क का पोस्टबैक स्वीकार नहीं हुआ ({{verdict}})।",
  ],
];
