/** The public pages: home, FAQ, contact, payment proof, login, sign-up, passwords, e-mail verification, policies. English: the specification's words verbatim. */
const pub = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {
    home: "Earn Money Online in India",
    contactUs: "Contact Us",
    dmca: "DMCA Policy",
    forgotPassword: "Forgot Password",
    login: "Login",
    resetPassword: "Reset Password",
    paymentProof: "Payment Proof",
    privacyPolicy: "Privacy Policy",
    signUp: "Sign Up",
    termsOfUse: "Terms of Use",
    grievance: "Grievance Officer",
  },
  /** The grievance officer's page (issue 44; IT Rules 2021, rule 3(2)). */
  grievance: {
    heading: "Grievance Officer",
    intro:
      "If you have a complaint about this site, your account or your data, write to our grievance officer. We acknowledge every complaint within {{hours}} hours and resolve it within {{days}} days.",
    officer: "Our grievance officer",
    name: "Name",
    email: "E-mail",
    address: "Address",
    notNamed:
      "The grievance officer has not been named yet. Your complaint still reaches the people who run this site through the form below.",
    form: "File a grievance",
    received: "Your grievance is received",
    reference: "Your reference: {{reference}}. Keep it to follow up.",
    resolveBy: "We will resolve it by {{date}}.",
  },
  /** A used or expired link from a mail (password reset, e-mail verification). */
  tokenFailed: "Token Verification Failed!",
  home: {
    heading: "Earn money online in your free time",
    intro:
      "View ads, open short links, complete simple tasks and play games. Withdraw from ₹50 to UPI, Paytm or your bank account.",
    startEarning: "Start Earning Now",
    learnMore: "Learn More",
    /** The operator's home sections (screen readers). */
    sections: "Why members choose us",
  },
  contact: {
    heading: "Contact Us",
    intro:
      "Questions about your earnings, a withdrawal or your account? Send us a message and we will reply by e-mail, usually within one working day.",
    form: "Contact form",
    name: "Name",
    emailAddress: "Email Address",
    mobileNumber: "Mobile Number",
    subject: "Subject",
    message: "Message",
    consent: "I agree to the <terms>Terms of Use</terms> and the <privacy>Privacy Policy</privacy>.",
    send: "Send Message",
    success: "Thank you! Your message has been successfully received. We will be in touch with you shortly.",
  },
  paymentProof: {
    heading: "Payment Proof",
    intro: "The latest withdrawals we have paid to our members.",
    time: "Time",
    userName: "User Name",
    method: "Withdrawal Method",
    balance: "Balance",
    empty: "No payment records found.",
  },
  login: {
    heading: "Login",
    twoStep: "Two-step sign-in",
    welcome: "Welcome back! Log in to keep earning.",
    closed: "This account is closed.",
    appeal: "To appeal, write to us through the <go>Contact Us page</go>.",
    form: "Login",
    emailOrUsername: "Email or Username",
    password: "Password",
    rememberMe: "Remember Me",
    forgotPassword: "I Forgot My Password",
    submit: "Login",
    google: "Login With Google",
    newHere: "New here? <go>Register</go>",
    success: "Login Success!",
    /** The one-account-per-device rule (the remembered account's e-mail). */
    accountSwitching: "Account switching is restricted. Please log in with {{email}}.",
  },
  forgot: {
    heading: "Forgot Password",
    intro: "Enter your account e-mail and we will send you a link to reset your password.",
    email: "Email",
    send: "Send Reset Link",
    backToLogin: "Back to Login",
    alreadySent: "Reset link already sent",
    /** The countdown (mm:ss) in <countdown>. */
    tryAgainAfter: "Try again after <countdown>{{time}}</countdown>",
    requestFailed: "Request Failed",
    sent: "Password reset link sent successfully.",
    close: "Close",
  },
  reset: {
    heading: "Reset Password",
    intro: "Choose a new password for your account.",
    newPassword: "New Password",
    submit: "Reset Password",
    success: "Password reset successfully.",
    error: "Error!",
  },
  signup: {
    heading: "Sign Up",
    intro: "Create your free account and start earning today.",
    form: "Sign Up",
    name: "Name",
    mobileNumber: "Mobile Number",
    email: "Email",
    password: "Password",
    terms: "I agree to the <terms>Terms of Use</terms> and the <privacy>Privacy Policy</privacy>",
    submit: "Sign Up",
    google: "Sign Up With Google",
    haveAccount: "Already have an account? <go>Login</go>",
    referredBy: "Referred by {{referrer}}",
    passwordMismatch: "Password & confirm password do not match.",
    termsRequired: "You have to check I agree checkbox for registration",
    success: "user registered successfully!",
    alreadyRegistered: "User Already Registered Please Login",
    tryLater: "Something went wrong please try again after sometime",
    /** The one-account-per-device rule. */
    multipleAccounts: "Multiple accounts from the same IP address are not allowed.",
  },
  google: {
    notConfigured: "Google sign-in is not configured.",
    cancelled: "Google sign-in was cancelled.",
    /** A Google sign-up of an e-mail registered with a password. */
    alreadyRegistered: "You Already Registered Please Login With Password",
  },
  verifyEmail: {
    verifying: "Verifying your e-mail…",
    emailUpdated: "Email updated successfully.",
    verified: "E-mail verified.",
  },
};

export default pub;
