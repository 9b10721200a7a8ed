import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { test, expect, E2E_ORIGIN, apiLogin, testBudget } from "./fixtures";

/**
 * Every form action, as a visitor, a member and an operator, receives missing, extra and
 * wrong-typed fields, control characters and lone surrogates, huge strings, repeated fields and
 * odd numbers. Whatever it is sent, it answers below 500 and never shows the fallback screen.
 * Fixed seed: the same inputs every run.
 */
/**
 * Every route module that exports an action (app/routes), with a path that reaches it. The test
 * below fails when a route gains an action without a line here.
 */
const ACTIONS: Record<string, string> = {
  "_public._index.tsx": "/?index",
  "_public.contact-us.tsx": "/contact-us",
  "_public.forgot-password.tsx": "/forgot-password",
  "_public.login.tsx": "/login",
  "_public.password-reset-form.$token.tsx": "/password-reset-form/not-a-token",
  "_public.signup.tsx": "/signup",
  "_public.signup_.ref.$id.tsx": "/signup/ref/demo",
  "auth.google.tsx": "/auth/google",
  "demo-wall.tsx": "/demo-wall?user_id=demo",
  "admin._index.tsx": "/admin?index",
  "admin.ads.tsx": "/admin/ads",
  "admin.campaigns.tsx": "/admin/campaigns",
  "admin.content.announcements.tsx": "/admin/content/announcements",
  "admin.content.faq.tsx": "/admin/content/faq",
  "admin.content.home.tsx": "/admin/content/home",
  "admin.content.instructions.tsx": "/admin/content/instructions",
  "admin.content.policies.tsx": "/admin/content/policies",
  "admin.content.texts.tsx": "/admin/content/texts",
  "admin.games.tsx": "/admin/games",
  "admin.adjustments.tsx": "/admin/adjustments",
  "admin.members_.$id.tsx": "/admin/members/not-a-member",
  "admin.members_.$id_.actions.tsx": "/admin/members/not-a-member/actions",
  "admin.members_.$id_.adjust.tsx": "/admin/members/not-a-member/adjust",
  "admin.members_.$id_.risk.tsx": "/admin/members/not-a-member/risk",
  "admin.risk_.settings.tsx": "/admin/risk/settings",
  "admin.gift-codes.tsx": "/admin/gift-codes",
  "admin.messages.tsx": "/admin/messages",
  "admin.messages_.$id.tsx": "/admin/messages/1",
  "admin.payout-methods.tsx": "/admin/payout-methods",
  "admin.payouts.tsx": "/admin/payouts",
  "admin.postbacks.tsx": "/admin/postbacks",
  "admin.settings.tsx": "/admin/settings",
  "admin.short-links.tsx": "/admin/short-links",
  "admin.task-walls.tsx": "/admin/task-walls",
  "admin.withdrawals.tsx": "/admin/withdrawals",
  "member.balance-converter.tsx": "/member/balance-converter",
  "member.gift-code.tsx": "/member/gift-code",
  "member.logout.tsx": "/member/logout",
  "member.profile.tsx": "/member/profile",
  "member.settings.tsx": "/member/settings",
  "member.support.tsx": "/member/support",
  "member.withdraw.tsx": "/member/withdraw",
  "member.ptc-ads.tsx": "/member/ptc-ads",
  "member.waitRedirecting.tsx": "/member/waitRedirecting/?link=https%3A%2F%2Fads.example%2F&view=not-a-view",
  "member.iframe.tsx": "/member/iframe/?link=https%3A%2F%2Fads.example%2F%7C%7C10&view=not-a-view",
  "member.advertiser.tsx": "/member/advertiser",
  "member.advertiser_.create.tsx": "/member/advertiser/create",
  "member.click-shorten-link.tsx": "/member/click-shorten-link",
  "member.last-page.$token.tsx": "/member/last-page/not-a-token",
  "member.task-wall.tsx": "/member/task-wall",
  "member.betting-games_.tic-tac-toe.tsx": "/member/betting-games/tic-tac-toe",
  "member.betting-games_.tic-tac-toe_.play.$roomId.tsx":
    "/member/betting-games/tic-tac-toe/play/not-a-room?type=practice",
};

