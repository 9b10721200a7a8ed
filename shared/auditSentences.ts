/**
 * The audit trail read as sentences (issue 45 §3): every action name the API records, with the
 * sentence the console shows for it. `{actor}` is the operator (name and roles), `{target}` what
 * was changed (linked to its console page), `{member}` the member it concerns when that is not the
 * target itself (a withdrawal's or an adjustment's member). An action without a sentence here is
 * shown as it is recorded (tests/unit/console-words.test.ts fails for one the API writes).
 */
export const AUDIT_SENTENCES: Readonly<Record<string, string>> = {
  // Withdrawals and payouts
  "withdrawal.approve": "{actor} approved withdrawal {target} for {member}",
  "withdrawal.approve_first": "{actor} gave the first of two approvals to withdrawal {target} for {member}",
  "withdrawal.bank_file": "{actor} approved withdrawal {target} for {member} into a bank file",
  "withdrawal.mark_paid": "{actor} marked withdrawal {target} for {member} paid",
  "withdrawal.reject": "{actor} rejected withdrawal {target} for {member}",
  "withdrawal.resend": "{actor} sent withdrawal {target} for {member} again",
  "payouts.bank_file": "{actor} made bank file {target}",
  "payouts.bank_result": "{actor} recorded the bank's result for bank file {target}",
  "payouts.policy": "{actor} changed the payout limits ({target})",
  "payouts.webhook_retention": "{actor} changed how long the payout webhook log is kept ({target})",
  // Members
  "member.hold": "{actor} held the withdrawals of {target}",
  "member.hold.release": "{actor} released the withdrawals of {target}",
  "member.suspend": "{actor} suspended the earning of {target}",
  "member.suspend.lift": "{actor} lifted the suspension of {target}",
  "member.ban": "{actor} banned {target}",
  "member.ban.lift": "{actor} lifted the ban of {target}",
  "member.sessions.end": "{actor} ended the sessions of {target}",
  "member.note": "{actor} wrote a note on {target}",
  "member.pan": "{actor} recorded the PAN of {target}",
  "member.under_age": "{actor} closed {target} as under 18",
  "member.erase": "{actor} erased {target}",
  "adjustment.post": "{actor} adjusted the balance of {target}",
  "adjustment.request": "{actor} asked for a balance adjustment of {target}",
  "adjustment.approve": "{actor} approved adjustment {target} for {member}",
  "adjustment.reject": "{actor} rejected adjustment {target} for {member}",
  "rights_request.answer": "{actor} answered data-rights request {target}",
  "rights_request.days": "{actor} changed the days to answer data-rights requests ({target})",
  // Risk
  "risk.clear": "{actor} cleared the risk signals of {target}",
  "risk.bulk.hold": "{actor} held the withdrawals of members linked to {target}",
  "risk.bulk.ban": "{actor} banned members linked to {target}",
  "risk.settings": "{actor} changed the risk settings ({target})",
  // Operators
  "operator.create": "{actor} made {target} an operator",
  "operator.promote": "{actor} made {target} an operator",
  "operator.roles": "{actor} changed the roles of operator {target}",
  "operator.remove": "{actor} removed operator {target}",
  // Support
  "support.reply": "{actor} replied to message {target} from {member}",
  "support.status": "{actor} changed the status of message {target} from {member}",
  "support.canned.create": "{actor} added canned reply {target}",
  "support.canned.update": "{actor} changed canned reply {target}",
  "support.canned.delete": "{actor} deleted canned reply {target}",
  "grievance.officer": "{actor} named the grievance officer ({target})",
  "breach.notice": "{actor} recorded breach {target} and noticed the members",
  "breach.board_notified": "{actor} recorded that the board was told of breach {target}",
  // Content
  "content.announcement.create": "{actor} added announcement {target}",
  "content.announcement.update": "{actor} changed announcement {target}",
  "content.announcement.delete": "{actor} deleted announcement {target}",
  "content.announcement.move": "{actor} moved announcement {target}",
  "content.faq.create": "{actor} added FAQ item {target}",
  "content.faq.update": "{actor} changed FAQ item {target}",
  "content.faq.delete": "{actor} deleted FAQ item {target}",
  "content.faq.move": "{actor} moved FAQ item {target}",
  "content.home_section.create": "{actor} added home section {target}",
  "content.home_section.update": "{actor} changed home section {target}",
  "content.home_section.delete": "{actor} deleted home section {target}",
  "content.home_section.move": "{actor} moved home section {target}",
  "content.policy.update": "{actor} changed policy page {target}",
  "content.instructions.update": "{actor} changed the instructions ({target})",
  "content.text.update": "{actor} changed a page text ({target})",
  "content.stats_base.update": "{actor} changed the home statistics' starting numbers ({target})",
  // Earning
  "campaign.pause": "{actor} paused campaign {target}",
  "campaign.reject": "{actor} rejected campaign {target}",
  "ptc_settings.update": "{actor} changed the ad settings ({target})",
  "gift_code.create": "{actor} made gift code {target}",
  "gift_code.disable": "{actor} disabled gift code {target}",
  "shortener.create": "{actor} added shortener {target}",
  "shortener.update": "{actor} changed shortener {target}",
  "short_link.create": "{actor} added short link {target}",
  "short_link.update": "{actor} changed short link {target}",
  "short_link_settings.update": "{actor} changed the short-link settings ({target})",
  "offer_wall.create": "{actor} added task wall {target}",
  "offer_wall.update": "{actor} changed task wall {target}",
  "postback.test": "{actor} sent a test postback to task wall {target}",
  "postback.replay": "{actor} replayed postback {target}",
  "postback.retention": "{actor} changed how long the postback log is kept ({target})",
  "games.paid_rooms": "{actor} switched paid game rooms ({target})",
  "games.room_type.create": "{actor} added game room {target}",
  "games.room_type.update": "{actor} changed game room {target}",
  "payout_method.create": "{actor} added payout method {target}",
  "payout_method.update": "{actor} changed payout method {target}",
  // Settings
  "settings.update": "{actor} changed the referral rate ({target})",
  "settings.tax": "{actor} changed the tax settings ({target})",
  "settings.payout_time": "{actor} changed the payout time ({target})",
  "settings.adjustment_approval_threshold": "{actor} changed the adjustment approval threshold ({target})",
  "settings.gift_code_four_eyes_above": "{actor} changed the gift-code threshold ({target})",
  "limits.apply": "{actor} changed a money limit ({target})",
  "limits.cancel": "{actor} cancelled a scheduled money-limit raise ({target})",
  "privacy.age_check": "{actor} changed the age check ({target})",
  "retention.days": "{actor} changed how long records are kept ({target})",
  "retention.dormant": "{actor} changed the dormant-account rule ({target})",
};

