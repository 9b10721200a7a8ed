import type { Catalogue } from "../en";

/** Shared across pages: buttons, states, pagination, toasts, confirm steps, errors boundaries. Hindi (docs/hindi-glossary.md). */
const common: Catalogue["common"] = {
  titles: {
    notFound: "पेज नहीं मिला",
    logout: "लॉग आउट",
  },
  genericFailure: "कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें।",
  errors: {
    goHome: "होम पर जाएँ",
    notFound: {
      title: "पेज नहीं मिला",
      text: "आप जो पेज ढूँढ रहे हैं, वह मौजूद नहीं है या कहीं और चला गया है।",
    },
    refused: {
      title: "अनुरोध अस्वीकार हुआ",
      text: "यह अनुरोध अस्वीकार कर दिया गया। कृपया इसी साइट से पेज फिर से खोलें और दोबारा कोशिश करें।",
    },
    tooLarge: {
      title: "अनुरोध बहुत बड़ा है",
      text: "आपने जो भेजा, वह बहुत बड़ा है। कृपया कम भेजें और फिर से कोशिश करें।",
    },
    invalid: {
      title: "अमान्य अनुरोध",
      text: "अनुरोध पढ़ा नहीं जा सका। कृपया जो भरा है उसे जाँचें और फिर से कोशिश करें।",
    },
    upgrade: {
      title: "अपना ब्राउज़र अपडेट करें",
      chat: "सहायता से चैट करें",
      wrong: "कुछ गड़बड़ हो गई।",
      text: "कृपया अपना ब्राउज़र (Chrome या Safari) नए वर्ज़न पर अपडेट करें और यह पेज फिर से खोलें।",
    },
  },
  forms: {
    showPassword: "पासवर्ड दिखाएँ",
    hidePassword: "पासवर्ड छिपाएँ",
    show: "दिखाएँ",
    hide: "छिपाएँ",
    processing: "प्रोसेस हो रहा है",
    processingDots: "प्रोसेस हो रहा है...",
    confirmPassword: "पासवर्ड की पुष्टि करें",
  },
  pagination: {
    label: "पेज",
    prev: "पिछला",
    next: "अगला",
  },
  logout: {
    heading: "क्या आप सच में लॉग आउट करना चाहते हैं?",
    text: "फिर से लॉग इन करने के लिए आपको अपना पासवर्ड (या Google) चाहिए होगा।",
    cancel: "रद्द करें",
    confirm: "हाँ, लॉग आउट करें",
    link: "लॉग आउट",
    canceled: "लॉग आउट रद्द किया गया",
    success: "लॉग आउट हो गया!",
  },
  alreadyLoggedIn: "आप पहले से लॉग इन हैं",
  toast: {
    timeRemaining: "बचा समय: {{time}}",
  },
  copy: {
    copied: "कॉपी हो गया",
  },
  install: {
    button: "ऐप इंस्टॉल करें",
    heading: "इस ऐप को अपनी होम स्क्रीन पर जोड़ें",
    region: "होम स्क्रीन पर जोड़ें",
    close: "बंद करें",
    android: "Android (Chrome)",
    androidSteps: {
      menu: "ऊपर दाईं ओर ⋮ मेन्यू पर टैप करें।",
      add: "Add to Home screen (या Install app) पर टैप करें।",
      confirm: "Add पर टैप करें।",
    },
    iphone: "iPhone (Safari)",
    iphoneSteps: {
      share: "नीचे Share बटन पर टैप करें।",
      scroll: "नीचे स्क्रॉल करें और Add to Home Screen पर टैप करें।",
      confirm: "Add पर टैप करें।",
    },
  },
  network: {
    offline: "आप ऑफ़लाइन हैं",
    offlineText: "अपना इंटरनेट कनेक्शन जाँचें। कनेक्शन लौटते ही यह पेज अपने-आप वापस आ जाएगा।",
    online: "आप ऑनलाइन हैं",
  },
  humanCheck: {
    required: "कृपया पुष्टि करें कि आप इंसान हैं!",
    loadFailed: "इंसान होने की जाँच लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और पेज फिर से लोड करें।",
    pictureAlt: "टाइप करने के लिए अक्षरों की तस्वीर",
    pictureLabel: "तस्वीर में दिख रहे अक्षर टाइप करें",
  },
  restriction: {
    earning: "आपके खाते पर कमाई रोक दी गई है",
    withdrawals: "आपकी निकासी रोकी गई है",
    support: "सहायता पेज पर जाएँ",
  },
  earningsSummary: "कमाई का सारांश",
  stats: {
    label: "हमारे आँकड़े",
    users: "रजिस्टर्ड सदस्य",
    userCompletedTask: "पूरे हुए टास्क",
    visitorsLast30Days: "पिछले 30 दिनों में विज़िटर",
    totalWithdrawalAmount: "कुल निकासी",
    /** The Indian units of the figures: '4.8 लाख+', '1.2 करोड़+'. */
    lakh: "लाख",
    crore: "करोड़",
  },
  instructions: "निर्देश",
  policyUpdating: "यह पेज अपडेट हो रहा है। कृपया थोड़ी देर बाद फिर देखें।",
  faq: {
    heading: "अक्सर पूछे जाने वाले सवाल",
    empty: "अभी कोई सवाल नहीं है। नीचे दिए संपर्क फ़ॉर्म से हमें लिखें।",
  },
  secondFactor: {
    code: "अपने ऑथेंटिकेटर ऐप से 6 अंकों का कोड डालें।",
    expired: "आपका साइन-इन समाप्त हो गया है। कृपया फिर से लॉग इन करें।",
    form: "ऑथेंटिकेटर कोड",
    label: "ऑथेंटिकेटर कोड",
    verify: "पुष्टि करें",
  },
  withdrawalStatus: {
    Pending: "लंबित",
    Success: "सफल",
    Reject: "अस्वीकृत",
  },
  messageStatus: {
    open: "खुला",
    answered: "जवाब दिया गया",
    closed: "बंद",
  },
  taskWallSummary: {
    today: "आज की कमाई",
    total: "कुल टास्क वॉल",
    completed: "पूरे हुए",
  },
  pendingCredits: {
    title: "टास्क वॉल के लंबित क्रेडिट:",
    text: "कुछ टास्क वॉल के क्रेडिट निकासी से पहले कुछ दिनों तक रोके जाते हैं, क्योंकि ऑफ़र वापस लिया जा सकता है।",
    from: "{{wall}} से <amount>{{amount}}</amount>",
    until: "{{time}} तक लंबित",
  },
  comingSoon: {
    member: "सदस्य",
    title: "जल्द आ रहा है",
    text: "यह सेक्शन जल्द आ रहा है। तब तक अपने डैशबोर्ड से कमाई जारी रखें।",
    dashboard: "डैशबोर्ड पर जाएँ",
  },
};

export default common;
