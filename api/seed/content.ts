/**
 * The demo site's public texts: FAQ, home sections, policy pages, announcements, payout methods
 * and page texts. `{site}` is replaced by the configured site name when seeding.
 */

export const FAQ: { question: string; answer: string }[] = [
  {
    question: "How do I earn money on {site}?",
    answer:
      "<p>Sign up for free, then pick any earning route from your member menu: view <strong>PTC Ads</strong>, open <strong>Click Short Links</strong>, complete offers on the <strong>Task Walls</strong>, or play the <strong>Betting Games</strong>. Every completed task is credited to your withdrawable balance straight away, and you can follow your daily earnings on the dashboard.</p>",
  },
  {
    question: "Is it really free to join?",
    answer:
      "<p>Yes. Registration costs nothing and you never have to pay to earn. You only need a valid e-mail address and a 10-digit Indian mobile number. Only one account is allowed per person and per device.</p>",
  },
  {
    question: "What is the minimum withdrawal amount?",
    answer:
      "<p>It depends on the payout method you bind on your profile: <strong>₹50</strong> for UPI, <strong>₹50</strong> for Paytm and <strong>₹200</strong> for Bank Transfer (IMPS). Withdrawals are made in whole rupees from your withdrawable balance.</p>",
  },
  {
    question: "How long does a withdrawal take?",
    answer:
      "<p>Requests are processed oldest first, usually within <strong>24 to 72 hours</strong>. While we check it, the request shows as <em>Pending</em> on your withdraw page; once paid it changes to <em>Success</em> and appears on the Payment Proof page. If a request is rejected the full amount goes back to your withdrawable balance, with a remark explaining why.</p>",
  },
  {
    question: "Which payout methods do you support?",
    answer:
      "<p>We pay to <strong>UPI</strong> (any UPI ID, for example yourname@okbank), <strong>Paytm</strong> (your Paytm-registered mobile number) and <strong>Bank Transfer (IMPS)</strong> (account number, IFSC and the account holder's name). Bind one method on your Profile page before your first withdrawal, and double-check the details: payments sent to a wrong account cannot be recovered.</p>",
  },
  {
    question: "How does the referral programme work?",
    answer:
      "<p>Share your referral link from the <strong>Refer &amp; Earn</strong> page. For every friend who signs up through it you receive <strong>10%</strong> of what they earn from ads, short links, task walls and games, for as long as they stay active. Your friend's earnings are never reduced: the bonus is paid by us. Self-referrals and fake accounts are removed and their earnings forfeited.</p>",
  },
  {
    question: "What are gift codes and where do I find them?",
    answer:
      "<p>Gift codes are bonus codes we publish in announcements, on our social channels and on our video channel. Enter a code on the <strong>GiftCode</strong> page to add its bonus to your balance. Each code can be claimed once per member, has a limited number of claims and an expiry time, so claim it early.</p>",
  },
  {
    question: "What is the difference between the withdrawable and the deposit balance?",
    answer:
      "<p>Your earnings land in the <strong>withdrawable balance</strong>, which you can cash out. The <strong>deposit balance</strong> is used to advertise your own links or videos and to pay game entry fees. Use the Balance Converter to move money between them: Withdraw to Deposit is free, Deposit to Withdraw carries a 5% charge.</p>",
  },
  {
    question: "Why was my account or a task not credited?",
    answer:
      "<p>Tasks are credited only when completed as required: the full ad timer must run, and short links must be opened through to the final page. Using a VPN or proxy, ad blockers, automation tools or several accounts stops earnings and can lead to account suspension. If you believe a task was missed, write to us from the Contact Us page with the time and task name.</p>",
  },
  {
    question: "Can I use {site} on my phone?",
    answer:
      "<p>Yes. The site is built for mobile phones and works well on low-end Android devices and slow connections. You can also add it to your home screen for quick access.</p>",
  },
];