/** One piece of an audit sentence: words, or a placeholder the console fills (with a link). */
export type SentencePart = { text: string } | { slot: "actor" | "target" | "member" };

/** The sentence of an action, cut into words and placeholders; null when the action has none. */
export function auditSentence(action: string): SentencePart[] | null {
  const template = AUDIT_SENTENCES[action];
  if (!template) return null;
  return template
    .split(/(\{actor\}|\{target\}|\{member\})/)
    .filter((p) => p !== "")
    .map((p) =>
      p === "{actor}" || p === "{target}" || p === "{member}"
        ? { slot: p.slice(1, -1) as "actor" | "target" | "member" }
        : { text: p },
    );
}

/** Where an audit target opens in the console, and its words when no name was found for it. */
export function auditTargetPage(
  target: string,
  memberId: string | null,
): { href: string | null; text: string } {
  const colon = target.indexOf(":");
  const kind = colon < 0 ? target : target.slice(0, colon);
  const id = colon < 0 ? "" : target.slice(colon + 1);
  const at = (href: string | null, text = id) => ({ href, text });
  const ofMember = (tab: string) =>
    memberId ? `/admin/members/${encodeURIComponent(memberId)}?tab=${tab}` : null;
  switch (kind) {
    case "member":
    case "user":
      return at(`/admin/members/${encodeURIComponent(id)}`);
    case "withdrawal":
      return at(ofMember("withdrawals") ?? "/admin/withdrawals?status=all", id.toUpperCase());
    case "adjustment":
      return at("/admin/adjustments", `#${id}`);
    case "payout_batch":
      return at("/admin/payouts");
    case "contact_message":
      return at(`/admin/messages/${encodeURIComponent(id)}`, `#${id}`);
    case "canned_reply":
      return at("/admin/messages", `#${id}`);
    case "campaign":
      return at(`/admin/campaigns/${encodeURIComponent(id)}`);
    case "announcement":
      return at("/admin/content/announcements", `#${id}`);
    case "faq":
      return at("/admin/content/faq", `#${id}`);
    case "home_section":
      return at("/admin/content/home", `#${id}`);
    case "policy":
      return at("/admin/content/policies");
    case "gift_code":
      return at("/admin/gift-codes", `#${id}`);
    case "shortener":
    case "short_link":
      return at("/admin/short-links", `#${id}`);
    case "offer_wall":
      return at("/admin/task-walls");
    case "postback":
      return at("/admin/postbacks", `#${id}`);
    case "game_room_type":
      return at("/admin/games", `#${id}`);
    case "payout_method":
      return at("/admin/payout-methods", `#${id}`);
    case "breach":
      return at("/admin/breach", `#${id}`);
    case "rights_request":
      return at("/admin/rights-requests", `#${id}`);
    case "settings":
      return at(SETTING_PAGES[id] ?? "/admin/settings", id.replace(/_/g, " "));
    default:
      return at(null, target);
  }
}

/** Settings kept on their own console page (the rest are on /admin/settings). */
const SETTING_PAGES: Record<string, string> = {
  risk_policy: "/admin/risk/settings",
  tax: "/admin/tax",
  payout_policy: "/admin/payouts",
  payout_webhook_log_retention_days: "/admin/payouts",
  adjustment_approval_threshold: "/admin/adjustments",
  gift_code_four_eyes_above: "/admin/gift-codes",
  ptc: "/admin/ads",
  shortlinks: "/admin/short-links",
  games_paid_rooms: "/admin/games",
  postback_log_retention_days: "/admin/postbacks",
  retention_days: "/admin/retention",
  dormant_after_days: "/admin/retention",
  age_check: "/admin/settings/privacy",
  rights_request_days: "/admin/rights-requests",
  withdrawal_instructions: "/admin/content/instructions",
  convert_instructions: "/admin/content/instructions",
  ptc_instructions: "/admin/content/instructions",
  offerwall_instructions: "/admin/content/instructions",
  shortlink_instructions: "/admin/content/instructions",
  public_stats_base: "/admin/content/texts",
  referral_page_text: "/admin/content/texts",
  gift_code_page_message: "/admin/content/texts",
};
