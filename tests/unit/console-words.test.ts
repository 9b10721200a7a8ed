import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLATFORM, campaignEscrowAccount, debtAccount, memberAccount } from "../../api/ledger/accounts";
import { pendingAccount } from "../../api/ledger/holds";
import { gameEscrowAccount } from "../../api/games/escrow";
import { ledgerAccountLabel, memberIdsOfAccounts } from "../../shared/ledgerAccountLabel";
import { AUDIT_SENTENCES, auditSentence, auditTargetPage } from "../../shared/auditSentences";
import { maskAccountInfo, maskPayoutAccount } from "../../shared/payoutAccountMask";
import { maskPayoutAccount as riskMask } from "../../api/risk/payoutAccounts";
import { fillPayoutTime, payoutTimeWords } from "../../shared/payoutTime";
import { riskLevelText } from "../../app/components/admin/risk-level";
import { RISK_LEVELS } from "../../shared/risk";

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/**
 * The audit action names written in api/: string literals given as an audit `action` (or to the
 * task walls' `audited(…)`), and the template literals below, each with the names it can make.
 * A new template fails the test until it is listed here with its names.
 */
const TEMPLATES: Record<string, string[]> = {
  "risk.bulk.${body.action}": ["risk.bulk.hold", "risk.bulk.ban"],
  "content.${AUDIT_NAME[kind]}.move": [
    "content.announcement.move",
    "content.faq.move",
    "content.home_section.move",
  ],
  "member.${action}": [
    "member.sessions.end",
    "member.hold",
    "member.hold.release",
    "member.suspend",
    "member.suspend.lift",
    "member.ban",
    "member.ban.lift",
  ],
  "adjustment.${input.decision}": ["adjustment.approve", "adjustment.reject"],
};
/** A member restriction's own name (api/members/restrictions.ts MemberAction), audited as `member.{name}`. */
const RESTRICTION_NAMES = new Set(["sessions.end", "hold.release", "suspend.lift", "ban.lift"]);

function auditActionsInApi(): string[] {
  const names = new Set<string>();
  for (const file of sources("api")) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\baction:\s*([^,\n}]+)/g))
      for (const l of m[1]!.matchAll(/"([a-z_]+(?:\.[a-z_]+)+)"/g))
        if (!RESTRICTION_NAMES.has(l[1]!)) names.add(l[1]!);
    for (const m of text.matchAll(/\baction:\s*`([^`]*)`/g)) {
      const made = TEMPLATES[m[1]!];
      expect(made, `${file}: the audit action \`${m[1]}\` needs its names in TEMPLATES`).toBeDefined();
      for (const n of made ?? []) names.add(n);
    }
    for (const m of text.matchAll(/\baudited\([^,]+,[^,]+,\s*"([a-z_.]+)"/g)) names.add(m[1]!);
  }
  return [...names].sort();
}

describe("audit entries as sentences", () => {
  it("every action name the API records has a sentence", () => {
    const actions = auditActionsInApi();
    // The grep finds what it must: a few names known to be written.
    expect(actions).toEqual(
      expect.arrayContaining(["withdrawal.approve", "member.ban", "settings.payout_time", "postback.test"]),
    );
    expect(actions.filter((a) => !(a in AUDIT_SENTENCES))).toEqual([]);
  });

  it("a sentence names the actor, the target and the member in order; an unknown action has none", () => {
    expect(auditSentence("withdrawal.approve")).toEqual([
      { slot: "actor" },
      { text: " approved withdrawal " },
      { slot: "target" },
      { text: " for " },
      { slot: "member" },
    ]);
    expect(auditSentence("something.new")).toBeNull();
    for (const [action, template] of Object.entries(AUDIT_SENTENCES))
      expect(template.startsWith("{actor} "), action).toBe(true);
  });

  it("targets link to their console pages", () => {
    expect(auditTargetPage("member:abc", null)).toEqual({ href: "/admin/members/abc", text: "abc" });
    expect(auditTargetPage("withdrawal:6b0b12", "m1")).toEqual({
      href: "/admin/members/m1?tab=withdrawals",
      text: "6B0B12",
    });
    expect(auditTargetPage("withdrawal:6b0b12", null).href).toBe("/admin/withdrawals?status=all");
    expect(auditTargetPage("settings:risk_policy", null)).toEqual({
      href: "/admin/risk/settings",
      text: "risk policy",
    });
    expect(auditTargetPage("contact_message:12", "m1").href).toBe("/admin/messages/12");
    expect(auditTargetPage("odd-target", null)).toEqual({ href: null, text: "odd-target" });
  });
});