export const HOME_SECTIONS: { title: string; message: string }[] = [
  {
    title: "Earn in your free time",
    message:
      "<p>View short ads, open links and complete simple offers whenever you have a few minutes. Every task shows its reward in rupees before you start, and the money is added to your balance the moment you finish.</p>",
  },
  {
    title: "Withdraw to UPI, Paytm or your bank",
    message:
      '<p>Cash out from just <strong>₹50</strong> through UPI or Paytm, or from <strong>₹200</strong> by IMPS bank transfer. Most withdrawals are paid within 24 to 72 hours, and every payment is listed on our <a href="/payment-proof">Payment Proof</a> page.</p>',
  },
  {
    title: "Invite friends, earn 10% for life",
    message:
      "<p>Share your referral link and receive 10% of everything your friends earn from ads, short links, task walls and games. There is no limit on how many friends you can invite.</p>",
  },
  {
    title: "Safe and transparent",
    message:
      "<ul><li>Your password is stored encrypted and never shared.</li><li>Every rupee you earn or withdraw is recorded in your history.</li><li>Real people answer your questions through the contact form.</li></ul>",
  },
];

export const ANNOUNCEMENTS: { daysAgo: number; message: string }[] = [
  {
    daysAgo: 2,
    message:
      "<p><strong>New task wall added!</strong> Complete app installs and surveys on the new offer wall and earn up to ₹40 per offer. Find it under <em>Task Walls</em>.</p>",
  },
  {
    daysAgo: 9,
    message:
      "<p>Withdrawals by <strong>Bank Transfer (IMPS)</strong> are now available, minimum ₹200. Bind your account number and IFSC on the Profile page.</p>",
  },
  {
    daysAgo: 17,
    message:
      "<p>Referral income is now <strong>10%</strong> of your friends' earnings from ads, short links, task walls and games. Share your link from <em>Refer &amp; Earn</em>.</p>",
  },
  {
    daysAgo: 27,
    message:
      '<p>Welcome to {site}! Please read the <a href="/terms-of-use">Terms of Use</a> before you start earning. Only one account per person is allowed.</p>',
  },
];

export const PAYOUT_METHODS: { name: string; details: string; minimumRupees: number }[] = [
  {
    name: "UPI",
    details:
      "Enter your UPI ID (for example yourname@okaxis). Payments are sent to the name registered with that UPI ID.",
    minimumRupees: 50,
  },
  {
    name: "Paytm",
    details: "Enter the 10-digit mobile number linked to your Paytm wallet or Paytm UPI.",
    minimumRupees: 50,
  },
  {
    name: "Bank Transfer (IMPS)",
    details:
      "Enter your account number, IFSC code and the account holder's name, for example: 123456789012, SBIN0001234, Ravi Kumar.",
    minimumRupees: 200,
  },
];

export const PAGE_TEXTS = {
  referral_page_text:
    "<p>Invite your friends with your personal link. When they sign up and start earning, you receive a share of everything they earn from ads, short links, task walls and games — paid by us, for life, with no limit on the number of friends.</p>",
  withdrawal_instructions: [
    '<p>Bind your payout method and account details on the <a href="/member/profile">Profile</a> page before withdrawing.</p>',
    "<p>Minimum withdrawal: ₹50 by UPI or Paytm, ₹200 by Bank Transfer (IMPS). Amounts are whole rupees.</p>",
    "<p>Requests are paid oldest first, usually {payout_time}. A rejected request is refunded to your withdrawable balance.</p>",
    "<p>Check your account details carefully: money sent to a wrong account cannot be recovered.</p>",
  ],
  convert_instructions: [
    "<p>Withdraw to Deposit is free: use your deposit balance to advertise or to join games.</p>",
    "<p>Deposit to Withdraw carries a 5% charge, shown before you confirm.</p>",
    "<p>Amounts are whole rupees and cannot exceed the balance you convert from.</p>",
  ],
  gift_code_page_message:
    "<p>Gift codes are published in our announcements, on our social channels and on our video channel. Enter a code below to claim its bonus — each code can be claimed once per member, before it expires or runs out.</p>",
} as const;

