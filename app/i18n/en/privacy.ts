/**
 * Consent and adults only (issue 44 §1, §3): the privacy notice (versioned in
 * shared/privacyNotice.ts: change these words, then raise PRIVACY_NOTICE_VERSION), the sign-up's
 * consent and age fields, the step a member sees when a new notice (or an age answer) is due, the
 * Privacy section of Settings and the owner's age-check form.
 */
const privacy = {
  notice: {
    heading: "Privacy notice",
    version: "Version {{version}}",
    intro:
      "Before you create an account, here is what we collect about you, why, and what happens if you withdraw your consent. Items marked required are needed to run your account; the optional ones are your choice and you can change them at any time in Settings.",
    required: "Required",
    optional: "Optional",
    collected: "What we collect",
    why: "Why",
    withdrawing: "If you withdraw",
    purposes: {
      account: {
        title: "Your account",
        collected:
          "Your name, e-mail address, mobile number, password (stored only as a hash), language and date of birth.",
        why: "To create your account, sign you in, check you are 18 or older, and keep the record of what you earn.",
        withdrawing: "Your account is closed: you can no longer sign in, earn or withdraw.",
      },
      payouts: {
        title: "Payouts",
        collected:
          "The payout accounts you bind (UPI ID, Paytm number or bank account), your address, and your PAN if the site must deduct tax.",
        why: "To pay your withdrawals to you and to keep the records the tax law requires.",
        withdrawing:
          "We can no longer pay you. Payouts need this data, so it is withdrawn only by closing your account.",
      },
      risk: {
        title: "Fraud prevention",
        collected:
          "Your IP address, a device cookie, and checks of whether your connection is a proxy or VPN.",
        why: "To stop fake and duplicate accounts and protect the money members earn.",
        withdrawing:
          "We cannot keep the site safe for your account, so it is withdrawn only by closing your account.",
      },
      service_mail: {
        title: "Service e-mails",
        collected: "Your e-mail address and language.",
        why: "To send what your account needs: verifying your e-mail, password resets, withdrawal and support replies, and notices the law requires.",
        withdrawing:
          "You would miss mails your account needs, so it is withdrawn only by closing your account.",
      },
      marketing_mail: {
        title: "Offers and announcements by e-mail",
        collected: "Your e-mail address and language.",
        why: "To tell you about new offers, contests and site news.",
        withdrawing: "We stop sending you offers and announcements by e-mail. Service e-mails still come.",
      },
    },
    analyticsTitle: "Analytics",
    analytics:
      "We use no analytics or advertising trackers. No data about you is sold or shared for advertising.",
    rights:
      "You can download your data, correct it, withdraw optional consent or close your account from Settings, and complain to our grievance officer.",
    fullPolicy: "Read the full <policy>Privacy Policy</policy>.",
  },
  signup: {
    accept: "I have read the privacy notice and agree to the required purposes",
    acceptRequired: "Please read the privacy notice and accept it to create your account.",
    marketing: "Send me offers and announcements by e-mail (optional)",
    dateOfBirth: "Date of birth",
    dateOfBirthHint: "You must be 18 years of age or older.",
    declaration: "I am 18 years of age or older",
  },
  step: {
    title: "Please confirm",
    heading: "Before you continue",
    newNotice: "Our privacy notice has changed. Please read version {{version}} and accept it to continue.",
    firstNotice: "Please read our privacy notice and accept it to continue.",
    age: "This site is for adults only. Please tell us your age.",
    submit: "Accept and continue",
    underAgeHeading: "This site is for adults only",
    underAge:
      "You must be 18 years of age or older to use this site. Your account cannot earn or withdraw, and you have been signed out. If this is a mistake, contact our <grievance>grievance officer</grievance>.",
  },
  settings: {
    heading: "Privacy",
    intro:
      "What you agreed to under privacy notice version {{version}}. Withdrawing consent is as easy as giving it.",
    given: "Given",
    withdrawn: "Not given",
    since: "since {{date}}",
    requiredNote: "Needed to run your account. To withdraw it, close your account in <data>Your data</data>.",
    withdraw: "Withdraw consent",
    give: "Give consent",
    stops: "Withdrawing stops: {{what}}",
    readNotice: "Read the privacy notice",
  },
};

export default privacy;
