import type { Catalogue } from "../en";

/** The shell in Hindi (en/shell.ts). */
const shell: Pick<Catalogue, "language" | "nav" | "memberMenu" | "memberBar" | "footer"> = {
  language: {
    switch: "भाषा",
  },
  nav: {
    home: "होम",
    faq: "FAQ",
    contactUs: "संपर्क करें",
    paymentsProof: "भुगतान के प्रमाण",
    dashboard: "डैशबोर्ड",
    login: "लॉग इन",
    signUp: "साइन अप",
    menu: "मेन्यू",
    main: "मुख्य",
    mainMobile: "मुख्य (मोबाइल)",
    siteHome: "{{siteName}} होम",
  },
  memberMenu: {
    title: "सदस्य मेन्यू",
    home: "होम",
    profile: "प्रोफ़ाइल",
    advertiser: "विज्ञापनदाता",
    dashboard: "डैशबोर्ड",
    withdraw: "निकासी",
    balanceConverter: "शेष परिवर्तन",
    referAndEarn: "रेफ़र करें और कमाएँ",
    giftCode: "गिफ़्ट कोड",
    ptcAds: "PTC विज्ञापन",
    clickShortLink: "शॉर्ट लिंक क्लिक करें",
    taskWalls: "टास्क वॉल",
    bettingGames: "बेटिंग गेम्स",
    support: "सहायता",
    settings: "सेटिंग्स",
  },
  memberBar: {
    menu: "मेन्यू",
    availableBalance: "उपलब्ध शेष:",
    profile: "प्रोफ़ाइल",
    loading: "लोड हो रहा है",
    console: "ऑपरेटर कंसोल",
  },
  footer: {
    tagline:
      "अपने खाली समय में असली पैसे कमाएँ — विज्ञापन देखें, लिंक खोलें, टास्क पूरे करें और UPI, Paytm या अपने बैंक में निकासी करें।",
    rated: "हमारे समीक्षकों ने 5 में से {{rating}} रेटिंग दी है",
    outOfFive: "5 में से · समीक्षाएँ",
    information: "जानकारी",
    privacyPolicy: "गोपनीयता नीति",
    termsOfUse: "उपयोग की शर्तें",
    dmca: "DMCA",
    grievanceOfficer: "शिकायत अधिकारी",
    followAndShare: "फ़ॉलो करें और शेयर करें",
    footer: "फ़ुटर",
    rights: "© 2025 {{siteName}}. सर्वाधिकार सुरक्षित।",
    shareText: "{{siteName}} के साथ ऑनलाइन पैसे कमाएँ",
  },
};

export default shell;
