import type { Catalogue } from "../en";

/** The payer's tax (issue 44 §6), in Hindi: the same keys as en/tax.ts. */
const tax: Catalogue["tax"] = {
  titles: {
    page: "टैक्स",
    certificate: "टैक्स प्रमाणपत्र",
  },
  page: {
    heading: "टैक्स",
    intro:
      "भुगतान करने वाले के रूप में हमें आपको दी जाने वाली कुछ राशि से टैक्स (TDS) काटना होता है और उसे आपके PAN के साथ दर्ज करना होता है। टैक्स निकासी का अनुरोध करते समय उसी निकासी से काटा जाता है, और पुष्टि से पहले दिखाया जाता है।",
    off: "अभी इस साइट पर कोई टैक्स नहीं काटा जाता।",
    notAdvice: "यह पेज टैक्स सलाह नहीं है।",
  },
  pan: {
    heading: "आपका PAN",
    label: "PAN",
    hint: "पाँच अक्षर, चार अंक, एक अक्षर, जैसा आपके PAN कार्ड पर है (चौथा अक्षर P है)।",
    saved: "सहेजा गया: {{pan}}",
    none: "अभी कोई PAN सहेजा नहीं गया। PAN के बिना टैक्स ऊँची दर से कटता है।",
    save: "PAN सहेजें",
    success: "PAN सहेजा गया।",
    required: "इस वित्त वर्ष में आपकी निकासी {{amount}} से ज़्यादा होने पर PAN ज़रूरी है।",
    format: "कृपया सही PAN डालें: पाँच अक्षर, चार अंक, एक अक्षर (जैसे ABCPE1234F)।",
  },
  totals: {
    heading: "यह वित्त वर्ष ({{fy}})",
    kind: "आय",
    gross: "कमाई",
    tax: "कटा टैक्स",
    withdrawn: "इस वर्ष निकाला गया: {{amount}}",
  },
  due: {
    heading: "आपकी अगली निकासी पर टैक्स",
    none: "आपकी अगली निकासी पर कोई टैक्स नहीं है।",
    total: "आपकी अगली निकासी से {{amount}} टैक्स के रूप में कटेगा:",
    line: "{{kind}}: {{gross}} का {{rate}}% = {{tax}}",
  },
  kinds: {
    task: "टास्क की कमाई",
    referral: "रेफ़रल कमीशन",
    prize: "गेम के इनाम",
    adjustment: "समायोजन",
  },
  certificates: {
    heading: "प्रमाणपत्र",
    none: "अभी तक आपसे कोई टैक्स नहीं काटा गया।",
    link: "{{fy}}, तिमाही {{quarter}}: {{tax}}",
  },
  certificate: {
    heading: "काटे गए टैक्स का प्रमाणपत्र",
    period: "वित्त वर्ष {{fy}}, तिमाही {{quarter}}",
    member: "सदस्य",
    memberId: "सदस्य ID",
    pan: "PAN",
    noPan: "नहीं दिया गया",
    date: "तारीख़",
    kind: "आय",
    gross: "राशि",
    rate: "दर",
    tax: "कटा टैक्स",
    withdrawal: "निकासी",
    total: "कुल",
    none: "इस तिमाही में कुछ नहीं काटा गया।",
    print: "प्रिंट करें",
    back: "टैक्स पेज पर वापस",
  },
  withdraw: {
    gross: "राशि",
    tax: "कटा टैक्स (TDS)",
    net: "आपको मिलेगा",
    exceedsTitle: "राशि बहुत कम है",
    exceeds:
      "इस वित्त वर्ष की आपकी आय पर {{amount}} टैक्स बनता है और यह इसी निकासी से कटता है: कृपया इससे ज़्यादा राशि निकालें।",
    panTitle: "PAN ज़रूरी है",
    taxPage: "टैक्स और PAN",
    recordTax: "माँगी गई राशि {{gross}}, कटा टैक्स {{tax}}",
  },
};

export default tax;
