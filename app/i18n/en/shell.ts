/** The shell: the language switch, the top bar, the member menu and bar, the footer. */
const shell = {
  language: {
    /** The switch's group name (screen readers); the options are each language's own name. */
    switch: "Language",
  },
  nav: {
    home: "Home",
    faq: "FAQ",
    contactUs: "Contact Us",
    paymentsProof: "Payments Proof",
    dashboard: "Dashboard",
    login: "Login",
    signUp: "Sign Up",
    menu: "Menu",
    main: "Main",
    mainMobile: "Main (mobile)",
    siteHome: "{{siteName}} home",
  },
  memberMenu: {
    title: "Member Menu",
    home: "Home",
    profile: "Profile",
    advertiser: "Advertiser",
    dashboard: "Dashboard",
    withdraw: "Withdraw",
    balanceConverter: "Balance Converter",
    referAndEarn: "Refer & Earn",
    giftCode: "GiftCode",
    ptcAds: "PTC Ads",
    clickShortLink: "Click Short Link",
    taskWalls: "Task Walls",
    bettingGames: "Betting Games",
    support: "Support",
    settings: "Settings",
  },
  memberBar: {
    menu: "Menu",
    availableBalance: "Available Balance:",
    profile: "Profile",
    loading: "Loading",
    /** Beside the member menu, for an operator only. */
    console: "Operator console",
  },
  footer: {
    tagline:
      "Earn real money in your free time — view ads, open links, complete tasks and withdraw to UPI, Paytm or your bank.",
    rated: "Rated {{rating}} out of 5 by our reviewers",
    outOfFive: "out of 5 · Reviews",
    information: "Information",
    privacyPolicy: "Privacy Policy",
    termsOfUse: "Terms of Use",
    dmca: "DMCA",
    grievanceOfficer: "Grievance Officer",
    followAndShare: "Follow and share",
    footer: "Footer",
    rights: "© 2025 {{siteName}}. All rights reserved.",
    shareText: "Earn money online with {{siteName}}",
  },
};

export default shell;
