/**
 * The payer's tax (issue 44 §6): the member's Tax page (PAN, the year's totals, the tax on the next
 * withdrawal, certificates), the printable certificate, and the withdraw page's gross, tax and net.
 */
const tax = {
  titles: {
    page: "Tax",
    certificate: "Tax certificate",
  },
  page: {
    heading: "Tax",
    intro:
      "As the payer, we must deduct tax (TDS) from some of what we pay you and report it with your PAN. The tax is taken from a withdrawal when you request it, and shown before you confirm.",
    off: "No tax is deducted on this site at present.",
    notAdvice: "This page is not tax advice.",
  },
  pan: {
    heading: "Your PAN",
    label: "PAN",
    hint: "Five letters, four digits, one letter, as on your PAN card (the fourth letter is P).",
    saved: "Saved: {{pan}}",
    none: "No PAN saved yet. Without a PAN, tax is deducted at a higher rate.",
    save: "Save PAN",
    success: "PAN saved.",
    required: "A PAN is needed once your withdrawals this financial year pass {{amount}}.",
    format: "Please enter a valid PAN: five letters, four digits, one letter (like ABCPE1234F).",
  },
  totals: {
    heading: "This financial year ({{fy}})",
    kind: "Income",
    gross: "Earned",
    tax: "Tax deducted",
    withdrawn: "Withdrawn this year: {{amount}}",
  },
  due: {
    heading: "Tax on your next withdrawal",
    none: "No tax is due on your next withdrawal.",
    total: "Your next withdrawal will have {{amount}} deducted as tax:",
    line: "{{kind}}: {{rate}}% of {{gross}} = {{tax}}",
  },
  kinds: {
    task: "Task earnings",
    referral: "Referral commission",
    prize: "Game prizes",
    adjustment: "Adjustments",
  },
  certificates: {
    heading: "Certificates",
    none: "No tax has been deducted from you yet.",
    link: "{{fy}}, quarter {{quarter}}: {{tax}}",
  },
  certificate: {
    heading: "Certificate of tax deducted",
    period: "Financial year {{fy}}, quarter {{quarter}}",
    member: "Member",
    memberId: "Member ID",
    pan: "PAN",
    noPan: "None given",
    date: "Date",
    kind: "Income",
    gross: "Amount",
    rate: "Rate",
    tax: "Tax deducted",
    withdrawal: "Withdrawal",
    total: "Total",
    none: "Nothing was deducted in this quarter.",
    print: "Print",
    back: "Back to Tax",
  },
  withdraw: {
    gross: "Amount",
    tax: "Tax deducted (TDS)",
    net: "You receive",
    exceedsTitle: "Amount too small",
    exceeds:
      "Tax of {{amount}} is due on your income this financial year and is taken from this withdrawal: please withdraw more than that.",
    panTitle: "PAN needed",
    taxPage: "Tax and PAN",
    recordTax: "Asked {{gross}}, tax deducted {{tax}}",
  },
};

export default tax;