const PRIVACY = `
<p>This Privacy Policy explains what personal data {site} ("we", "us") collects when you use our website and services, why we collect it, and the choices you have. We process personal data in accordance with the Information Technology Act, 2000, the rules made under it, and the Digital Personal Data Protection Act, 2023. By creating an account or using the site you agree to this policy.</p>
<h3>1. Information we collect</h3>
<ul>
<li><strong>Account details:</strong> your name, e-mail address, 10-digit mobile number, username and a securely hashed password. If you sign in with Google we receive your name and e-mail address from Google.</li>
<li><strong>Profile and payout details:</strong> your address, city, state and PIN code, your chosen payout method and the account information you enter for it (UPI ID, Paytm number or bank account and IFSC).</li>
<li><strong>Activity records:</strong> the tasks you complete, your earnings, conversions, gift code claims, game results, referrals and withdrawals.</li>
<li><strong>Technical data:</strong> your IP address, browser type, device information and the time of your visits, used to keep accounts secure and to prevent fraud.</li>
<li><strong>Messages:</strong> what you send us through the contact form, including your name, e-mail address and mobile number.</li>
</ul>
<h3>2. How we use your information</h3>
<p>We use your data to run your account, credit your earnings, process withdrawals to the payout account you choose, pay referral income, answer your messages, send service e-mails such as password reset and e-mail verification links, and detect abuse such as multiple accounts, automated clicks or the use of proxies. We do not sell your personal data.</p>
<h3>3. Cookies</h3>
<p>We use a session cookie to keep you logged in and a short-lived cookie to show notifications. Advertising partners whose ads or offer walls appear on the site may set their own cookies under their own privacy policies. You can block cookies in your browser, but you will not be able to log in without the session cookie.</p>
<h3>4. Sharing</h3>
<p>We share data only as needed to provide the service: with payment providers and banks to send your withdrawals, with advertising and offer-wall partners to confirm completed tasks (using your member id, not your contact details), with e-mail providers to deliver service e-mails, and with authorities when required by Indian law. The Payment Proof page shows your username, payout method, amount and time for paid withdrawals — never your account details.</p>
<h3>5. Storage and security</h3>
<p>Passwords are stored only as strong one-way hashes. Session tokens are stored hashed and can be revoked by logging out or changing your password. Access to personal data is limited to staff who need it to run the service. No system is perfectly secure, so please use a strong, unique password.</p>
<h3>6. Retention</h3>
<p>We keep your account data while your account is active. Records of earnings and payments are kept for as long as required for accounting, tax and fraud-prevention purposes, even after an account is closed.</p>
<h3>7. Your rights</h3>
<p>You may access and correct your personal data from your Profile and Settings pages, and you may ask us to erase your account or withdraw your consent by writing to us through the <a href="/contact-us">Contact Us</a> page. Some records may have to be kept where the law requires it.</p>
<h3>8. Children</h3>
<p>The service is meant for adults. You must be at least 18 years old to register; we do not knowingly collect data from children.</p>
<h3>9. Grievance officer</h3>
<p>If you have a complaint about how we handle your data, contact our Grievance Officer through the <a href="/contact-us">Contact Us</a> page with the subject "Privacy grievance". We acknowledge complaints within 24 hours and aim to resolve them within 15 days.</p>
<h3>10. Changes to this policy</h3>
<p>We may update this policy from time to time. Significant changes will be announced on your dashboard. Continuing to use the site after a change means you accept the updated policy.</p>
`;

