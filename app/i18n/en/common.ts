/** Shared across pages: buttons, states, pagination, toasts, confirm steps, errors boundaries. English: the specification's words verbatim. */
const common = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {
    notFound: "Page Not Found",
    logout: "LogOut",
  },
  /** The spec's one failure message (shared/messages GENERIC_FAILURE). */
  genericFailure: "Something went wrong, please try again.",
  errors: {
    goHome: "Go Home",
    notFound: {
      title: "Page Not Found",
      text: "The page you are looking for does not exist or has moved.",
    },
    refused: {
      title: "Request Refused",
      text: "This request was refused. Please open the page again from this site and retry.",
    },
    tooLarge: {
      title: "Request Too Large",
      text: "What you sent is too large. Please send less and try again.",
    },
    invalid: {
      title: "Invalid Request",
      text: "The request could not be read. Please check what you entered and try again.",
    },
    upgrade: {
      title: "Upgrade Your Browser",
      chat: "Chat with Support",
      wrong: "Something went wrong.",
      text: "Please update your browser (Chrome or Safari) to the latest version and open this page again.",
    },
  },
  forms: {
    showPassword: "Show password",
    hidePassword: "Hide password",
    show: "Show",
    hide: "Hide",
    processing: "Processing",
    processingDots: "Processing...",
    /** The one name of the field that repeats a chosen password: sign-up, reset and settings. */
    confirmPassword: "Confirm Password",
  },
  pagination: {
    label: "Pagination",
    prev: "Prev",
    next: "Next",
  },
  logout: {
    heading: "Are you sure you want to log out?",
    text: "You will need your password (or Google) to log in again.",
    cancel: "Cancel",
    confirm: "Yes, Log Out",
    link: "LogOut",
    canceled: "LogOut canceled",
    success: "LogOut success!",
  },
  alreadyLoggedIn: "You Already Logged In",
  toast: {
    timeRemaining: "Time remaining: {{time}}",
  },
  copy: {
    copied: "Copied",
  },
  install: {
    button: "Install App",
    heading: "Add this app to your home screen",
    region: "Add to Home Screen",
    close: "Close",
    android: "Android (Chrome)",
    androidSteps: {
      menu: "Tap the ⋮ menu at the top right.",
      add: "Tap Add to Home screen (or Install app).",
      confirm: "Tap Add.",
    },
    iphone: "iPhone (Safari)",
    iphoneSteps: {
      share: "Tap the Share button at the bottom.",
      scroll: "Scroll down and tap Add to Home Screen.",
      confirm: "Tap Add.",
    },
  },
  network: {
    offline: "You are Offline",
    offlineText: "Check your internet connection. This page comes back by itself.",
    online: "You are Online",
  },
  humanCheck: {
    required: "Please verify that you are a human!",
    loadFailed: "The human check could not load. Please check your connection and reload the page.",
    pictureAlt: "Picture of characters to type",
    pictureLabel: "Type the characters in the picture",
  },
  restriction: {
    earning: "Earning is suspended on your account",
    withdrawals: "Your withdrawals are on hold",
    support: "Go to the Support page",
  },
  earningsSummary: "Earnings summary",
  stats: {
    label: "Our numbers",
    users: "Registered Members",
    userCompletedTask: "Tasks Completed",
    visitorsLast30Days: "Visitors in the Last 30 Days",
    totalWithdrawalAmount: "Total Withdrawn",
    /** The Indian units of the figures: '4.8 lakh+', '1.2 crore+'. */
    lakh: "lakh",
    crore: "crore",
  },
  instructions: "Instructions",
  policyUpdating: "This page is being updated. Please check back soon.",
  faq: {
    heading: "Frequently Asked Questions",
    empty: "No questions yet. Write to us from the contact form below.",
  },
  secondFactor: {
    code: "Enter the 6-digit code from your authenticator app.",
    expired: "Your sign-in has expired. Please log in again.",
    form: "Authenticator code",
    label: "Authenticator Code",
    verify: "Verify",
  },
  /** Withdrawal statuses (spec words: Pending yellow, Success green, Reject red). */
  withdrawalStatus: {
    Pending: "Pending",
    Success: "Success",
    Reject: "Reject",
  },
  /** Support message statuses. */
  messageStatus: {
    open: "Open",
    answered: "Answered",
    closed: "Closed",
  },
  taskWallSummary: {
    today: "Today Earnings",
    total: "Total TaskWalls",
    completed: "Completed",
  },
  pendingCredits: {
    title: "Pending task-wall credits:",
    text: "Credits from some task walls are held for a few days before you can withdraw them, in case the offer is reversed.",
    from: "<amount>{{amount}}</amount> from {{wall}}",
    until: "pending until {{time}}",
  },
  comingSoon: {
    member: "Member",
    title: "Coming soon",
    text: "This section is on its way. Meanwhile, keep earning from your dashboard.",
    dashboard: "Go to Dashboard",
  },
};

export default common;