describe("ledger accounts in words", () => {
  it("every platform account has its own words", () => {
    for (const id of Object.values(PLATFORM)) {
      const label = ledgerAccountLabel(id);
      expect(label.text, id).not.toBe(id);
      expect(label.text, id).toMatch(/\(platform\)$/);
    }
    expect(ledgerAccountLabel(PLATFORM.earningsFunding).text).toBe("Earnings funding (platform)");
  });

  it("a member's accounts name the member and link to them; the raw id stays", () => {
    const names = { u1: "ravi" };
    expect(ledgerAccountLabel(memberAccount("u1", "withdrawable"), names)).toEqual({
      text: "Withdrawable balance of ravi",
      href: "/admin/members/u1",
      id: "member:u1:withdrawable",
    });
    expect(ledgerAccountLabel(memberAccount("u1", "deposit"), names).text).toBe("Deposit balance of ravi");
    expect(ledgerAccountLabel(debtAccount("u1"), names).text).toBe("Debt of ravi");
    expect(ledgerAccountLabel(pendingAccount("u2")).text).toBe("Credits on hold of a member");
    expect(ledgerAccountLabel(campaignEscrowAccount("c123456789"))).toMatchObject({
      text: "Escrow of campaign c1234567",
      href: "/admin/campaigns/c123456789",
    });
    expect(ledgerAccountLabel(gameEscrowAccount("r987654321")).text).toBe("Escrow of game room r9876543");
    expect(ledgerAccountLabel("platform:something_new").text).toBe("platform:something_new");
    expect(
      memberIdsOfAccounts(["member:a:deposit", "platform:revenue", "member:a:debt", "member:b:pending"]),
    ).toEqual(["a", "b"]);
  });
});

describe("payout accounts masked one way", () => {
  it("the console and the risk summaries use the same mask", () => {
    expect(riskMask).toBe(maskPayoutAccount);
    expect(maskAccountInfo("UPI", "Rahul@OkAxis")).toBe("ra***@okaxis");
    expect(maskAccountInfo("Paytm", "+91 98765-43210")).toBe("98******10");
    expect(maskAccountInfo("Bank Transfer", "123456789012, SBIN0001234")).toBe("********9012 (SBIN0001234)");
    expect(maskAccountInfo("Other", "wallet-id-9")).toBe("wa*******-9");
  });
});

describe("risk steps read as suggestions", () => {
  it("every step above none says Suggested", () => {
    expect(riskLevelText("ban")).toBe("Suggested: ban");
    expect(riskLevelText("hold")).toBe("Suggested: hold");
    for (const level of RISK_LEVELS.filter((l) => l !== "none"))
      expect(riskLevelText(level)).toMatch(/^Suggested: /);
  });
});

describe("the payout time in words", () => {
  it("English and Hindi, one day and several; the placeholder filled everywhere it appears", () => {
    expect(payoutTimeWords(3, "en")).toBe("within 3 working days");
    expect(payoutTimeWords(1, "en")).toBe("within 1 working day");
    expect(payoutTimeWords(3, "hi")).toBe("3 कार्य दिवसों में");
    expect(payoutTimeWords(1, "hi")).toBe("1 कार्य दिवस में");
    expect(fillPayoutTime("Paid {payout_time}; really {payout_time}.", 2, "en")).toBe(
      "Paid within 2 working days; really within 2 working days.",
    );
  });
});