const TERMS = `
<p>These Terms of Use govern your use of {site}. By registering or using the site you agree to them. If you do not agree, please do not use the service.</p>
<h3>1. Eligibility</h3>
<p>You must be at least 18 years old and a resident of India to create an account. Each person may hold only one account, and only one account may be used per device and household internet connection. Accounts are personal and may not be sold, shared or transferred.</p>
<h3>2. Earning</h3>
<p>You can earn by viewing paid-to-click ads, visiting short links, completing offers on task walls, claiming gift codes, referring friends and playing games. The reward for each task is shown before you start and is credited only when the task is fully completed as required (for example, when the ad timer has finished). Rewards from partners' offer walls are credited when the partner confirms completion; we cannot credit offers the partner does not confirm.</p>
<h3>3. Prohibited behaviour</h3>
<ul>
<li>Creating or using more than one account, or referring yourself.</li>
<li>Using VPNs, proxies, emulators, bots, scripts, auto-clickers or any tool that fakes activity.</li>
<li>Blocking ads or tampering with timers, pages or requests.</li>
<li>Providing false personal or payout information.</li>
<li>Abusive, fraudulent or unlawful conduct towards other members, advertisers or our staff.</li>
</ul>
<p>We may withhold earnings gained in breach of these rules, reject related withdrawals and suspend or close the accounts involved.</p>
<h3>4. Balances and withdrawals</h3>
<p>Earnings are added to your withdrawable balance. You may withdraw in whole rupees to the payout method bound on your profile once you reach that method's minimum (₹50 for UPI and Paytm, ₹200 for Bank Transfer (IMPS)). Withdrawals are normally processed within 24 to 72 hours. A rejected withdrawal is refunded to your withdrawable balance. You are responsible for entering correct payout details; we cannot recover payments sent to details you provided. Balances are not bank deposits, carry no interest and have no value outside the service until withdrawn.</p>
<h3>5. Deposit balance, advertising and games</h3>
<p>The deposit balance can be used to buy ad views for your own links or videos and to pay game entry fees. Converting from the deposit balance to the withdrawable balance carries a 5% charge. Advertisements must be lawful and must not contain adult content, malware, misleading claims or material that infringes the rights of others; we may pause or remove any campaign, refunding undelivered views. Games are games of skill between members; where real-money games are restricted by the law of your state, you must not take part.</p>
<h3>6. Referrals and gift codes</h3>
<p>Referral income is a share of your referred friends' earnings, paid by us at the rate shown on the Refer &amp; Earn page. Gift codes can be claimed once per member, within their claim limit and before they expire.</p>
<h3>7. Taxes</h3>
<p>You are responsible for declaring your income from the service and paying any taxes due on it under Indian law.</p>
<h3>8. Suspension and termination</h3>
<p>You may stop using the service at any time. We may suspend or close accounts that break these terms or the law. Legitimately earned balances of accounts closed without a breach are paid out on request, subject to the minimum withdrawal amounts.</p>
<h3>9. Disclaimer and liability</h3>
<p>The service is provided "as is". We do not guarantee any level of earnings or that tasks will always be available. To the extent permitted by law, our total liability to you is limited to the balance in your account.</p>
<h3>10. Changes and governing law</h3>
<p>We may change these terms; significant changes are announced on the dashboard. These terms are governed by the laws of India, and the courts of India have exclusive jurisdiction over any dispute. Questions can be sent through the <a href="/contact-us">Contact Us</a> page.</p>
`;

const DMCA = `
<p>{site} respects the intellectual property of others and expects its members and advertisers to do the same. We respond to notices of alleged infringement under the Indian Copyright Act, 1957, the Information Technology Act, 2000 and, for rights holders abroad, the United States Digital Millennium Copyright Act (DMCA).</p>
<h3>Reporting infringing content</h3>
<p>Advertisements, links and videos shown on the site are supplied by advertisers and partners. If you believe any of them infringes your copyright, send us a notice through the <a href="/contact-us">Contact Us</a> page with the subject "Copyright notice", including:</p>
<ol>
<li>your name, address, telephone number and e-mail address;</li>
<li>a description of the copyrighted work you say is infringed;</li>
<li>the exact location of the material on our site (the page and the ad title or link);</li>
<li>a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law;</li>
<li>a statement that the information in your notice is accurate and that you are the owner or authorised to act for the owner;</li>
<li>your physical or electronic signature.</li>
</ol>
<h3>What we do</h3>
<p>On receiving a complete notice we remove or disable access to the material, usually within 36 hours, and inform the advertiser or member who supplied it. Members or advertisers who repeatedly post infringing material will have their campaigns removed and their accounts closed.</p>
<h3>Counter-notice</h3>
<p>If your material was removed and you believe this was a mistake or that you have the right to use it, you may send a counter-notice through the same page with your contact details, identification of the removed material, and a statement under penalty of perjury that it was removed by mistake. We may restore the material unless the complainant informs us that they have started legal proceedings.</p>
<p>Please note that knowingly sending a false notice or counter-notice may make you liable for damages.</p>
`;

export const POLICIES = { privacy_policy: PRIVACY, terms_of_use: TERMS, dmca: DMCA } as const;