/** Field names the forms use, and a few they do not. */
const FIELDS = [
  "intent",
  "amount",
  "request_id",
  "direction",
  "email_userName",
  "password",
  "confirmPassword",
  "confirm_password",
  "currentPassword",
  "newPassword",
  "loginRemember_state",
  "name",
  "mobile_number",
  "email_address",
  "subject",
  "message",
  "consent",
  "code",
  "giftCode",
  "amount",
  "claim_limit",
  "expires_at",
  "details",
  "body",
  "wallId",
  "offerName",
  "completedAt",
  "minimum_amount",
  "active",
  "id",
  "status",
  "remark",
  "referral_rate",
  "address",
  "city",
  "state",
  "zip_code",
  "withdrawal_method",
  "withdrawal_account_information",
  "mode",
  "terms",
  "ref",
  "human_check_answer",
  "altcha",
  "btnName",
  "viewToken",
  "sound",
  "tab",
  "op",
  "_id",
  "nav",
  "step",
  "selectedOption_state",
  "step_2_url",
  "step_3_total_views",
  "window",
  "minimum_views",
  "member_share",
  "linkId",
  "shortnerDomain",
  "filter",
  "shortenerId",
  "timeLabel",
  "clicksPerDay",
  "sortOrder",
  "howToComplete",
  "minSeconds",
  "expiryMinutes",
  "instructions",
  "apiUrl",
  "apiKey",
  "kind",
  "on",
  "edit",
  "verdict",
  "wall",
  "offer_id",
  "user_id",
  "type",
  "cell",
  "version",
  "back",
  "__proto__",
  "constructor",
  "unexpected_field",
  // The content editor's forms.
  "form",
  "question",
  "answer",
  "title",
  "html",
  "list",
  "index",
  "expected",
  "users",
  // The members console's forms.
  "action",
  "note",
  "reason",
  "pending",
  "requestKey",
  "balance",
  "threshold",
  "summary",
  // Risk: the member's risk page, the settings, the payout queue's confirm step, the task-wall editor.
  "member",
  "bulk",
  "weight_shared_device",
  "weight_shared_payout",
  "flag",
  "hold",
  "suspend",
  "ban",
  "autoSuspend",
  "autoBan",
  "sameDevicePolicy",
  "firstWithdrawalWaitDays",
  "claimsPerHourLimit",
  "confirmRisk",
  "goalParam",
  "pendingStatuses",
  "debugParam",
  "holdDays",
  "holdThreshold",
  // Payouts: the queue's selection and confirm steps, the policy, a bank result import.
  "ids",
  "confirmed",
  "utr",
  "daily_limit",
  "four_eyes_above",
  "threshold",
  "result",
];

test("@any-viewport @needs-js the fuzz below reaches every route that has an action", () => {
  const dir = "app/routes";
  // A route is a file, or a folder whose route.tsx is the module (named here as the file it was).
  const routes = readdirSync(dir, { withFileTypes: true }).map((e) =>
    e.isDirectory()
      ? { name: `${e.name}.tsx`, file: `${dir}/${e.name}/route.tsx` }
      : { name: e.name, file: `${dir}/${e.name}` },
  );
  const withAction = routes
    .filter((r) => /^export (async function|function|const) action\b/m.test(readFileSync(r.file, "utf8")))
    .map((r) => r.name)
    .sort();
  expect(withAction.length).toBeGreaterThan(30);
  expect(Object.keys(ACTIONS).sort()).toEqual(withAction);
});

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "A\u0000b",
    "\u001b[31m",
    "\uD800",
    "x\uDC00",
    "-1",
    "0",
    "1.5",
    "1e309",
    "99999999999999999999",
    "NaN",
    "true",
    "confirm",
    "check",
    "withdrawToDeposit",
    "approve",
    "{}",
    "[]",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    "%",
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant("a".repeat(100_000)),
);

const body = fc.array(fc.tuple(fc.constantFrom(...FIELDS), value), { maxLength: 8 });

test("@any-viewport @needs-js every form action answers bad input with a 4xx or a normal page, never a 500", async ({
  request,
  newMember,
  operator,
}) => {
  test.setTimeout(testBudget(8));
  const member = await newMember();
  const identities = [
    { who: "visitor", cookie: undefined as string | undefined },
    { who: "member", cookie: await apiLogin(member.email, member.password) },
    { who: "operator", cookie: operator.cookie },
  ];
  const samples = fc.sample(body, { seed: 20261123, numRuns: 5 });
  const failures: string[] = [];
  for (const path of Object.values(ACTIONS)) {
    for (const { who, cookie } of identities) {
      // The operator's session is shared by the whole run (one sign-in per run: each code works
      // once), so its logout is left to the visitor and the member.
      if (who === "operator" && path === "/member/logout") continue;
      for (const pairs of samples) {
        const form = new URLSearchParams();
        for (const [k, v] of pairs) form.append(k, v);
        const res = await request.post(path, {
          headers: {
            origin: E2E_ORIGIN,
            "content-type": "application/x-www-form-urlencoded",
            ...(cookie ? { cookie } : {}),
          },
          data: form.toString(),
          maxRedirects: 0,
        });
        const status = res.status();
        const text = status >= 500 || status === 200 ? await res.text() : "";
        if (status >= 500 || text.includes("Upgrade Your Browser"))
          failures.push(`${who} POST ${path} ${JSON.stringify(pairs).slice(0, 300)} → ${status}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // Whatever the forms were sent, the money still adds up (the operator's ledger check).
  const ledger = await request.get("/adminRoute/ledger", { headers: { cookie: operator.cookie } });
  expect(await ledger.json()).toMatchObject({
    success: true,
    msg: { balanced: true, total: 0, negative: [], unbalancedEntries: 0 },
  });
});
