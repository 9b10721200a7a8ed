import fc from "fast-check";
import { test, expect, E2E_ORIGIN, apiLogin, testBudget } from "./fixtures";
import { siteRoutes, urlFor } from "./site-pages";

/**
 * Every form action, as a visitor, a member and an operator, receives missing, extra and
 * wrong-typed fields, control characters and lone surrogates, huge strings, repeated fields and
 * odd numbers. Whatever it is sent, it answers below 500 and never shows the fallback screen.
 * Fixed seed: the same inputs every run.
 */
/**
 * Every route that exports an action, from the build's route table (tests/e2e/site-pages.ts): a
 * route gaining an action is fuzzed without a line written for it, and one whose path has
 * parameters and no example URL there fails the run.
 */
async function actionUrls(): Promise<string[]> {
  return (await siteRoutes())
    .filter((r) => r.hasAction)
    .map((r) => urlFor({ ...r, url: r.postUrl }, "not-a-member"));
}

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

test("the fuzz below reaches the routes with actions of every audience", async () => {
  const urls = await actionUrls();
  expect(urls.length).toBeGreaterThan(40);
  for (const url of ["/login", "/member/withdraw", "/admin/withdrawals", "/?index", "/admin?index"])
    expect(urls).toContain(url);
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

test("every form action answers bad input with a 4xx or a normal page, never a 500", async ({
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
  for (const path of await actionUrls()) {
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
