/**
 * Members' data rights (issue 44 §2): the "Your data" page — what the site holds, the download of
 * it as one file, where to correct it, and deleting the account with its confirm step.
 */
const rights = {
  titles: {
    page: "Your data",
    erase: "Delete my account",
  },
  page: {
    heading: "Your data",
    intro:
      "Everything we hold about you. You can download it as one file, correct your profile, or delete your account.",
    settingsLink: "Your data: download it, correct it or delete your account",
    empty: "Nothing here.",
    more: "Showing the newest {{count}}; the download holds all of it.",
    value: "Value",
  },
  sections: {
    profile: "Profile",
    payoutAccounts: "Payout accounts",
    balances: "Balances (milli-rupees)",
    ledger: "Ledger entries",
    withdrawals: "Withdrawals",
    conversions: "Conversions",
    adViews: "Ad views",
    shortLinks: "Short links",
    taskWallCredits: "Task wall credits",
    giftCodes: "Gift codes",
    games: "Games",
    supportMessages: "Support messages",
    sessions: "Sessions",
    signIns: "Sign-ins",
    devices: "Devices",
    addresses: "Addresses",
    consents: "Consents",
    age: "Age answer",
    tax: "PAN and tax withheld",
    risk: "Risk signals",
    corrections: "Corrections",
    requests: "Your requests",
  },
  download: {
    heading: "Download my data",
    text: "One JSON file with everything above, for you to keep or take elsewhere. We prepare it in the background and offer it here; the link works for 24 hours and for one download. We also mail you when it is ready.",
    button: "Download my data",
    asked: "We are preparing your file. It will be offered here, and we will mail you, when it is ready.",
    pending: "Your file is being prepared. Open this page again in a minute.",
    ready: "Your file is ready.",
    link: "Download the file",
    expires: "The link works once, until {{time}}.",
  },
  correct: {
    heading: "Correct your data",
    text: "Change your name, address, number and payout details on the Profile page, and your e-mail on the Settings page. Every change is logged: which field and when, with the values masked.",
    link: "Open Profile",
  },
  erase: {
    heading: "Delete my account",
    text: "Close your account and erase your personal data. You are shown what happens to your balance first.",
    start: "Delete my account…",
    confirmHeading: "Delete your account?",
    balance:
      "Your balance — withdrawable {{withdrawable}}, deposit {{deposit}} — will be forfeited. Withdraw it first if you can.",
    noBalance: "You have no balance to lose.",
    debt: "You owe {{amount}}. The debt stays in our books against a number that no longer names you.",
    pending:
      "A withdrawal of yours is waiting to be paid. Wait until it is paid, or cancel it, then delete your account.",
    kept: "We keep what the law and our books require: ledger entries (amounts, kinds, times) under a number that no longer names you, tax records for the period the tax law requires, and logs for one year. Everything else is erased: your name, e-mail, number, address, payout details, sessions, devices and messages.",
    signedOut:
      "You will be signed out everywhere and cannot sign in again. You may sign up again later with the same e-mail, as a new member.",
    confirmBox: "I understand: delete my account.",
    password: "Your password",
    code: "The code we mailed you",
    sendCode: "Mail me a code",
    codeSent: "We mailed you a code. Enter it below to confirm.",
    submit: "Delete my account",
    cancel: "Cancel",
    done: "Your account is deleted.",
  },
};

export default rights;
